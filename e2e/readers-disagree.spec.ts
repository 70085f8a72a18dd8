import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// Written by hand (docs/behaviour.md §11, §14): the 1994 convention reads no
// Allow lines and no wildcards. Googlebot and Googlebot-Image obey their own
// group (lines 6-7), where every reader agrees; GPTBot obeys `*`.
const ROBOTS = [
  'User-agent: *',
  'Disallow: /private',
  'Allow: /private/public',
  'Disallow: /*.cgi',
  '',
  'User-agent: Googlebot',
  'Disallow: /g',
].join('\n');

const URLS = ['/', '/private/x', '/private/public/y', '/a.cgi', '/g/1', '/robots.txt'];

test('the "where readers disagree" filter shows exactly the rows another reader decides differently, and which readers', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(ROBOTS);
  await lab.inputs.setUrls(URLS);
  // The example's crawlers: Googlebot, Googlebot-Image, GPTBot.
  await lab.results.expectFinished(6, 3);

  await page.getByTestId('filter-verdict').selectOption({ label: 'Where readers disagree' });
  const typed = lab.results.grid.getByTestId('url-typed');
  await expect(typed).toHaveText(['/private/public/y', '/a.cgi']);
  await expect(lab.results.grid.getByTestId('url-readers')).toHaveText([
    'Differs from Google: 1994',
    'Differs from Google: 1994',
  ]);
  await expect(page.getByTestId('view-count')).toHaveText('2 of 6 rows');

  // For Googlebot alone, no reader differs.
  await page.getByTestId('filter-crawler').selectOption({ label: 'for Googlebot' });
  await expect(page.getByTestId('view-empty')).toBeVisible();
  await page.getByTestId('filter-crawler').selectOption({ label: 'for GPTBot' });
  await expect(typed).toHaveText(['/private/public/y', '/a.cgi']);

  // The row's GPTBot cell (list row 2) explains it: the readers' strip shows the 1994 reading.
  await lab.results.select(2, 2);
  await expect(lab.results.explain).toContainText('1994');
});
