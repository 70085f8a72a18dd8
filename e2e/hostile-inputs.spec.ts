import { expect, type Page, test } from '@playwright/test';
import { insertAsInputEvents } from './fixtures/hostile';
import { LabPage } from './pages/LabPage';

/** Hostile input catalogue (issue 10 item 2): the page stays usable, says what it did, and loses nothing typed. */

/** The lines a user "types" through input events: an allow rule each, ending in a unique marker. */
function typedLines(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `Allow: /typed-${i}\n`);
}

async function emptyEditor(lab: LabPage): Promise<void> {
  await lab.editor.content.click();
  await lab.page.keyboard.press('ControlOrMeta+A');
  await lab.page.keyboard.press('Delete');
}

function saved(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('robots-lab') ?? '');
}

test('2,000 lines inserted one input event each all reach the worker and the saved state', async ({ page }) => {
  test.setTimeout(300_000);
  const lab = new LabPage(page);
  await lab.open();
  await emptyEditor(lab);
  await page.keyboard.insertText('User-agent: *\n');
  await insertAsInputEvents(page, typedLines(2000));
  // 1 group line + 2,000 rules + the empty last line: the worker parsed the whole text.
  await expect(lab.editor.stats).toContainText('2,002 lines');
  await expect.poll(() => saved(page)).toContain('Allow: /typed-1999\\n');
  await page.reload();
  await expect(lab.editor.stats).toContainText('2,002 lines');
});
