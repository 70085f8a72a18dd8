import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/**
 * A robots.txt too large for localStorage (over 200,000 characters) is kept
 * in IndexedDB (src/persist/inputs.ts), named in localStorage with its size,
 * and comes back whole after a reload.
 */
test('a robots.txt of 400,000 characters is back whole after a reload', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  let text = 'User-agent: *\n';
  for (let i = 0; text.length < 400_000; i++) text += `Disallow: /kept-across-reload/${i}\n`;
  text += 'Allow: /the-last-line\n';
  const lines = text.split('\n').length;
  await lab.editor.replaceText(text);
  await expect(lab.editor.stats).toContainText(`${lines.toLocaleString('en')} lines`);
  // localStorage names the field kept in IndexedDB once the worker has written it.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('robots-lab') ?? '{}').external ?? []))
    .toContain('robotsText');
  const stored = await lab.storedValue('robots-lab:robotsText');
  expect(stored).toBe(text);

  await page.reload();
  await expect(lab.editor.stats).toContainText(`${lines.toLocaleString('en')} lines`);
  await lab.editor.content.press('ControlOrMeta+End');
  await expect(lab.editor.content.getByText('Allow: /the-last-line', { exact: true })).toBeVisible();
  await lab.editor.content.press('ControlOrMeta+Home');
  await expect(lab.editor.content.getByText('Disallow: /kept-across-reload/0', { exact: true })).toBeVisible();
});
