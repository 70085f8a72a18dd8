import { expect, test } from '@playwright/test';
import { EXAMPLE_CRAWLERS, EXAMPLE_URLS, EXAMPLE_VERDICTS, type Shown } from './fixtures/example';
import { LabPage } from './pages/LabPage';

/** The example's URLs whose cell for crawler `col` shows `verdict` (from the hand-written table). */
function urlsWhere(col: number, verdict: Shown['verdict']): string[] {
  return EXAMPLE_URLS.filter((_, row) => EXAMPLE_VERDICTS[row][col].verdict === verdict);
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
    // On this wide screen the inputs fold once the list has its verdicts, repeating what the import said.
    await expect(lab.page.getByTestId('inputs-folded-note')).toHaveText(
      'Loaded 2 URLs from sitemap.xml. Folded to show the verdicts.',
    );
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
  test('filters by verdict and crawler, by what normalisation changed, and by what was not judged', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.verdict.selectOption('blocked');
    await lab.bulk.crawler.selectOption({ label: 'for Googlebot' });
    const googlebotBlocked = [
      'https://shop.example.com/products/red-shoes?sessionid=42',
      'https://shop.example.com/checkout/step-1',
      'https://shop.example.com/search?q=shoes',
    ];
    expect(urlsWhere(0, 'Blocked')).toEqual(googlebotBlocked); // the table and this list agree
    await lab.bulk.expectShown(googlebotBlocked);
    await expect(lab.bulk.viewCount).toHaveText(`3 of ${EXAMPLE_URLS.length} rows`);
    await lab.bulk.verdict.selectOption('allowed');
    await lab.bulk.crawler.selectOption({ label: 'for GPTBot' });
    await lab.bulk.expectShown(['/blog/spring-sale', '/robots.txt']);
    await lab.bulk.verdict.selectOption('unjudged');
    await lab.bulk.crawler.selectOption({ label: 'for any crawler' });
    await lab.bulk.expectShown(['https://other.example.com/']);
    await lab.bulk.verdict.selectOption('all');
    await lab.bulk.normalisedOnly.check();
    // Only the é is changed (percent-encoded); paths are already in request form.
    await lab.bulk.expectShown(['https://shop.example.com/café']);
    await lab.bulk.normalisedOnly.uncheck();
    await lab.bulk.expectShown([...EXAMPLE_URLS]);
  });

  test('searches the URLs and sorts by URL and by verdict', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.search.fill('ADMIN');
    await lab.bulk.expectShown(['/admin/', '/admin/help']);
    await lab.bulk.search.fill('');
    // Code-unit order: "/" sorts before "h", and "/" before "?".
    const aToZ = [
      '/admin/',
      '/admin/help',
      '/blog/spring-sale',
      '/manuals/size-guide.pdf',
      '/robots.txt',
      'https://other.example.com/',
      'https://shop.example.com/',
      'https://shop.example.com/café',
      'https://shop.example.com/checkout/step-1',
      'https://shop.example.com/products/red-shoes',
      'https://shop.example.com/products/red-shoes?sessionid=42',
      'https://shop.example.com/search/about',
      'https://shop.example.com/search?q=shoes',
    ];
    await lab.bulk.sort.selectOption({ label: 'URL A → Z' });
    await lab.bulk.expectShown(aToZ);
    await lab.bulk.sort.selectOption({ label: 'URL Z → A' });
    await lab.bulk.expectShown([...aToZ].reverse());
    await lab.bulk.sort.selectOption({ label: 'Googlebot: blocked first' });
    // Blocked, then allowed, then not judged; the list's order within each.
    await lab.bulk.expectShown([
      'https://shop.example.com/products/red-shoes?sessionid=42',
      'https://shop.example.com/checkout/step-1',
      'https://shop.example.com/search?q=shoes',
      'https://shop.example.com/',
      'https://shop.example.com/products/red-shoes',
      'https://shop.example.com/search/about',
      '/admin/',
      '/admin/help',
      '/manuals/size-guide.pdf',
      '/blog/spring-sale',
      'https://shop.example.com/café',
      '/robots.txt',
      'https://other.example.com/',
    ]);
  });

  test('totals count each verdict, and a bar of the chart filters to its rule and shows the line', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.showTotals();
    const rows = lab.bulk.totals.getByTestId('crawler-totals');
    // allowed, blocked, not judged — counted by hand from the example's table
    const totals = { Googlebot: ['9', '3', '1'], 'Googlebot-Image': ['9', '3', '1'], GPTBot: ['2', '10', '1'] };
    for (const [col, name] of EXAMPLE_CRAWLERS.entries()) {
      await expect(rows.nth(col).getByRole('cell'), name).toHaveText(totals[name]);
    }
    // GPTBot's "Disallow: /" (line 16) decides the most cells.
    const bar = lab.bulk.ruleBars.first();
    await expect(bar).toHaveAttribute('data-line', '16');
    await bar.click();
    await expect(lab.bulk.ruleFilter).toHaveText(/Decided by line 16/);
    await lab.bulk.expectShown(
      EXAMPLE_URLS.filter((u) => !['/blog/spring-sale', '/robots.txt', 'https://other.example.com/'].includes(u)),
    );
    await expect.poll(() => lab.editor.linesWith('cm-rl-rule')).toEqual([16]);
    await lab.bulk.ruleFilter.getByRole('button', { name: 'Clear the rule filter' }).click();
    await lab.bulk.expectShown([...EXAMPLE_URLS]);
  });
});
