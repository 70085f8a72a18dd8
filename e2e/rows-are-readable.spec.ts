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
