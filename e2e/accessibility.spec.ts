import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/**
 * Every main state of the page, checked by axe in the light and the dark
 * theme (the system's choice, which the page follows by default): no serious
 * or critical violation. The counts of every impact are printed per state and
 * theme, so a report can quote them.
 */

type Scheme = 'light' | 'dark';

interface Found {
  counts: Record<string, number>;
  severe: string[];
}

/** Runs axe on the whole page (open shadow roots included: the editors live in them). */
async function scan(page: Page): Promise<Found> {
  const result = await new AxeBuilder({ page }).analyze();
  const counts: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const severe: string[] = [];
  for (const v of result.violations) {
    counts[v.impact ?? 'minor'] += v.nodes.length;
    if (v.impact === 'serious' || v.impact === 'critical')
      for (const n of v.nodes) severe.push(`${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary}`);
  }
  return { counts, severe };
}

async function expectClean(page: Page, state: string, scheme: Scheme): Promise<void> {
  const { counts, severe } = await scan(page);
  const line = Object.entries(counts)
    .map(([impact, n]) => `${impact} ${n}`)
    .join(', ');
  console.log(`axe ${scheme.padEnd(5)} ${state.padEnd(28)} ${line}`);
  expect(severe, `${state}, ${scheme} theme`).toEqual([]);
}

/** Opens the page as a first visit with the system in `scheme`. */
async function openIn(page: Page, scheme: Scheme): Promise<LabPage> {
  await page.emulateMedia({ colorScheme: scheme });
  const lab = new LabPage(page);
  await lab.open();
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
  return lab;
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`in the ${scheme} theme`, () => {
    // A full axe scan takes several seconds on a busy machine, and each test makes a few (this is no speed test).
    test.beforeEach(() => test.setTimeout(240_000));

    test('the first visit, a selected cell with its explanation and the Problems panel have no serious issue', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      const lab = await openIn(page, scheme);
      await expectClean(page, 'first visit', scheme);

      await lab.results.select(1, 1);
      await expect(lab.results.explainReason).toBeVisible();
      await expectClean(page, 'selected cell + explanation', scheme);

      await page.getByTestId('dock-problems').click();
      await expect(page.getByTestId('dock-problems')).toHaveAttribute('aria-selected', 'true');
      await expectClean(page, 'Problems panel', scheme);

      await page.getByTestId('dock-totals').click();
      await expect(page.getByTestId('totals')).toBeVisible();
      await expectClean(page, 'Totals panel', scheme);
    });

    test('the test inputs folded and unfolded have no serious issue', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      const lab = await openIn(page, scheme);
      await lab.inputs.show();
      await expectClean(page, 'inputs expanded', scheme);
      await lab.inputs.hide();
      await expectClean(page, 'inputs collapsed', scheme);
    });

    test('a list of 5,000 imported URLs has no serious issue', async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      const file = testInfo.outputPath('urls.txt');
      writeFileSync(
        file,
        Array.from({ length: 5000 }, (_, i) => `https://example.com/page/${i}?q=${i % 7}`).join('\n'),
      );
      const lab = await openIn(page, scheme);
      await page.getByTestId('url-file').setInputFiles(file);
      await lab.results.expectFinished(5000, 3);
      await expectClean(page, 'large list (5,000 URLs)', scheme);
    });

    test('the phone layout has no serious issue', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const lab = await openIn(page, scheme);
      await expectClean(page, 'phone 390×844', scheme);
      await lab.results.select(2, 0);
      await expect(lab.results.explainReason).toBeVisible();
      await expectClean(page, 'phone, selected cell', scheme);
    });
  });
}
