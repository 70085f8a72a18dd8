import type { Page } from '@playwright/test';
import { ROBOTS_URL } from '../generate';

/** Seeds the saved inputs so the page opens on the benchmark's file and list. */
export async function seed(page: Page, robotsText: string, urlText: string, profiles: string[]): Promise<void> {
  const state = {
    robotsText,
    robotsUrl: ROBOTS_URL,
    urlText,
    crawlers: { profiles, tokens: [] },
    settings: { normalise: true, fetchStatus: 200 },
    selected: null,
  };
  await page.addInitScript(
    (value) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('robots-lab', value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    JSON.stringify({ state, version: 1 }),
  );
}
