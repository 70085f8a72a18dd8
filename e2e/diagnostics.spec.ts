import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

test('a typo in a key is flagged in the editor', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText('Usr-agent: badbot\nDisallow: /private\n\nUser-agent: *\nDisalow: /tmp/\n');
  await expect(lab.editor.stats).toContainText('1 error');
  // The misspelt key is an error; so the rule after it belongs to no group (a warning), and
  // the typo Google accepts is a warning too.
  const error = page.locator('.cm-lintRange-error');
  await expect(error).toHaveText('Usr-agent');
  await expect(page.locator('.cm-lintRange-warning')).toHaveText([/Disallow: \/private/, 'Disalow']);
  await error.hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText('Did you mean');
});
