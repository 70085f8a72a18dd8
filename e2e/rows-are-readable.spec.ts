import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

const LONG_RULE = 'Disallow: /catalogue/*/variants/*?colour=*&size=*&session=';
const FILE = `User-agent: *\n${LONG_RULE}\n`;
const TAIL = 'the-end-of-a-very-long-address.html';
const LONG_URL = `https://www.readable.test/catalogue/shoes/variants/${'x'.repeat(120)}/${TAIL}`;
const URLS = ['https://www.readable.test/', '/catalogue/a/variants/b?colour=red&size=9&session=1', LONG_URL];

test('rows on one site show their paths under the origin, cut in the middle, with the rule whole', async ({ page }) => {
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

  // The deciding rule is shown whole (it wraps), not cut.
  const rule = lab.results.cell(1, 0).getByTestId('cell-rule');
  await expect(rule).toHaveText(`line 2 · ${LONG_RULE}`);
  const clipped = await rule.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(clipped).toBe(false);

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

test('rows keep their own heights when a filter puts taller rows where shorter ones were', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.results.expectFinished(13, 3);
  expect(await overlappingRows(page)).toEqual([]);
  // In the example, blocked rows carry a rule that wraps to a second line; the first rows of the list are allowed ones.
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
});
