import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/**
 * The page from the keyboard alone: a skip link to the verdicts, cells
 * chosen with the arrow keys and spoken by the live region, line links into
 * the editor, a visible focus at every stop, and the theme switch.
 * Expected sentences are written by hand from the example file
 * (src/fixtures/example.ts): Googlebot's group is lines 4–8.
 */

/** The focused element, looking inside the editors' shadow roots. */
function deepFocus(page: Page) {
  return page.evaluate(() => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a ? { tag: a.tagName, testid: a.getAttribute('data-testid'), cls: a.className } : null;
  });
}

test('Tab reaches the skip link, which jumps to the verdicts; arrow keys choose a cell and the live region says why', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to the results' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(lab.results.grid).toBeFocused();

  // The example starts on /checkout/step-1 × Googlebot; one row down is the search page.
  await page.keyboard.press('ArrowDown');
  await expect(lab.results.cell(4, 0)).toHaveAttribute('aria-selected', 'true');
  const announcer = page.getByTestId('announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toHaveText(
    'Googlebot, https://shop.example.com/search?q=shoes: blocked by line 8, Disallow: /search, in the group of lines 4–8.',
  );
  await page.keyboard.press('ArrowRight');
  await expect(lab.results.cell(4, 1)).toHaveAttribute('aria-selected', 'true');
  await expect(announcer).toHaveText(
    'Googlebot-Image, https://shop.example.com/search?q=shoes: blocked by line 8, Disallow: /search, in the group of lines 4–8.',
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(lab.results.cell(5, 2)).toHaveAttribute('aria-selected', 'true');
  await expect(announcer).toHaveText(
    'GPTBot, https://shop.example.com/search/about: blocked by line 15, Disallow: /, in the group of lines 14–16.',
  );
  // The grid kept the focus all along.
  await expect(lab.results.grid).toBeFocused();
});

test('the results grid has grid semantics: counts, rows, header cells, the selected cell', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  const grid = lab.results.grid;
  // 13 URLs and a header row; 3 crawlers and the URL column.
  await expect(grid).toHaveAttribute('aria-rowcount', '14');
  await expect(grid).toHaveAttribute('aria-colcount', '4');
  await expect(grid.getByRole('columnheader')).toHaveCount(4);
  await expect(grid.getByRole('row').first()).toHaveAttribute('aria-rowindex', '1');
  await expect(grid.getByRole('rowheader').first()).toContainText('/');
  await lab.results.select(6, 1);
  await expect(grid).toHaveAttribute('aria-activedescendant', 'cell-6-1');
  await expect(grid.getByRole('gridcell', { selected: true })).toHaveCount(1);
  // Verdicts are words with an icon, never a colour alone.
  const texts = await grid
    .getByRole('gridcell')
    .evaluateAll((cells) => cells.map((c) => c.querySelector('.verdict')?.textContent ?? ''));
  expect(texts.length).toBe(39);
  for (const t of texts) expect(t).toMatch(/^[✓✕⚠…](Allowed|Blocked|Not judged|Invalid URL|Evaluating…)$/);
});

test('every Tab stop shows where the focus is', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const seen: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      let a: Element | null = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      if (!a || a === document.body) return null;
      // The element, or one of its three nearest visible ancestors (a hidden radio's label, the editor's frame), draws a ring.
      let el: Element | null = a;
      for (let up = 0; el && up < 4; up++) {
        const s = getComputedStyle(el);
        const ring = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0;
        if (s.opacity !== '0' && (ring || s.boxShadow.includes('inset'))) return { ok: true, what: label(a) };
        el = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
      }
      return { ok: false, what: label(a) };
      function label(e: Element): string {
        return `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[${e.getAttribute('data-testid')}]` : ''}${e.getAttribute('aria-label') ? ` "${e.getAttribute('aria-label')}"` : ''} ${(e.textContent ?? '').slice(0, 30)}`;
      }
    });
    if (!stop) continue;
    expect(stop.ok, `no visible focus on ${stop.what}`).toBe(true);
    seen.push(stop.what);
  }
  // The walk went through the header, both editors and the grid.
  expect(seen.some((s) => s.includes('skip-link'))).toBe(true);
  expect(seen.some((s) => s.includes('robots-editor-content'))).toBe(true);
  expect(seen.some((s) => s.includes('results-grid'))).toBe(true);
});

test('a line of the explanation moves the editor to that line, focused, and lists what it decides', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.results.select(3, 0); // /checkout/step-1 × Googlebot: line 5, Disallow: /checkout/
  const link = lab.results.explain.getByRole('button', { name: 'Go to line 5' });
  await link.focus();
  await page.keyboard.press('Enter');
  expect(await deepFocus(page)).toMatchObject({ testid: 'robots-editor-content' });
  await expect(page.locator('.cm-activeLine')).toHaveText('Disallow: /checkout/');
  await expect(lab.results.decidingList).toContainText('Line 5 decides');
  await expect(lab.results.decidingList).toContainText('/checkout/step-1');
  // Typing goes where the cursor was put: at the start of line 5.
  await page.keyboard.type('# ');
  await expect(page.locator('.cm-activeLine')).toHaveText('# Disallow: /checkout/');
});

test('the CSV preview scrolls from the keyboard: it is a named Tab stop', async ({ page }, testInfo) => {
  const file = testInfo.outputPath('pages.csv');
  const wide = 'x'.repeat(120);
  writeFileSync(file, `title,notes,address\nHome,${wide},https://shop.example.com/\nCart,${wide},/cart\n`);
  const lab = new LabPage(page);
  await lab.open();
  await page.getByTestId('url-file').setInputFiles(file);
  await expect(page.getByTestId('csv-dialog')).toBeVisible();
  const preview = page.getByRole('region', { name: "Preview of the file's first rows" });
  await expect(preview).toHaveAttribute('tabindex', '0');
  await page.getByTestId('csv-column').focus();
  await page.keyboard.press('Tab');
  await expect(preview).toBeFocused();
  const scrolls = await preview.evaluate((el) => el.scrollWidth > el.clientWidth);
  if (scrolls) {
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => preview.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }
});

test('the rule chart buttons are named by what they show', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await page.getByTestId('dock-totals').click();
  const bars = page.getByTestId('rule-bar');
  await expect(bars.first()).toBeVisible();
  const n = await bars.count();
  for (let i = 0; i < n; i++) {
    const bar = bars.nth(i);
    const line = await bar.getAttribute('data-line');
    const rule = (await bar.locator('code').textContent()) ?? '';
    const count = (await bar.locator('.bar-count').textContent())?.replace(' cells', '') ?? '';
    // What a sighted user reads, in order, is the start of the name (speech input users say what they see).
    await expect(bar).toHaveAccessibleName(`line ${line} ${rule} ${count} cells`);
  }
});

test('the theme follows the system, a choice in the header overrides it and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const lab = new LabPage(page);
  await lab.open();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await bg()).toBe('rgb(15, 18, 23)');

  // From the keyboard: the radio group is one Tab stop, the arrow keys choose.
  await page.getByRole('radio', { name: 'System' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await bg()).toBe('rgb(246, 247, 249)');
  // The editors, in shadow roots, follow: their text takes the theme's colour.
  const editorColour = () =>
    page.getByTestId('robots-editor-content').evaluate((el) => getComputedStyle(el.closest('.cm-editor')!).color);
  expect(await editorColour()).toBe('rgb(27, 31, 36)');

  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(lab.results.status).toContainText('evaluated');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await editorColour()).toBe('rgb(230, 233, 238)');

  await page.getByRole('radio', { name: 'System' }).check();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('a run is not announced tick by tick: the progress line is no live region', async ({ page }, testInfo) => {
  const lab = new LabPage(page);
  await lab.open();
  const status = page.getByTestId('run-status');
  await expect(status).not.toHaveAttribute('role', /.+/);
  await expect(status).not.toHaveAttribute('aria-live', /.+/);
  // Record every text the live region takes while a large list runs.
  await page.getByTestId('announcer').evaluate((el) => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => said.push(el.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  const rows = 200_000;
  const file = testInfo.outputPath('urls.txt');
  writeFileSync(file, Array.from({ length: rows }, (_, i) => `/p/${i}`).join('\n'));
  await page.getByTestId('url-file').setInputFiles(file);
  await lab.results.expectFinished(rows, 3);
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
  // At most a start and an end, never a count of URLs done.
  expect(said.length).toBeLessThanOrEqual(2);
  for (const s of said)
    expect(s).toMatch(/^(Evaluating 200,000 URLs × 3 crawlers\.|Done: 200,000 URLs × 3 crawlers evaluated\.)$/);
});
