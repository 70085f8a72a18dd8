import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// The selected cell's rule is highlighted again after every parse and run;
// it must not carry the editor away from the line the user is typing on.
test('typing at the end of the file keeps that line in view while a cell stays selected', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.results.select(3, 0); // /checkout/step-1 for Googlebot: decided by line 5
  await lab.editor.expectHighlight({ group: [4, 6, 7, 8], rule: [5] });
  await lab.editor.content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nDisallow: /typed');
  await expect(lab.editor.stats).toContainText('28 lines');
  // The new parse and run have come back and highlighted line 5 again.
  await expect(lab.results.explainReason).toContainText('line 5');
  await lab.editor.expectHighlight({ group: [4, 6, 7, 8], rule: [5] });
  const typed = lab.editor.content.locator('.cm-line', { hasText: 'Disallow: /typed' });
  await expect(typed).toBeInViewport();
  await expect(lab.editor.content.locator('.cm-activeLine')).toHaveText('Disallow: /typed');
});
