import { expect, test } from '@playwright/test';
import { checkScope, evaluateProfile, parseRobotsTxt, toRequestUrl } from '../src/core/index';
import { findProfile } from '../src/core/profiles';
import { EXAMPLE_PROFILE_IDS, EXAMPLE_ROBOTS_TXT, EXAMPLE_ROBOTS_URL, EXAMPLE_URLS } from '../src/fixtures/example';
import { LabPage } from './pages/LabPage';

const parsed = parseRobotsTxt(EXAMPLE_ROBOTS_TXT);
const profiles = EXAMPLE_PROFILE_IDS.map((id) => findProfile(id)!);

/** What the engine says for one of the example's URLs and crawlers. */
function engine(url: string, col: number) {
  const request = toRequestUrl(url, EXAMPLE_ROBOTS_URL);
  if (request.error) return { verdict: 'invalid URL', line: null, normalisedUrl: '' };
  if (/^https?:/.test(request.url) && !checkScope(EXAMPLE_ROBOTS_URL, request.url).inScope) {
    return { verdict: 'out of scope', line: null, normalisedUrl: request.url };
  }
  const v = evaluateProfile(parsed, request.url, profiles[col]);
  return { verdict: v.allowed ? 'allowed' : 'blocked', line: v.rule?.line ?? null, normalisedUrl: request.url };
}

test.describe('an auditor brings a URL list', () => {
  test('a .txt from the file picker replaces the list and is tested', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.pickFile('urls.txt', '/checkout/a\n\n/blog/b\n');
    await expect(lab.bulk.importNote).toHaveText('Loaded 2 URLs from urls.txt.');
    await lab.results.expectFinished(2, 3);
    await expect(lab.results.cell(1, 2)).toContainText('Allowed'); // GPTBot: Allow: /blog/
  });

  test('a .csv asks which column holds the URLs, guessing from the header', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    const csv = 'id,page,referrer\n1,https://shop.example.com/blog/x,/admin/\n2,https://shop.example.com/cart,/tmp/y\n';
    await lab.bulk.pickFile('crawl.csv', csv, 'text/csv');
    await expect(lab.bulk.csvDialog).toBeVisible();
    await expect(lab.bulk.csvColumn).toHaveValue('1'); // "page" looks like URLs
    await expect(lab.bulk.csvColumn.getByRole('option')).toHaveText(['id', 'page', 'referrer']);
    await lab.bulk.csvColumn.selectOption({ label: 'referrer' });
    await lab.bulk.csvDialog.getByRole('button', { name: 'Use this column' }).click();
    await expect(lab.bulk.csvDialog).toBeHidden();
    await expect.poll(() => lab.inputs.urlText()).toBe('/admin/\n/tmp/y\n');
    await lab.results.expectFinished(2, 3);
  });

  test('a sitemap gives its <loc> URLs; a sitemap index says its children were not fetched', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    const sitemap =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<url><loc>https://shop.example.com/blog/a?x=1&amp;y=2</loc></url>\n<url><loc>https://shop.example.com/cart</loc></url>\n</urlset>\n';
    await lab.bulk.pickFile('sitemap.xml', sitemap, 'application/xml');
    await expect
      .poll(() => lab.inputs.urlText())
      .toBe('https://shop.example.com/blog/a?x=1&y=2\nhttps://shop.example.com/cart\n');
    await lab.results.expectFinished(2, 3);

    const index =
      '<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<sitemap><loc>https://shop.example.com/sitemap-blog.xml</loc></sitemap>\n</sitemapindex>\n';
    await lab.bulk.pickFile('sitemap-index.xml', index, 'application/xml');
    await expect(lab.bulk.importNote).toContainText('sitemap index');
    await expect(lab.bulk.importNote).toContainText('not fetched');
    await lab.results.expectFinished(1, 3);
  });

  test('a file dropped on the URL list is read like a picked one', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.dropFile('dropped.txt', '/search/x\n/blog/y\n/admin/z\n');
    await expect(lab.bulk.importNote).toHaveText('Loaded 3 URLs from dropped.txt.');
    await lab.results.expectFinished(3, 3);
    await expect(lab.results.cell(0, 0)).toContainText('Blocked'); // Googlebot: Disallow: /search
  });

  test('a file that is not a sitemap is refused with the reason', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.pickFile('page.xml', '<html><body>hi</body></html>', 'application/xml');
    await expect(lab.bulk.importNote).toContainText('does not look like a sitemap');
    await lab.results.expectFinished(EXAMPLE_URLS.length, 3);
  });
});

test.describe('an auditor narrows the results down', () => {
  const blockedFor = (col: number) => EXAMPLE_URLS.filter((u) => engine(u, col).verdict === 'blocked');
  const allowedFor = (col: number) => EXAMPLE_URLS.filter((u) => engine(u, col).verdict === 'allowed');

  test('filters by verdict and crawler, by what normalisation changed, and by what was not judged', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.verdict.selectOption('blocked');
    await lab.bulk.crawler.selectOption({ label: 'for Googlebot' });
    await lab.bulk.expectShown(blockedFor(0));
    await expect(lab.bulk.viewCount).toHaveText(`${blockedFor(0).length} of ${EXAMPLE_URLS.length} rows`);
    await lab.bulk.verdict.selectOption('allowed');
    await lab.bulk.crawler.selectOption({ label: 'for GPTBot' });
    await lab.bulk.expectShown(allowedFor(2));
    await lab.bulk.verdict.selectOption('unjudged');
    await lab.bulk.crawler.selectOption({ label: 'for any crawler' });
    await lab.bulk.expectShown(EXAMPLE_URLS.filter((u) => engine(u, 0).verdict === 'out of scope'));
    await lab.bulk.verdict.selectOption('all');
    await lab.bulk.normalisedOnly.check();
    await lab.bulk.expectShown(EXAMPLE_URLS.filter((u) => toRequestUrl(u, EXAMPLE_ROBOTS_URL).changed));
    await lab.bulk.normalisedOnly.uncheck();
    await lab.bulk.expectShown([...EXAMPLE_URLS]);
  });

  test('searches the URLs and sorts by URL and by verdict', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.search.fill('ADMIN');
    await lab.bulk.expectShown(EXAMPLE_URLS.filter((u) => u.includes('admin')));
    await lab.bulk.search.fill('');
    await lab.bulk.sort.selectOption({ label: 'URL A → Z' });
    await lab.bulk.expectShown([...EXAMPLE_URLS].sort());
    await lab.bulk.sort.selectOption({ label: 'URL Z → A' });
    await lab.bulk.expectShown([...EXAMPLE_URLS].sort().reverse());
    await lab.bulk.sort.selectOption({ label: 'Googlebot: blocked first' });
    const rank = (u: string) => ({ blocked: 0, allowed: 1 })[engine(u, 0).verdict as 'blocked' | 'allowed'] ?? 2;
    await lab.bulk.expectShown([...EXAMPLE_URLS].sort((a, b) => rank(a) - rank(b)));
  });

  test('totals count each verdict, and a bar of the chart filters to its rule and shows the line', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.showTotals();
    const rows = lab.bulk.totals.getByTestId('crawler-totals');
    for (let col = 0; col < 3; col++) {
      const n = (v: string) => EXAMPLE_URLS.filter((u) => engine(u, col).verdict === v).length;
      const unjudged = EXAMPLE_URLS.length - n('allowed') - n('blocked');
      await expect(rows.nth(col).getByRole('cell')).toHaveText([
        String(n('allowed')),
        String(n('blocked')),
        String(unjudged),
      ]);
    }
    // GPTBot's "Disallow: /" (line 16) decides the most cells.
    const bar = lab.bulk.ruleBars.first();
    await expect(bar).toHaveAttribute('data-line', '16');
    await bar.click();
    await expect(lab.bulk.ruleFilter).toHaveText(/Decided by line 16/);
    await lab.bulk.expectShown(EXAMPLE_URLS.filter((u) => engine(u, 2).line === 16));
    await expect.poll(() => lab.editor.linesWith('cm-rl-rule')).toEqual([16]);
    await lab.bulk.ruleFilter.getByRole('button', { name: 'Clear the rule filter' }).click();
    await lab.bulk.expectShown([...EXAMPLE_URLS]);
  });

  test('exports the shown rows as CSV and JSON, exactly what the engine decides', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    const json = await lab.bulk.export('JSON');
    expect(json.name).toBe('robots-lab-results.json');
    const expected = EXAMPLE_URLS.flatMap((url) =>
      profiles.map((p, col) => {
        const e = engine(url, col);
        const rule = e.line ? parsed.lines.find((l) => l.line === e.line)! : null;
        return {
          url,
          normalisedUrl: e.normalisedUrl,
          crawler: p.name,
          verdict: e.verdict,
          rule: rule ? expect.stringMatching(/^(Allow|Disallow): /) : '',
          line: e.line,
        };
      }),
    );
    expect(JSON.parse(json.text)).toEqual(expected);

    await lab.bulk.verdict.selectOption('blocked');
    await lab.bulk.crawler.selectOption({ label: 'for GPTBot' });
    await lab.bulk.expectShown(EXAMPLE_URLS.filter((u) => engine(u, 2).verdict === 'blocked'));
    const csv = await lab.bulk.export('CSV');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('url,normalised_url,crawler,verdict,rule,line');
    const gptBlocked = EXAMPLE_URLS.filter((u) => engine(u, 2).verdict === 'blocked');
    expect(lines).toHaveLength(1 + gptBlocked.length * 3);
    expect(lines[3]).toBe(`${gptBlocked[0]},${engine(gptBlocked[0], 2).normalisedUrl},GPTBot,blocked,Disallow: /,16`);
  });
});
