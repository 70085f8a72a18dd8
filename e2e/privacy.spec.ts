import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

test('a full session sends no request outside the page origin and logs no console error', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));

  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText('User-agent: *\nDisallow: /private\nSitemap: https://tracker.example.net/sitemap.xml\n');
  await lab.inputs.setUrls(['https://shop.example.com/private/x', 'https://cdn.example.net/a.png', '/public']);
  await lab.inputs.addToken('PrivacyBot');
  await lab.results.expectFinished(3, 4);
  await lab.results.select(0, 3);
  await expect(lab.results.explainReason).toContainText('Blocked');
  await page.keyboard.press('ArrowDown');
  await lab.inputs.fetchStatus.selectOption('500');
  await expect(lab.inputs.fetchOutcome).toContainText('500');
  await lab.reloadAfterSave('PrivacyBot');
  await lab.results.select(2, 0);

  const foreign = requests.filter(
    (u) => !u.startsWith(`${origin}/`) && !u.startsWith('blob:') && !u.startsWith('data:'),
  );
  expect(foreign).toEqual([]);
  expect(requests.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
