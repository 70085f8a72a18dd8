import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

const LONG_RULE = 'Disallow: /catalogue/*/variants/*?colour=*&size=*&session=';
const FILE = `User-agent: *\n${LONG_RULE}\n`;
const TAIL = 'the-end-of-a-very-long-address.html';
const LONG_URL = `https://www.readable.test/catalogue/shoes/variants/${'x'.repeat(120)}/${TAIL}`;
const URLS = ['https://www.readable.test/', '/catalogue/a/variants/b?colour=red&size=9&session=1', LONG_URL];

test('rows on one site show their paths under the origin, cut in the middle, and each rule whole where it is asked for', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(FILE);
  await lab.inputs.setUrls(URLS);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('Googlebot', 'googlebot');
  await lab.results.expectFinished(3, 1);

  await expect(page.getByTestId('head-origin')).toHaveText('on https://www.readable.test');
  const shown = page.getByTestId('url-typed');
  await expect(shown.nth(0)).toHaveText('/');
  // The long URL keeps its start and its end; the middle gives way.
  const long = (await shown.nth(2).textContent()) ?? '';
  expect(long.startsWith('/catalogue/')).toBe(true);
  expect(long).toContain('…');
  expect(long.endsWith('.html')).toBe(true);

  // A cell gives its verdict and deciding line on one line each; the rule is whole in its title and,
  // once the cell is selected, in the cell itself and in the explanation.
  const cell = lab.results.cell(1, 0);
  await expect(cell.getByTestId('cell-rule')).toHaveText('line 2');
  await expect(cell).toHaveAttribute('title', `line 2 · ${LONG_RULE}`);
  await lab.results.select(1, 0);
  await expect(cell.getByTestId('cell-rule')).toHaveText(`line 2 · ${LONG_RULE}`);
  await expect(lab.results.explainReason).toContainText(LONG_RULE);

  // With two crawlers decided by the same rule, the row says the rule once, under its URL.
  await lab.inputs.chooseProfile('Bingbot', 'bingbot');
  await lab.results.expectFinished(3, 2);
  const shared = lab.results.rows().nth(1).getByTestId('row-rule');
  await expect(shared).toHaveText(`every crawler: line 2 · ${LONG_RULE}`);
  await expect(shared).toHaveAttribute('title', `line 2 · ${LONG_RULE}`);
  await expect(lab.results.rows().nth(0).getByTestId('row-rule')).toHaveCount(0);

  // The URL column widens from the keyboard, and more of the URL shows.
  const resizer = page.getByRole('separator', { name: 'URL column width' });
  const before = Number(await resizer.getAttribute('aria-valuenow'));
  await resizer.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(resizer).toHaveAttribute('aria-valuenow', String(before + 5 * 24));
  await expect.poll(async () => ((await shown.nth(2).textContent()) ?? '').length).toBeGreaterThan(long.length);
});

/** Pairs of result rows drawn over each other (by their boxes), as "row i / row j". */
async function overlappingRows(page: import('@playwright/test').Page): Promise<string[]> {
  return page.getByTestId('results-grid').evaluate((grid) => {
    const boxes = Array.from(grid.querySelectorAll('[data-testid="result-row"]')).map((r) => r.getBoundingClientRect());
    const found: string[] = [];
    boxes.sort((a, b) => a.top - b.top);
    for (let i = 1; i < boxes.length; i++) {
      if (boxes[i].top < boxes[i - 1].bottom - 1) found.push(`row ${i - 1} / row ${i}`);
    }
    return found;
  });
}

/** The distinct heights of the drawn result rows, in pixels. */
async function rowHeights(page: import('@playwright/test').Page): Promise<number[]> {
  return page
    .getByTestId('results-grid')
    .evaluate((grid) => [
      ...new Set(
        Array.from(grid.querySelectorAll('[data-testid="result-row"]')).map((r) =>
          Math.round(r.getBoundingClientRect().height),
        ),
      ),
    ]);
}

test('rows have one fixed height and never overlap, from the first paint and through filters', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.results.expectFinished(13, 3);
  expect(await overlappingRows(page)).toEqual([]);
  expect(await rowHeights(page)).toEqual([42]);
  // In the example, blocked rows carry longer rules than allowed ones; the first rows of the list are allowed ones.
  await lab.bulk.verdict.selectOption('blocked');
  await expect(lab.bulk.viewCount).toContainText('of 13 rows');
  await expect.poll(() => overlappingRows(page)).toEqual([]);
  await lab.bulk.verdict.selectOption('all');
  await expect.poll(() => overlappingRows(page)).toEqual([]);

  // A new file's run, then a filter that keeps two rows of different heights.
  await lab.editor.replaceText(
    'User-agent: Googlebot\nDisallow: /*.pdf$\n\nUser-agent: *\nAllow: /admin/help\nDisallow: /admin/\nDisallow: /*.pdf\n',
  );
  await lab.results.expectFinished(13, 3);
  await lab.bulk.verdict.selectOption('blocked');
  await expect(lab.bulk.viewCount).toContainText('2 of 13 rows');
  await expect.poll(() => overlappingRows(page)).toEqual([]);
  expect(await rowHeights(page)).toEqual([42]);
});
