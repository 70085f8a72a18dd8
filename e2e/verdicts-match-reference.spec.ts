import { expect, test } from '@playwright/test';
import { A, B, OUT, type Shown } from './fixtures/example';
import { type ReferenceVerdicts, referenceFiles, referenceUnitTests } from './fixtures/reference-cases';
import { LabPage } from './pages/LabPage';

/**
 * The example's robots.txt (see fixtures/example.ts for its lines) judged for
 * five profiles and two typed tokens. Every expected cell is written by hand.
 */
const TABLE: [url: string, cells: Shown[]][] = [
  // columns: Googlebot, Googlebot-Image, GPTBot, Bingbot, AdsBot-Google, Slurp, SomeOtherBot
  // (AdsBot-Google has no group and skips `*`, so nothing applies to it: §5)
  ['https://shop.example.com/', [A(), A(), B(16), A(), A(), A(), A()]],
  ['https://shop.example.com/search/about', [A(7), A(7), B(16), B(12), A(), B(12), A()]],
  // `$` ends the pattern: the query string makes /search/about$ not match (§7)
  ['https://shop.example.com/search/about?x=1', [B(8), B(8), B(16), B(12), A(), B(12), A()]],
  ['/blog/2024/post', [A(), A(), A(17), A(), A(), A(), A()]],
  ['/admin/help/faq', [A(), A(), B(16), A(), A(), A(), A(21)]],
  ['/admin/secret', [A(), A(), B(16), A(), A(), A(), B(20)]],
  ['/cart?item=3', [A(), A(), B(16), A(), A(), A(), B(22)]],
  ['/files/report.pdf', [A(), A(), B(16), A(), A(), A(), B(23)]],
  ['/files/report.pdf?download=1', [A(), A(), B(16), A(), A(), A(), A()]],
  // "Disalow" is one of the misspellings Google accepts (§12)
  ['/tmp/cache', [A(), A(), B(16), A(), A(), A(), B(24)]],
  ['https://shop.example.com/ünïcode/päge', [A(), A(), B(16), A(), A(), A(), A()]],
  ['/robots.txt', [A(), A(), A(), A(), A(), A(), A()]],
  ['https://elsewhere.example.org/admin/', [OUT, OUT, OUT, OUT, OUT, OUT, OUT]],
];

test('verdicts for profiles and typed tokens are the hand-written ones, with scope and normalisation', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.setUrls(TABLE.map(([url]) => url));
  await lab.inputs.chooseProfile('bingbot', 'bingbot');
  await lab.inputs.chooseProfile('AdsBot-Google', 'adsbot-google');
  await lab.inputs.addToken('Slurp');
  await lab.inputs.addToken('SomeOtherBot');
  await lab.results.expectFinished(TABLE.length, 7);
  await expect(lab.results.crawlerHeaders()).toHaveText([
    /Googlebot/,
    /Googlebot-Image/,
    /GPTBot/,
    /Bingbot/i,
    /AdsBot-Google/,
    /Slurp/,
    /SomeOtherBot/,
  ]);

  for (let row = 0; row < TABLE.length; row++) {
    const [url, cells] = TABLE[row];
    const shown: { verdict: string; line: number }[] = [];
    for (let col = 0; col < cells.length; col++) shown.push(await lab.results.verdictOf(row, col));
    expect(shown, url).toEqual(cells);
  }
  // The normalised request form is shown where it differs from what was typed (the URL column widened to show it whole).
  await page.getByRole('separator', { name: 'URL column width' }).focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await lab.results.reveal(10);
  const row10 = lab.results.rows().filter({ has: page.locator('[data-testid="cell"][data-row="10"]') });
  await expect(row10.getByTestId('url-request')).toHaveText(/%C3%BCn%C3%AFcode\/p%C3%A4ge/);
});

/**
 * Drives the page with one robots.txt and the vectors' URLs, and compares
 * each vector's cell with the reference's verdict (and its deciding line,
 * where the vector gives one). `agents` are the typed tokens, in column order.
 */
async function expectReferenceVerdicts(lab: LabPage, agents: string[], file: ReferenceVerdicts): Promise<void> {
  const urls = [...new Set(file.cases.map((c) => c.url))];
  const page = lab.page;
  // The robots.txt goes in as one change (select all, then the new text), so
  // the worker gets exactly one new text version; wait for a finished run of it.
  const textVersion = await runOnScreen(lab);
  await lab.editor.content.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(file.robotstxt);
  await page.keyboard.press('Escape'); // close a completion popup, if any
  await expect.poll(() => lab.editor.text(), `${file.name} is in the editor as it is`).toBe(file.robotstxt);
  await expect.poll(async () => (await runOnScreen(lab)).version > textVersion.version).toBe(true);
  if ((await lab.inputs.urlText()) !== urls.join('\n')) {
    // Then the URLs: only a run started after this change can finish with a later id.
    const before = await runOnScreen(lab);
    await lab.inputs.setUrls(urls);
    await expect.poll(async () => (await runOnScreen(lab)).run > before.run).toBe(true);
  }
  await lab.results.expectFinished(urls.length, agents.length);

  const expected = file.cases.map((c) => ({
    cell: `${c.useragent} × ${c.url}`,
    verdict: c.allowed ? 'Allowed' : 'Blocked',
    // line 0: no rule decided, so none may be reported (conformance README)
    ...(c.line === null ? {} : { line: c.line }),
  }));
  const shown = async () => {
    const out = [];
    for (const c of file.cases) {
      const v = await lab.results.verdictOf(urls.indexOf(c.url), agents.indexOf(c.useragent));
      out.push({ cell: `${c.useragent} × ${c.url}`, verdict: v.verdict, ...(c.line === null ? {} : { line: v.line }) });
    }
    return out;
  };
  // Polled, as the table may render a moment after the status line.
  await expect.poll(shown, file.name).toEqual(expected);
}

/** The run the status line reports: its id and the robots.txt version it judged (both grow). */
async function runOnScreen(lab: LabPage): Promise<{ run: number; version: number }> {
  const status = lab.results.status;
  return {
    run: Number(await status.getAttribute('data-run')),
    version: Number(await status.getAttribute('data-text-version')),
  };
}

/** Opens the page as the reference reads URLs (as typed, no scope) with `agents` as the only crawlers. */
async function openAsReference(lab: LabPage, agents: string[]): Promise<void> {
  await lab.open();
  // The vectors' URLs are byte-exact, as the reference read them:
  // normalisation off and no robots.txt URL, so the page judges them as typed.
  await lab.inputs.normalise.uncheck();
  await lab.inputs.robotsUrl.fill('');
  await lab.inputs.clearCrawlers();
  for (const agent of agents) await lab.inputs.addToken(agent);
  // One column per typed token, in the order added (the header names it, case kept).
  await expect(lab.results.crawlerHeaders()).toContainText(agents);
}

const agentsOf = (files: ReferenceVerdicts[]) => [...new Set(files.flatMap((f) => f.cases.map((c) => c.useragent)))];

test("verdicts and deciding lines match Google's reference on conformance vectors", async ({ page }) => {
  // A dozen robots.txt files, each typed and judged: more than the default
  // minute on a busy two-core machine (this is no speed test).
  test.slow();
  // Files with at least 4 cells decided by a rule, so that lines are compared.
  const files = referenceFiles(12, 4);
  expect(files).toHaveLength(12);
  const agents = agentsOf(files);
  const lab = new LabPage(page);
  await openAsReference(lab, agents);
  for (const file of files) await expectReferenceVerdicts(lab, agents, file);
});

test("longest match, ties, wildcards and agent case match the reference's own tests", async ({ page }) => {
  // A dozen robots.txt files, each typed and judged: more than the default
  // minute on a busy two-core machine (this is no speed test).
  test.slow();
  // Ties (allow wins), a longer disallow beating a matching allow, `*`, `$`,
  // percent-encoding and case-insensitive agents: cases the random files
  // above rarely hold.
  const files = referenceUnitTests([
    'RobotsUnittest.ID_LongestMatch',
    'RobotsUnittest.ID_SpecialCharacters',
    'RobotsUnittest.ID_Encoding',
    'RobotsUnittest.ID_UserAgentValueCaseInsensitive',
  ]);
  expect(files.length).toBeGreaterThanOrEqual(15);
  const agents = agentsOf(files);
  const lab = new LabPage(page);
  await openAsReference(lab, agents);
  for (const file of files) await expectReferenceVerdicts(lab, agents, file);
});

test("a user-agent line names the crawler by its product token, as Google's parser reads it", async ({ page }) => {
  // Written by hand (docs/behaviour.md §12, "Groups and agents"): the token is
  // the value's leading run of letters, "-" and "_", so "Bot2" names Bot and
  // "Foo/1.0" names Foo.
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.clearCrawlers();
  await lab.inputs.addToken('Bot');
  await lab.inputs.addToken('Foo');
  await lab.editor.replaceText('User-agent: Bot2\nDisallow: /private/\n\nUser-agent: Foo/1.0\nDisallow: /\n');
  await lab.inputs.setUrls(['/private/x', '/public']);
  await lab.results.expectFinished(2, 2);
  const expected = [
    [B(2), B(5)],
    [A(), B(5)],
  ];
  await expect
    .poll(async () => [
      [await lab.results.verdictOf(0, 0), await lab.results.verdictOf(0, 1)],
      [await lab.results.verdictOf(1, 0), await lab.results.verdictOf(1, 1)],
    ])
    .toEqual(expected);
});

test('a simulated 503 blocks everything and a 404 allows everything, with the reason shown', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.fetchStatus.selectOption('503');
  await expect(lab.inputs.fetchOutcome).toContainText('503');
  await expect(lab.results.grid.locator('[data-testid=cell][data-verdict=allowed]')).toHaveCount(0);
  await expect(lab.results.cell(0, 0)).toHaveAttribute('title', 'Server answered 503');
  await lab.inputs.fetchStatus.selectOption('404');
  await expect(lab.inputs.fetchOutcome).toContainText('everything is allowed');
  await expect(lab.results.grid.locator('[data-testid=cell][data-verdict=blocked]')).toHaveCount(0);
  await lab.results.select(3, 0);
  await expect(lab.results.explainReason).toContainText('404');
});

test('the keyboard moves through the table and the explanation follows', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.results.select(0, 0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(lab.results.cell(2, 1)).toHaveAttribute('aria-selected', 'true');
  await expect(lab.results.grid).toHaveAttribute('aria-activedescendant', 'cell-2-1');
  await expect(lab.results.explain).toContainText('Googlebot-Image');
  await expect(lab.results.explainReason).toContainText('line 6');
  await page.keyboard.press('End');
  await expect(lab.results.cell(2, 2)).toHaveAttribute('aria-selected', 'true');
  await expect(lab.results.explain).toContainText('GPTBot');
});

test('clicking a deciding line in the gutter lists the tested URLs it decides', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  // Line 16 (GPTBot's "Disallow: /") decides most of GPTBot's column.
  await lab.editor.clickDecidingMarker(16);
  await expect(lab.results.decidingList).toContainText('Line 16 decides');
  await expect(lab.results.decidingList.getByRole('listitem').first()).toContainText('GPTBot');
});
