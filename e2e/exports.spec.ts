import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { EXAMPLE_CRAWLERS, EXAMPLE_RULES, EXAMPLE_URLS, EXAMPLE_VERDICTS } from './fixtures/example';
import { LabPage } from './pages/LabPage';

/** The CLI's `check --format csv` header, written by hand (docs/behaviour.md §12 Outside the reference). */
const CLI_HEADER = 'url,request_url,crawler,verdict,line,rule,note,expected,ok';

const CAFE = 'https://shop.example.com/caf%C3%A9';
const requestUrl = (url: string) => (url.endsWith('café') ? CAFE : url);

/** Clicks an export button and reads the download. */
async function exportFile(page: Page, format: 'CSV' | 'JSON') {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 150_000 }),
    page.getByRole('button', { name: `Export ${format}` }).click(),
  ]);
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

test.describe('exports people can trust', () => {
  test('JSON holds every record with the CLI’s field names, and the message counts records and URLs', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.results.expectFinished(EXAMPLE_URLS.length, 3);
    const json = await exportFile(page, 'JSON');
    expect(json.name).toBe('robots-lab-results.json');
    const records = JSON.parse(json.text) as Record<string, unknown>[];
    const expected = EXAMPLE_URLS.flatMap((url, row) =>
      EXAMPLE_CRAWLERS.map((crawler, col) => {
        const { verdict, line } = EXAMPLE_VERDICTS[row][col];
        return {
          url,
          requestUrl: requestUrl(url),
          crawler,
          status: verdict === 'Not judged' ? 'out-of-scope' : verdict.toLowerCase(),
          line: line || null,
          lineText: line ? EXAMPLE_RULES[line] : null,
        };
      }),
    );
    // The note says why a URL was not judged; it is checked for being there, not word for word.
    expect(records.map(({ note: _, ...r }) => r)).toEqual(expected);
    for (const r of records) expect(r.note !== '').toBe(r.status === 'out-of-scope');
    const n = EXAMPLE_URLS.length;
    await expect(page.getByTestId('export-status')).toHaveText(
      `Exported ${n * 3} records (${n} URLs × 3 crawlers) as JSON.`,
    );
  });

  test('a filtered CSV holds only the filtered records, in the CLI’s schema, with a BOM or wide on request', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.verdict.selectOption('blocked');
    await lab.bulk.crawler.selectOption({ label: 'for Googlebot' });
    const blocked = EXAMPLE_URLS.flatMap((url, row) => {
      const { verdict, line } = EXAMPLE_VERDICTS[row][0];
      return verdict === 'Blocked' ? [{ url, line }] : [];
    });
    await lab.bulk.expectShown(blocked.map((b) => b.url));

    await page.getByTestId('export-options').locator('summary').click();
    await page.getByTestId('export-bom').check();
    const csv = await exportFile(page, 'CSV');
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    expect(csv.text.slice(1).split('\r\n')).toEqual([
      CLI_HEADER,
      ...blocked.map(
        ({ url, line }) => `${url},${requestUrl(url)},Googlebot,blocked,${line},${EXAMPLE_RULES[line]},,,`,
      ),
      '',
    ]);
    await expect(page.getByTestId('export-status')).toHaveText(
      `Exported ${blocked.length} records (${blocked.length} URLs × 1 crawler) as CSV.`,
    );

    await page.getByTestId('export-bom').uncheck();
    await page.getByTestId('export-wide').check();
    const wide = await exportFile(page, 'CSV');
    expect(wide.text.split('\r\n')).toEqual([
      'url,request_url,Googlebot verdict,Googlebot line,Googlebot rule',
      ...blocked.map(({ url, line }) => `${url},${requestUrl(url)},blocked,${line},${EXAMPLE_RULES[line]}`),
      '',
    ]);
  });

  test('an export asked for mid-run waits for the run, or is labelled partial', async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    // 200,000 URLs take seconds on a busy machine; the search keeps the first and the last, so the file stays small.
    const ROWS = 200_000;
    const file = testInfo.outputPath('urls.txt');
    const urls = Array.from({ length: ROWS }, (_, i) => `/page/${i}?sort=price&ref=%7Eu${i}`);
    urls[0] = '/keep/first';
    urls[ROWS - 1] = '/keep/last';
    writeFileSync(file, urls.join('\n'));
    const lab = new LabPage(page);
    await lab.open();
    await lab.bulk.search.fill('/keep/');
    await lab.bulk.fileInput.setInputFiles(file);
    // The new list's run has started (in progress, or already done on a quick machine).
    await expect(lab.results.status).toContainText(`${ROWS.toLocaleString('en')} URLs`);
    const csv = await exportFile(page, 'CSV');
    const status = page.getByTestId('export-status');
    if (csv.name === 'robots-lab-results.csv') {
      // Complete: both kept rows, for the three crawlers.
      expect(csv.text.split('\r\n').filter((l) => l.startsWith('/keep/'))).toHaveLength(6);
      expect(csv.text).toContain('/keep/last,');
      await expect(status).toHaveText('Exported 6 records (2 URLs × 3 crawlers) as CSV.');
    } else {
      expect(csv.name).toBe('robots-lab-results-partial.csv');
      await expect(status).toContainText('Partial: the run had judged');
    }
    await lab.results.expectFinished(ROWS, 3);
  });

  test('the export controls', async ({ page }) => {
    const lab = new LabPage(page);
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await lab.open();
      await lab.results.expectFinished(EXAMPLE_URLS.length, 3);
      await page.getByTestId('export-options').locator('summary').click();
      await page.getByTestId('export-wide').check();
      const controls = page.getByTestId('export-controls');
      await expect(controls).toBeVisible();
      // Every control is inside the page: nothing needs a sideways scroll.
      const box = await controls.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      const options = await page.locator('.export-options-body').boundingBox();
      expect(options && options.x >= 0 && options.x + options.width <= width).toBe(true);
      await page.screenshot({ path: `test-results/exports-${width}x${height}.png` });
    }
  });
});
