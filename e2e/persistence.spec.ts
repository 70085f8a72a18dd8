import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

test('after a reload, the robots.txt, URLs, crawlers and settings are all still there', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  const text = 'User-agent: *\nDisallow: /kept-after-reload/\n';
  await lab.editor.replaceText(text);
  await lab.inputs.setUrls(['/kept-after-reload/a', '/elsewhere']);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('ClaudeBot', 'claudebot');
  await lab.inputs.addToken('MyBot');
  await lab.inputs.robotsUrl.fill('https://kept.example/robots.txt');
  await lab.inputs.fetchStatus.selectOption('403');
  await lab.inputs.normalise.uncheck();
  await lab.results.expectFinished(2, 2);

  await lab.reloadAfterSave('kept.example');

  await expect.poll(() => lab.editor.text()).toBe(text);
  await expect.poll(() => lab.inputs.urlText()).toBe('/kept-after-reload/a\n/elsewhere');
  await expect(lab.inputs.profile('claudebot')).toBeChecked();
  await expect(lab.inputs.profile('googlebot')).not.toBeChecked();
  await expect(lab.inputs.tokenChip('MyBot')).toBeVisible();
  await expect(lab.inputs.robotsUrl).toHaveValue('https://kept.example/robots.txt');
  await expect(lab.inputs.fetchStatus).toHaveValue('403');
  await expect(lab.inputs.normalise).not.toBeChecked();
  await lab.results.expectFinished(2, 2);
  await expect(lab.results.crawlerHeaders()).toHaveText([/ClaudeBot/, /MyBot/]);
});
