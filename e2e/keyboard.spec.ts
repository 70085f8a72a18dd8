import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { EXAMPLE_ROBOTS_TXT } from '../src/fixtures/example';
import { BeforeAfterPanel } from './pages/BeforeAfterPanel';
import { LabPage } from './pages/LabPage';

/**
 * The page from the keyboard alone: a skip link to the verdicts, cells
 * chosen with the arrow keys and spoken by the live region, line links into
 * the editor, a visible focus at every stop, and the theme switch.
 * Expected sentences are written by hand from the example file
 * (src/fixtures/example.ts): Googlebot's group is lines 4–8, GPTBot's 15–17.
 */

/** The focused element, looking inside the editors' shadow roots. */
function deepFocus(page: Page) {
  return page.evaluate(() => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a ? { tag: a.tagName, testid: a.getAttribute('data-testid'), cls: a.className } : null;
  });
}

/**
 * Whether the focused element (inside the editors' shadow roots too), or
 * one of its three nearest ancestors (a hidden radio's label, the editor's
 * frame), draws an outline that can be seen; null when nothing is focused.
 */
function focusRing(page: Page): Promise<{ ok: boolean; what: string } | null> {
  return page.evaluate(() => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    if (!a || a === document.body) return null;
    const testid = a.getAttribute('data-testid');
    const what = `${a.tagName.toLowerCase()}${testid ? `[${testid}]` : ''} ${(a.textContent ?? '').slice(0, 30)}`;
    let el: Element | null = a;
    for (let up = 0; el && up < 4; up++) {
      const s = getComputedStyle(el);
      if (s.opacity !== '0' && s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0)
        return { ok: true, what };
      el = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
    }
    return { ok: false, what };
  });
}

/** Opens the page and waits for its verdicts without touching it, so the first Tab starts at the top. */
async function openUntouched(page: Page): Promise<LabPage> {
  const lab = new LabPage(page);
  await page.goto('./');
  await expect(lab.results.status).toContainText('evaluated');
  return lab;
}

test('Tab reaches the skip link, which jumps to the verdicts; arrow keys choose a cell and the live region says why', async ({
  page,
}) => {
  const lab = await openUntouched(page);
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
    'GPTBot, https://shop.example.com/search/about: blocked by line 16, Disallow: /, in the group of lines 15–17.',
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
  const lab = await openUntouched(page);
  await lab.inputs.show();
  await page.reload();
  await expect(lab.results.status).toContainText('evaluated');
  const seen: string[] = [];
  // Up to the grid (and a little past it); the crawler picker alone may hold dozens of stops.
  for (let i = 0; i < 150 && !seen.some((s) => s.includes('results-grid')); i++) {
    await page.keyboard.press('Tab');
    // CodeMirror marks its frame focused a moment after the focus event: poll.
    let stop: { ok: boolean; what: string } | null = null;
    await expect
      .poll(async () => {
        stop = await focusRing(page);
        return stop?.ok ?? true;
      })
      .toBe(true)
      .catch(() => undefined);
    if (!stop) continue;
    const { ok, what } = stop as { ok: boolean; what: string };
    expect(ok, `no visible focus on ${what}`).toBe(true);
    seen.push(what);
  }
  console.log(`${seen.length} Tab stops up to the grid, each with a visible focus ring`);
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

test('Alt-Enter on a marked line lists what it decides, as a click on its gutter marker does', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.content.focus();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < 16; i++) await page.keyboard.press('ArrowDown');
  await expect(page.locator('.cm-activeLine')).toHaveText('Disallow: /'); // line 16, GPTBot's
  await page.keyboard.press('Alt+Enter');
  await expect(lab.results.decidingList).toContainText('Line 16 decides');
  // A line without a marker: the key does nothing, and never edits the text.
  const before = await lab.editor.text();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('Alt+Enter');
  await expect(lab.results.decidingList).toContainText('Line 16 decides');
  expect(await lab.editor.text()).toBe(before);
});

test("the answer panel's tabs are one Tab stop; the arrow keys switch them", async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  const why = page.getByRole('tab', { name: 'Why' });
  await why.click();
  await expect(why).toHaveAttribute('tabindex', '0');
  await expect(page.getByRole('tab', { name: 'Totals' })).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  const totals = page.getByRole('tab', { name: 'Totals' });
  await expect(totals).toBeFocused();
  await expect(totals).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('totals')).toBeVisible();
  // Six tabs: Why, Totals, Problems, AI, Sitemaps, Logs; End goes to the last, and the arrows wrap.
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Logs' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'AI' })).toBeFocused();
  await expect(page.getByTestId('ai-lens')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(why).toBeFocused();
  await expect(why).toHaveAttribute('aria-selected', 'true');
  await expect(lab.results.explain).toBeVisible();
  // Tab leaves the list for the panel's own buttons (widen, then fold), not the next tab.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('dock-widen')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('dock-fold')).toBeFocused();
});

test('the Before / after tabs switch by arrow key, and a flip is found by Tab, filtered and opened by keyboard', async ({
  page,
}) => {
  const lab = new LabPage(page);
  const ba = new BeforeAfterPanel(page);
  await lab.open();
  const results = page.getByRole('tab', { name: 'Results' });
  await results.focus();
  await expect(results).toHaveAttribute('tabindex', '0');
  await expect(ba.tab).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect(ba.tab).toBeFocused();
  await expect(ba.tab).toHaveAttribute('aria-selected', 'true');
  await expect(ba.deployed).toBeVisible();

  // GPTBot's Allow: /blog/ (line 17) narrowed, and Googlebot's Disallow: /checkout/ (line 5): one flip
  // to blocked, two to allowed (worked out by hand in before-after.spec.ts).
  await ba.pasteDeployed(EXAMPLE_ROBOTS_TXT);
  await lab.editor.replaceText(
    EXAMPLE_ROBOTS_TXT.replace('Allow: /blog/\n', 'Allow: /blog/archive/\n').replace(
      'Disallow: /checkout/\n',
      'Disallow: /checkout/step-2\n',
    ),
  );
  await expect(ba.flips).toHaveCount(3);

  // From the tab, Tab walks into the view and reaches the filter, then the first flip.
  await ba.tab.focus();
  const reach = async (testid: string) => {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if ((await deepFocus(page))?.testid === testid) return;
    }
    throw new Error(`Tab never reached ${testid}`);
  };
  await reach('flip-kind');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('flip-kind')).toHaveValue('allowed-to-blocked');
  await expect(ba.flips).toHaveCount(1);
  await reach('flip-jump');
  await expect(ba.flip('/blog/spring-sale', 'GPTBot').getByTestId('flip-jump')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => lab.editor.linesWith('cm-rl-rule')).toEqual([17]);

  // Home goes back to the results.
  await ba.tab.focus();
  await page.keyboard.press('Home');
  await expect(results).toBeFocused();
  await expect(results).toHaveAttribute('aria-selected', 'true');
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
  // The column's choice and its buttons come first; the preview is the next stop.
  await page.getByTestId('csv-dialog').getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Tab');
  await expect(preview).toBeFocused();
  // Three columns of long cells are wider than the dialog: the arrow keys scroll it.
  expect(await preview.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => preview.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
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
    // What a sighted user reads, in order (the rule first), is the start of the name (speech input users say what they see).
    await expect(bar).toHaveAccessibleName(`${rule} line ${line} ${count} cells`);
  }
});

test('the theme follows the system, a choice in the header overrides it and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const lab = new LabPage(page);
  await lab.open();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  // The theme switch is in the header's menu.
  await lab.openMenu();
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
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
  await lab.openMenu();
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
  // Record every text any live region takes while a large list runs.
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="log"], [role="alert"], [role="timer"]';
    new MutationObserver((records) => {
      for (const r of records) {
        const node = r.target.nodeType === Node.ELEMENT_NODE ? (r.target as Element) : r.target.parentElement;
        const region = node?.closest(live);
        const text = region?.textContent ?? null;
        if (text !== null && text !== said[said.length - 1]) said.push(text);
      }
    }).observe(document.body, { childList: true, characterData: true, subtree: true, attributes: true });
  });
  const rows = 400_000;
  const file = testInfo.outputPath('urls.txt');
  writeFileSync(file, Array.from({ length: rows }, (_, i) => `/p/${i}`).join('\n'));
  await page.getByTestId('url-file').setInputFiles(file);
  await lab.results.expectFinished(rows, 3);
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
  // The file's import, then at most a start and an end: never a count of URLs done.
  console.log(`live regions said: ${JSON.stringify(said)}`);
  expect(said.length, said.join('\n')).toBeLessThanOrEqual(3);
  for (const s of said)
    expect(s).toMatch(
      /^(Loaded 400,000 URLs from urls\.txt\.|Evaluating 400,000 URLs × 3 crawlers\.|Done: 400,000 URLs × 3 crawlers evaluated\.)$/,
    );
});
