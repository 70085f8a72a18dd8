import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

test('filters and sort survive a reload', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.bulk.verdict.selectOption('blocked');
  await lab.bulk.sort.selectOption({ label: 'URL Z → A' });
  await expect(lab.results.status).toContainText('evaluated');
  // Read the count once the run is over: during it the line ends in "so far".
  await expect(lab.bulk.viewCount).toHaveText(/^\d+ of 13 rows$/);
  const before = await lab.bulk.shownUrls();
  const count = await lab.bulk.viewCount.textContent();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('robots-lab-view') ?? '')).toContain('blocked');

  await page.reload();
  await expect(lab.results.status).toContainText('evaluated');
  await expect(lab.bulk.verdict).toHaveValue('blocked');
  await expect(lab.bulk.sort).toHaveValue('url:desc');
  await expect(lab.bulk.viewCount).toHaveText(count ?? '');
  await lab.bulk.expectShown(before);
});

test('the crawler picker lists the chosen crawlers in the table’s column order', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('GPTBot', 'gptbot');
  await lab.inputs.chooseProfile('Googlebot', 'googlebot');
  await expect(lab.results.crawlerHeaders()).toHaveText([/^GPTBot/, /^Googlebot/]);
  const checked = page.getByRole('list', { name: 'Crawler profiles' }).locator('li:has(input:checked) .profile-name');
  await expect(checked).toHaveText(['GPTBot', 'Googlebot']);
});
