import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { EXAMPLE_ROBOTS_TXT } from '../src/fixtures/example';
import { AiLensPanel } from './pages/AiLensPanel';
import { BeforeAfterPanel } from './pages/BeforeAfterPanel';
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
/**
 * The dark theme changes colours only (CSS custom properties on the same
 * DOM), so in it axe runs the rules that read colours; every rule runs in
 * the light theme. This halves the spec's time without leaving a rule
 * unchecked in a theme where its answer could differ.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function scan(page: Page, scheme: Scheme): Promise<Found> {
  const axe = new AxeBuilder({ page });
  const result = await (scheme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze();
  const counts: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const severe: string[] = [];
  for (const v of result.violations) {
    counts[v.impact ?? 'minor'] += v.nodes.length;
    if (v.impact === 'serious' || v.impact === 'critical')
      for (const n of v.nodes) severe.push(`${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary}`);
  }
  return { counts, severe };
}

async function expectClean(page: Page, state: string, scheme: Scheme, soft = false): Promise<void> {
  const { counts, severe } = await scan(page, scheme);
  const line = Object.entries(counts)
    .map(([impact, n]) => `${impact} ${n}`)
    .join(', ');
  console.log(`axe ${scheme.padEnd(5)} ${state.padEnd(28)} ${line}`);
  (soft ? expect.soft : expect)(severe, `${state}, ${scheme} theme`).toEqual([]);
}

/**
 * Checks the state on screen in both themes: the light one, then the system
 * switched to dark (the page follows it). Both are scanned before the test
 * fails, so one run reports every theme's violations.
 */
async function expectCleanInBoth(page: Page, state: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expectClean(page, state, scheme, true);
  }
  await page.emulateMedia({ colorScheme: 'light' });
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

// The states added since (issue 10 item 6): one page per state, scanned in both themes.
test.describe('the newer views in both themes', () => {
  test.beforeEach(() => test.setTimeout(240_000));

  test('Before / after with a deployed file and a flip listed has no serious issue', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const lab = await openIn(page, 'light');
    const ba = new BeforeAfterPanel(page);
    await ba.open();
    await ba.pasteDeployed(EXAMPLE_ROBOTS_TXT);
    // GPTBot's Allow: /blog/ narrowed: /blog/spring-sale flips to blocked (written by hand, see before-after.spec.ts).
    await lab.editor.replaceText(EXAMPLE_ROBOTS_TXT.replace('Allow: /blog/\n', 'Allow: /blog/archive/\n'));
    await expect(ba.newlyBlocked).toHaveText('1');
    await expect(ba.flips).toHaveCount(1);
    await page.getByTestId('snapshots').locator('summary').click();
    await expectCleanInBoth(page, 'before/after with a flip');
  });

  test('the AI tab has no serious issue', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const lab = await openIn(page, 'light');
    await lab.editor.replaceText(
      [
        'User-agent: *',
        'Content-Signal: search=yes, ai-train=no',
        '',
        'User-agent: GPTBot',
        'Disallow: /',
        '',
        'User-agent: CCBot',
        'Content-Usage: / train-ai=y',
      ].join('\n'),
    );
    const ai = new AiLensPanel(page);
    await ai.open();
    await expect(ai.bucket('ai-train', 'blocked')).toContainText(['OpenAI line 5']);
    await expectCleanInBoth(page, 'AI tab');
  });

  test('the Sitemaps tab and the sitemap banner have no serious issue', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const lab = await openIn(page, 'light');
    await lab.editor.replaceText(
      [
        'User-agent: *',
        'Disallow: /private/',
        'Sitemap: https://shop.example.com/sitemap.xml',
        'Sitemap: /sitemap2.xml',
      ].join('\n'),
    );
    await page.getByTestId('dock-sitemaps').click();
    await expect(page.getByTestId('sitemap-line')).toHaveCount(2);
    const urls = ['https://shop.example.com/', 'https://shop.example.com/private/a'];
    await lab.bulk.pickFile(
      'sitemap.xml',
      `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
        .map((u) => `<url><loc>${u}</loc></url>`)
        .join('')}</urlset>\n`,
      'application/xml',
    );
    await expect(page.getByTestId('sitemap-banner').getByTestId('sitemap-blocked-count')).toHaveText('1 URL');
    await expectCleanInBoth(page, 'Sitemaps tab + banner');
  });

  test('the Logs tab with a report and a violation shown has no serious issue', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const lab = await openIn(page, 'light');
    await lab.editor.replaceText('User-agent: *\nDisallow: /cart\n');
    await page.getByTestId('dock-logs').click();
    const ua = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';
    const log = `20.15.240.70 - - [01/Sep/2026:00:00:00 +0000] "GET /cart HTTP/1.1" 200 1 "-" "${ua}"\n`;
    await page
      .getByTestId('logs-file')
      .setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(log) });
    await expect(page.getByTestId('logs-report')).toBeVisible();
    await page.getByTestId('logs-violation').first().click();
    await expect(page.getByTestId('logs-shown')).toBeVisible();
    await expectCleanInBoth(page, 'Logs tab');
  });

  test('expectations in the file (gutter marks) and the "readers disagree" filter have no serious issue', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const lab = await openIn(page, 'light');
    // Line 3 holds, line 4 fails, line 5 cannot be read (written by hand, see expectations-in-file.spec.ts).
    await lab.editor.replaceText(
      [
        'User-agent: *',
        'Disallow: /private/',
        '# expect: blocked GPTBot /private/a',
        '# expect: allowed bingbot /private/b',
        '# expect: block googlebot /x',
        'Allow: /private/public',
        'Disallow: /*.cgi',
      ].join('\n'),
    );
    await expect(page.getByTestId('rl-expect')).toHaveText(['✓', '✗', '!']);
    await expectCleanInBoth(page, 'expectation marks');
    await lab.inputs.setUrls(['/', '/private/public/y', '/a.cgi']);
    await page.getByTestId('filter-verdict').selectOption({ label: 'Where readers disagree' });
    await expect(page.getByTestId('view-count')).toHaveText('2 of 3 rows');
    await expectCleanInBoth(page, 'readers-disagree filter');
  });
});
