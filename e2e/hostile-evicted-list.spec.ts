import { expect, test } from '@playwright/test';
import { PERSIST_VERSION } from '../src/state/inputs';
import { LabPage } from './pages/LabPage';

/**
 * A saved URL list the browser evicted from IndexedDB (issue 8): localStorage
 * still says a list of 250,000 URLs was kept there, IndexedDB no longer has
 * it. The page says so beside the URL list instead of showing nothing.
 */
test('a saved list the browser no longer stores is named, with how to get it back', async ({ page }) => {
  await page.addInitScript((version) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    const state = {
      robotsText: 'User-agent: *\nDisallow: /private\n',
      robotsUrl: '',
      urlText: '',
      crawlers: { profiles: ['googlebot'], tokens: [] },
      settings: { normalise: true, fetchStatus: 200 },
      selected: null,
    };
    localStorage.setItem(
      'robots-lab',
      JSON.stringify({ state, version, external: ['urlText'], counts: { urlText: 250_000 } }),
    );
  }, PERSIST_VERSION);
  const lab = new LabPage(page);
  await page.goto('./');
  await lab.inputs.show();
  await expect(page.getByTestId('list-notice')).toHaveText(
    'Your saved list of 250,000 URLs is no longer stored by this browser; import it again.',
  );
  // The rest of what was saved is back.
  await expect.poll(() => lab.editor.text()).toBe('User-agent: *\nDisallow: /private\n');
  // A new list replaces the notice.
  await lab.inputs.setUrls(['/private/x']);
  await expect(page.getByTestId('list-notice')).toHaveCount(0);
  await lab.results.expectFinished(1, 1);
});
