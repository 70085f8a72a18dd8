import { expect, test } from '@playwright/test';
import { storedTexts } from './fixtures/stored';
import { LabPage } from './pages/LabPage';

const MINE = 'User-agent: *\nDisallow: /mine/\n';
/** The example's row whose URL is on another site than its robots.txt. */
const STRAY = 11;

test('"Load the example" can be undone: file, URLs, crawlers and settings all come back', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(MINE);
  await lab.inputs.setUrls(['/mine/a', '/yours']);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('ClaudeBot', 'claudebot');
  await lab.inputs.addToken('MyBot');
  await lab.inputs.robotsUrl.fill('https://mine.test/robots.txt');
  await lab.inputs.fetchStatus.selectOption('403');
  await lab.inputs.normalise.uncheck();
  await lab.results.expectFinished(2, 2);

  // The example is in the header's menu: a first visit needs New, Open and Share only.
  await lab.openMenu();
  await page.getByRole('button', { name: 'Load the example' }).click();
  await expect(page.getByTestId('header-menu')).not.toHaveAttribute('open', '');
  await expect.poll(() => lab.editor.text()).toContain('robots.txt for shop.example.com');
  await expect(lab.inputs.profile('claudebot')).not.toBeChecked();

  await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => lab.editor.text()).toBe(MINE);
  await expect.poll(() => lab.inputs.urlText()).toBe('/mine/a\n/yours');
  await expect(lab.inputs.profile('claudebot')).toBeChecked();
  await expect(lab.inputs.profile('googlebot')).not.toBeChecked();
  await expect(lab.inputs.tokenChip('MyBot')).toBeVisible();
  await expect(lab.inputs.robotsUrl).toHaveValue('https://mine.test/robots.txt');
  await expect(lab.inputs.fetchStatus).toHaveValue('403');
  await expect(lab.inputs.normalise).not.toBeChecked();
  await lab.results.expectFinished(2, 2);
  await expect(page.getByTestId('undo-toast')).toHaveCount(0);
});

test('"New" starts empty, says what to do, offers no export of nothing, and can be undone', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect.poll(() => lab.editor.text()).toBe('');
  await expect(page.getByTestId('results-empty')).toHaveText('Add URLs to test, one per line.');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Export JSON' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Totals' }).click();
  await expect(page.getByTestId('totals')).toHaveCount(0);

  await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => lab.editor.text()).toContain('robots.txt for shop.example.com');
  await lab.results.expectFinished(13, 3);
});

test('"Forget stored data" removes what this browser kept and starts again from the example', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(MINE);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('robots-lab') ?? '')).toContain('/mine/');
  // Another origin's file (the example's list has a URL on another site), kept in IndexedDB.
  await lab.results.select(STRAY, 0);
  await page.getByTestId('add-origin').click();
  await page.getByTestId('origins-panel').getByTestId('origin-text').fill('User-agent: *\nDisallow: /other-mine/\n');
  await expect.poll(() => storedTexts(page)).toContain('/other-mine/');

  await lab.openMenu();
  await page.getByRole('button', { name: 'Forget stored data…' }).click();
  // The page reloads once it has forgotten: wait for the new page, not the old one's status.
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Forget everything' }).click()]);
  await expect(lab.results.status).toContainText('evaluated');
  await expect.poll(() => lab.editor.text()).toContain('robots.txt for shop.example.com');
  // The page saves what it shows again (the example); nothing of the forgotten file is left.
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('robots-lab'))
      .map((k) => localStorage.getItem(k) ?? '')
      .join('\n'),
  );
  expect(kept).not.toContain('/mine/');
  expect(await storedTexts(page)).not.toContain('/other-mine/');
  await expect.poll(() => lab.results.verdictOf(STRAY, 0)).toEqual({ verdict: 'Not judged', line: 0 });
});
