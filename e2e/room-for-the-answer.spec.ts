import { expect, type Page, test } from '@playwright/test';
import { marketplaceRobots, marketplaceUrls } from './fixtures/marketplace-robots';
import { shootAtEverySize } from './fixtures/screens';
import { LabPage } from './pages/LabPage';

// A site owner with a marketplace-sized robots.txt pastes 20 URLs and checks six crawlers on a
// 1280×720 laptop: the verdicts must fit on the screen, and the answer's panel must grow for
// the totals and the AI tab.

const CRAWLERS: [string, string][] = [
  ['Googlebot', 'googlebot'],
  ['Bingbot', 'bingbot'],
  ['GPTBot', 'gptbot'],
  ['ClaudeBot', 'claudebot'],
  ['CCBot', 'ccbot'],
  ['PerplexityBot', 'perplexitybot'],
];

/** Pastes `text` into the URL list as a user's paste does: the event crosses the editor's shadow root. */
async function pasteUrls(page: Page, text: string) {
  const target = page.getByTestId('url-list');
  await target.click();
  await page.keyboard.press('ControlOrMeta+A');
  await target.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }),
    );
  }, text);
}

/** Result rows wholly inside the grid's box and the window. */
async function fullyVisibleRows(lab: LabPage): Promise<number> {
  return lab.results.grid.evaluate((grid) => {
    const g = grid.getBoundingClientRect();
    return Array.from(grid.querySelectorAll('[data-testid="result-row"]')).filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= g.top && r.bottom <= g.bottom + 1 && r.bottom <= window.innerHeight;
    }).length;
  });
}

/** Crawler column headers wholly inside the grid's box, with no sideways scroll needed. */
async function fullyVisibleColumns(lab: LabPage): Promise<number> {
  return lab.results.grid.evaluate((grid) => {
    const g = grid.getBoundingClientRect();
    return Array.from(grid.querySelectorAll('[data-testid="crawler-header"]')).filter((h) => {
      const r = h.getBoundingClientRect();
      return r.left >= g.left - 1 && r.right <= g.right + 1;
    }).length;
  });
}

test('at 1280×720, 20 pasted URLs × 6 crawlers show at least 8 rows and every crawler column without scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(marketplaceRobots());
  await lab.inputs.clearCrawlers();
  for (const [name, id] of CRAWLERS) await lab.inputs.chooseProfile(name, id);
  await pasteUrls(page, marketplaceUrls(20).join('\n'));
  await lab.results.expectFinished(20, 6);

  // The inputs fold once the pasted list has its verdicts; the focus waits on the button that opens them.
  const toggle = page.getByTestId('inputs-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(page.getByTestId('inputs-folded-note')).toHaveText('Folded to show the verdicts.');
  await expect(page.locator('.inputs-summary')).toContainText('20 URLs · 6 crawlers');

  expect(await fullyVisibleRows(lab)).toBeGreaterThanOrEqual(8);
  expect(await fullyVisibleColumns(lab)).toBe(6);
  expect(await lab.results.grid.evaluate((g) => g.scrollWidth <= g.clientWidth + 1)).toBe(true);

  // A compact cell: the verdict and its line; the rule is in its title. "/" is allowed for Googlebot by no rule.
  await expect(lab.results.cell(0, 0).getByTestId('cell-rule')).toHaveText('no rule');
  // PerplexityBot's own group blocks everything at line 1579 + its Disallow: / (written by hand from the generator).
  const perplexity = lab.results.cell(3, 5);
  await expect(perplexity).toHaveAttribute('data-verdict', 'blocked');
  await expect(perplexity).toHaveAttribute('title', /^line \d+ · Disallow: \/$/);
  await shootAtEverySize(page, 'room', 'grid');

  // Totals in the wide pane: the rule's text comes first and is not cut.
  await page.getByTestId('dock-totals').click();
  await page.getByTestId('dock-widen').click();
  await expect(page.getByTestId('dock-widen')).toHaveAttribute('aria-pressed', 'true');
  const dock = await page.getByTestId('dock').boundingBox();
  expect(dock?.width ?? 0).toBeGreaterThan(700);
  const firstBar = page.getByTestId('rule-bar').first();
  await expect(firstBar.locator('.bar-label')).toHaveText(/^(Allow|Disallow): \S* line \d+$/);
  expect(await firstBar.locator('code').evaluate((c) => c.scrollWidth <= c.clientWidth + 1)).toBe(true);
  await shootAtEverySize(page, 'room', 'totals-wide');

  // The AI tab puts the intents first: on screen without scrolling the panel.
  await page.getByTestId('dock-ai').click();
  const intents = page.getByTestId('ai-intents');
  await expect(intents).toBeVisible();
  expect(
    await intents.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight - 60;
    }),
  ).toBe(true);
  await shootAtEverySize(page, 'room', 'ai-wide');

  // Back: the verdicts return, and a selected cell's explanation narrows the panel again.
  await page.getByTestId('dock-widen').click();
  await expect(lab.results.grid).toBeVisible();
  await lab.results.select(3, 5);
  await expect(lab.results.explainReason).toContainText('Disallow: /');
});

test('at 1280×720, a list of 20 URLs opened from a file folds the inputs as a paste does', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(marketplaceRobots());
  await lab.inputs.clearCrawlers();
  for (const [name, id] of CRAWLERS) await lab.inputs.chooseProfile(name, id);
  await lab.bulk.pickFile('urls.txt', `${marketplaceUrls(20).join('\n')}\n`);
  await expect(lab.bulk.importNote).toHaveText('Loaded 20 URLs from urls.txt.');
  await lab.results.expectFinished(20, 6);

  const toggle = page.getByTestId('inputs-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // What the import said stays in sight: the folded bar repeats it.
  await expect(page.getByTestId('inputs-folded-note')).toHaveText(
    'Loaded 20 URLs from urls.txt. Folded to show the verdicts.',
  );
  expect(await fullyVisibleRows(lab)).toBeGreaterThanOrEqual(8);
  expect(await fullyVisibleColumns(lab)).toBe(6);
  await shootAtEverySize(page, 'room', 'imported');
});

test('on a phone, the first verdicts are on the first screen: the inputs start folded to their summary', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const lab = new LabPage(page);
  await page.goto('./');
  await expect(lab.results.status).toContainText('evaluated');
  await expect(page.getByTestId('inputs-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('.inputs-summary')).toContainText('13 URLs · 3 crawlers');
  // The first row of verdicts is wholly on the first screen, without scrolling the page.
  const row = await lab.results.rows().first().boundingBox();
  expect(row && row.y + row.height, JSON.stringify(row)).toBeLessThanOrEqual(844);
  await page.screenshot({ path: 'test-results/room/phone-first-screen.png' });
  // One tap brings the inputs back.
  await page.getByTestId('inputs-toggle').click();
  await expect(page.getByTestId('url-list')).toBeVisible();
});

/** The example at 1280×720 with `n` product tokens typed (Bot0, Bot1, …) beside its three crawlers. */
async function withTypedTokens(page: Page, n: number): Promise<LabPage> {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  await lab.open();
  for (let i = 0; i < n; i++) await lab.inputs.addToken(`Bot${i}`);
  return lab;
}

test('at 1280×720, many typed tokens stay inside the crawler picker and the last one can be reached', async ({
  page,
}) => {
  const lab = await withTypedTokens(page, 18);
  await expect(page.getByTestId('token-chip')).toHaveCount(18);
  // The picker holds its chips: they fit, or it clips and scrolls them, never spilling over the settings below.
  const picker = page.getByTestId('crawler-picker');
  const held = await picker.evaluate(
    (el) => el.scrollHeight <= el.clientHeight + 1 || getComputedStyle(el).overflowY !== 'visible',
  );
  expect(held).toBe(true);
  // The last token is reached inside the picker's box.
  const last = lab.inputs.tokenChip('Bot17');
  await last.scrollIntoViewIfNeeded();
  const box = (await picker.boundingBox())!;
  const chip = (await last.boundingBox())!;
  const middle = chip.y + chip.height / 2;
  expect(middle).toBeGreaterThan(box.y);
  expect(middle).toBeLessThan(box.y + box.height);
  await shootAtEverySize(page, 'room', 'many-tokens');
});

test('with 21 crawler columns, the URL stays at the grid’s left edge while the verdicts scroll sideways under it', async ({
  page,
}) => {
  const lab = await withTypedTokens(page, 18);
  await expect(lab.results.grid.getByTestId('crawler-header')).toHaveCount(21);
  await lab.results.grid.locator('[role=gridcell]').first().click();
  await page.keyboard.press('End');
  /** The grid's box, the first row's URL cell, and the active cell, as the user sees them. */
  const boxes = () =>
    lab.results.grid.evaluate((grid) => {
      const box = (el: Element | null) => el?.getBoundingClientRect() ?? null;
      return {
        scrolled: grid.scrollLeft,
        grid: box(grid),
        url: box(grid.querySelector('[data-testid="result-row"] [role=rowheader]')),
        active: box(grid.querySelector('.cell.active')),
      };
    });
  await expect.poll(async () => (await boxes()).scrolled).toBeGreaterThan(0);
  let b = await boxes();
  // Scrolled to the last column, the URL is still drawn at the left edge.
  expect(Math.abs(b.url!.left - b.grid!.left)).toBeLessThan(3);
  expect(b.active!.right).toBeLessThanOrEqual(b.grid!.right + 1);
  // Moving back left, the active cell stops beside the URL, never under it.
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  b = await boxes();
  expect(b.active!.left).toBeGreaterThanOrEqual(b.url!.right - 1);
  expect(Math.abs(b.url!.left - b.grid!.left)).toBeLessThan(3);
  await shootAtEverySize(page, 'room', 'sticky-url');
});
