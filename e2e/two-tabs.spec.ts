import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/**
 * Two tabs of the page in one browser (issue 10 item 5): the last writer's
 * inputs are the saved ones, and the other tab is told at once, with the
 * choice to load them or keep its own. Nothing is overwritten silently.
 */
test('an edit in one tab is announced in the other, which can load it or keep its own', async ({ context }) => {
  const a = new LabPage(await context.newPage());
  const b = new LabPage(await context.newPage());
  await a.open();
  await b.open();
  const notice = (lab: LabPage) => lab.page.getByTestId('other-tab-notice');
  await expect(notice(a)).toHaveCount(0);

  // Tab B edits: its text is saved, and tab A hears of it without losing its own text.
  await b.editor.replaceText('User-agent: *\nDisallow: /from-b\n');
  await expect(notice(a)).toContainText('changed in another tab');
  await expect.poll(() => a.editor.text()).not.toContain('/from-b');
  await expect(notice(b)).toHaveCount(0);

  // A loads B's version.
  await a.page.getByRole('button', { name: "Load the other tab's" }).click();
  await expect.poll(() => a.editor.text()).toBe('User-agent: *\nDisallow: /from-b\n');
  await expect(notice(a)).toHaveCount(0);

  // A edits; B is told, and keeps its own: B's text is what a fresh tab gets, and A is told in turn.
  await a.editor.replaceText('User-agent: *\nDisallow: /from-a\n');
  await expect(notice(b)).toBeVisible();
  await b.editor.replaceText('User-agent: *\nDisallow: /b-again\n');
  await b.page.getByRole('button', { name: 'Keep mine' }).click();
  await expect(notice(b)).toHaveCount(0);
  await expect(notice(a)).toBeVisible();
  const fresh = new LabPage(await context.newPage());
  await fresh.open();
  await expect.poll(() => fresh.editor.text()).toBe('User-agent: *\nDisallow: /b-again\n');
  // A still shows its own text until it chooses.
  await expect.poll(() => a.editor.text()).toBe('User-agent: *\nDisallow: /from-a\n');
});
