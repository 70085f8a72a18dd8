import { expect, test } from '@playwright/test';
import { EXAMPLE_CRAWLERS, EXAMPLE_URLS } from './fixtures/example';
import { shootAtEverySize } from './fixtures/screens';
import { LabPage } from './pages/LabPage';

/**
 * The browser's storage for the page fills up (simulated: localStorage
 * throws QuotaExceededError, as browsers do, once the test says so). The
 * user is told once, the work stays in the tab, and the copy saved before
 * is what a reload brings back; once storage takes writes again, the next
 * edit is saved and the notice goes.
 */
test('when storage is full the page says so once, keeps the work, and the saved copy stays whole', async ({ page }) => {
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (this === localStorage && sessionStorage.getItem('storage-full') === '1')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
  });
  const lab = new LabPage(page);
  await lab.open();
  const notice = page.getByTestId('storage-notice');
  const before = 'User-agent: *\nDisallow: /saved-before\n';
  await lab.editor.replaceText(before);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('robots-lab') ?? '')).toContain('saved-before');

  await page.evaluate(() => sessionStorage.setItem('storage-full', '1'));
  await lab.editor.replaceText('User-agent: *\nDisallow: /only-in-this-tab\n');
  await expect(notice).toHaveText(
    "Your latest changes are not saved: this browser's storage for the page is full. They stay in this tab; the copy saved before is kept.",
  );
  await lab.results.expectFinished(EXAMPLE_URLS.length, EXAMPLE_CRAWLERS.length);
  await shootAtEverySize(page, 'storage-full', 'notice');
  // More edits: still one notice, and the work is in the tab.
  await lab.editor.replaceText('User-agent: *\nDisallow: /still-only-here\n');
  await expect(notice).toHaveCount(1);
  await expect.poll(() => lab.editor.text()).toBe('User-agent: *\nDisallow: /still-only-here\n');

  // A reload brings back the copy saved before, whole.
  await page.reload();
  await expect.poll(() => lab.editor.text()).toBe(before);

  // Storage takes writes again: the next edit is saved and the notice goes.
  await page.evaluate(() => sessionStorage.removeItem('storage-full'));
  await lab.editor.replaceText('User-agent: *\nDisallow: /saved-again\n');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('robots-lab') ?? '')).toContain('saved-again');
  await expect(notice).toHaveCount(0);
});
