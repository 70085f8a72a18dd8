import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

type DebugWindow = { __robotsLab: { workerFault(f: 'throw' | 'hang'): void } };

test('a worker that hangs is restarted, the user is told, and nothing they entered is lost', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open('?debug');
  await lab.inputs.addToken('KeepMeBot');
  await lab.results.expectFinished(13, 4);
  const before = await lab.editor.text();

  await page.evaluate(() => (window as unknown as DebugWindow).__robotsLab.workerFault('hang'));
  await expect(lab.workerNotice()).toContainText('did not answer');
  await expect(lab.workerNotice()).toContainText('untouched');

  // The fresh worker answers: the text, URLs and crawlers are as they were, and edits are evaluated again.
  expect(await lab.editor.text()).toBe(before);
  await expect(lab.results.crawlerHeaders()).toHaveText([/Googlebot/, /Googlebot-Image/, /GPTBot/, /KeepMeBot/]);
  await lab.results.expectFinished(13, 4);
  await lab.inputs.setUrls(['/checkout/now']);
  await lab.results.expectFinished(1, 4);
  await expect(lab.results.cell(0, 0)).toContainText('Blocked');
});

test('a worker that crashes is restarted with the state kept', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open('?debug');
  await page.evaluate(() => (window as unknown as DebugWindow).__robotsLab.workerFault('throw'));
  await expect(lab.workerNotice()).toContainText('crashed');
  await lab.editor.replaceText('User-agent: *\nDisallow: /\n');
  await expect(lab.results.cell(0, 0)).toContainText('Blocked');
  await lab.page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(lab.workerNotice()).toBeHidden();
});
