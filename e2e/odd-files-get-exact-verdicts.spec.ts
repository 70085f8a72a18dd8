import { expect, test } from '@playwright/test';
import {
  CONTROL_CHARS,
  expectResponsive,
  groupToken,
  HTML_PAGE,
  identicalRules,
  JSON_BODY,
  manyGroups,
  oneMegabyteLine,
  paste,
  typeCrawlers,
} from './fixtures/hostile';
import { LabPage } from './pages/LabPage';

/**
 * Odd files people paste or open (a line of 1 MB, control characters, an
 * HTML page, 100,000 identical rules, 5,000 groups, malformed URLs): for
 * each, the exact verdict, what the page says, that nothing is lost, and
 * that it still answers a click. Verdicts are written by hand from
 * docs/behaviour.md (§ cited at each). Files of megabytes and lists of a
 * million URLs are in e2e/big-inputs-are-kept.spec.ts.
 */

/** The page with Googlebot alone, the robots.txt URL empty, and `urls` to test. */
async function openWith(lab: LabPage, urls: string[]): Promise<void> {
  await lab.open();
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('Googlebot', 'googlebot');
  await lab.page.getByTestId('robots-url').fill('');
  await lab.inputs.setUrls(urls);
}

test('one line of 1 MB: the page flags the line and the cap, and the rule after it is unread', async ({ page }) => {
  test.setTimeout(120_000);
  const lab = new LabPage(page);
  await openWith(lab, ['/b']);
  await paste(lab.editor.content, oneMegabyteLine());
  await expect(lab.editor.stats).toContainText('4 lines');
  await expect(page.getByTestId('size-limit-note')).toBeVisible();
  await page.getByTestId('diagnostic-count').click();
  await expect(page.getByTestId('diagnostic').filter({ hasText: '16,663' })).toHaveAttribute('data-line', '2');
  // Line 3 starts past 500 KiB: Google never reads `Disallow: /b` (§3).
  await lab.results.expectFinished(1, 1);
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Allowed', line: 0 });
  await expectResponsive(page);
});

test('NUL and control characters are kept in the editor; a NUL ends its line as for the reference', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await openWith(lab, ['/ax', '/c']);
  await paste(lab.editor.content, CONTROL_CHARS);
  await expect(lab.editor.stats).toContainText('4 lines');
  // Nothing is dropped: both characters are in the text the page keeps.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('robots-lab') ?? '{}').state?.robotsText))
    .toBe(CONTROL_CHARS);
  // §12 Lines: the rule is read up to the NUL, `Disallow: /a`, which blocks /ax.
  await lab.results.expectFinished(2, 1);
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Blocked', line: 2 });
  await expect.poll(() => lab.results.verdictOf(1, 0)).toEqual({ verdict: 'Allowed', line: 0 });
  await expectResponsive(page);
});

test('an HTML page or a JSON error body pasted as robots.txt is named for what it is', async ({ page }) => {
  const lab = new LabPage(page);
  await openWith(lab, ['/anything']);
  await paste(lab.editor.content, HTML_PAGE);
  await expect(page.getByTestId('not-robots-note')).toContainText('This looks like an HTML page, not a robots.txt');
  // §3: lines that are not rules are ignored, so everything is allowed; the note says so.
  await expect(page.getByTestId('not-robots-note')).toContainText('every URL is allowed');
  await paste(lab.editor.content, JSON_BODY);
  await expect(page.getByTestId('not-robots-note')).toContainText('This looks like a JSON body, not a robots.txt');
  await lab.editor.replaceText('User-agent: *\nDisallow: /\n');
  await expect(page.getByTestId('not-robots-note')).toHaveCount(0);
  await expectResponsive(page);
});

test('100,000 identical rules: the first one decides', async ({ page }) => {
  test.setTimeout(120_000);
  const lab = new LabPage(page);
  await openWith(lab, ['/x']);
  await paste(lab.editor.content, identicalRules());
  await expect(lab.editor.stats).toContainText('100,002 lines');
  // §8: equal rules tie; the first match found is kept, line 2.
  await lab.results.expectFinished(1, 1);
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Blocked', line: 2 });
  await expectResponsive(page);
});

test('5,000 stray rules: 200 are marked and one line counts the rest', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  const rules = Array.from({ length: 5_000 }, (_, i) => `Disallow: /stray-${i}\n`).join('');
  await paste(lab.editor.content, rules);
  // §5: a rule before any user-agent line belongs to no group; the first 200 are warned about one by one.
  await page.keyboard.press('ControlOrMeta+Home');
  const marked = (text: string) =>
    lab.editor.content.locator('.cm-line', { hasText: text }).locator('.cm-lintRange-warning');
  await expect(marked('Disallow: /stray-0')).toHaveCount(1);
  await page.getByTestId('diagnostic-count').click();
  await page.getByTestId('diagnostics-more').getByRole('button').first().click();
  await expect(page.getByTestId('diagnostic').filter({ hasText: '… and 4,800 more like this' })).toHaveAttribute(
    'data-line',
    '201',
  );
  await expectResponsive(page);
});

test('5,000 user-agent groups: a typed crawler gets its own group', async ({ page }) => {
  test.setTimeout(120_000);
  const lab = new LabPage(page);
  await openWith(lab, ['/p4999', '/p0']);
  await paste(lab.editor.content, manyGroups());
  await expect(lab.editor.stats).toContainText('5,000 groups');
  await lab.inputs.clearCrawlers();
  // 4999 = 7 × 676 + 10 × 26 + 7: "bothkh".
  expect(groupToken(4999)).toBe('bothkh');
  await lab.inputs.addToken('bothkh');
  // §5: bothkh obeys group 4999 only (lines 14998-14999), so /p0 is allowed.
  await lab.results.expectFinished(2, 1);
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Blocked', line: 14_999 });
  await expect.poll(() => lab.results.verdictOf(1, 0)).toEqual({ verdict: 'Allowed', line: 0 });
  await expectResponsive(page);
});

test('a URL of 100 KB is judged like any other', async ({ page }) => {
  const lab = new LabPage(page);
  await openWith(lab, ['/short']);
  await lab.editor.replaceText('User-agent: *\nDisallow: /a\n');
  await paste(lab.inputs.urlList, `https://example.com/${'a'.repeat(100_000)}\n/short\n`);
  await lab.results.expectFinished(2, 1);
  await expect.poll(() => lab.results.verdictOf(0, 0)).toEqual({ verdict: 'Blocked', line: 2 });
  await expect.poll(() => lab.results.verdictOf(1, 0)).toEqual({ verdict: 'Allowed', line: 0 });
  await expectResponsive(page);
});

test('malformed URLs are marked as such, and the valid one beside them is judged', async ({ page }) => {
  const lab = new LabPage(page);
  await openWith(lab, ['http://[::1', 'http://%zz/', '/ok']);
  await lab.editor.replaceText('User-agent: *\nDisallow: /ok\n');
  await lab.results.expectFinished(3, 1);
  for (const row of [0, 1])
    await expect.poll(() => lab.results.verdictOf(row, 0)).toMatchObject({ verdict: 'Invalid URL' });
  await expect.poll(() => lab.results.verdictOf(2, 0)).toEqual({ verdict: 'Blocked', line: 2 });
  await expectResponsive(page);
});

// 150 here, past the cap of 100.
test('crawlers typed past the cap: the page takes 100 columns, says so, and keeps the token typed', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.clearCrawlers();
  await typeCrawlers(page, 150);
  await expect(page.getByTestId('token-chip')).toHaveCount(100);
  await expect(page.getByText('At most 100 crawlers at once')).toBeVisible();
  await expect(lab.inputs.tokenInput).toHaveValue('Bot149');
  await expect(lab.results.crawlerHeaders()).toHaveCount(100);
  await expect(lab.results.crawlerHeaders().last()).toContainText('Bot99');
  // Every column is reachable from the keyboard: End goes to the last crawler
  // of the row, which scrolls into view with its verdict (Bot99 obeys the
  // example's `*` group, §5 of docs/behaviour.md, and no rule of it matches the home page).
  await lab.results.grid.focus();
  await page.keyboard.press('End');
  const last = lab.results.cell(0, 99);
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(last).toBeInViewport();
  await expect(last.locator('.verdict')).toHaveText(/Allowed/);
  // And back to the first, which scrolls back into view.
  await page.keyboard.press('Home');
  await expect(lab.results.cell(0, 0)).toHaveAttribute('aria-selected', 'true');
  await expect(lab.results.cell(0, 0)).toBeInViewport();
  await expectResponsive(page);
});
