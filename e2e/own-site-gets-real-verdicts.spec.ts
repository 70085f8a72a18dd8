import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// A robots.txt governs only its own origin (docs/behaviour.md §1); the page must not leave
// a newcomer's own URLs "Not judged" because the field still holds the example's address.
const OWN_FILE = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\n';
const OWN_URLS = ['https://www.my-shop.test/', 'https://www.my-shop.test/private/a', '/private/ok'];
// Written by hand from the three lines above (longest match wins, docs/behaviour.md §8).
const EXPECTED = ['Allowed', 'Blocked', 'Allowed'];

test('pasting your own robots.txt and URLs gives real verdicts, not "Not judged"', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(OWN_FILE);
  await lab.inputs.setUrls(OWN_URLS);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('Googlebot', 'googlebot');

  await expect(page.getByTestId('scope-switched')).toContainText('https://www.my-shop.test/robots.txt');
  await expect(lab.inputs.robotsUrl).toHaveValue('https://www.my-shop.test/robots.txt');
  await lab.results.expectFinished(3, 1);
  for (const [row, verdict] of EXPECTED.entries()) {
    await expect.poll(async () => (await lab.results.verdictOf(row, 0)).verdict).toBe(verdict);
  }
  await expect(page.getByTestId('scope-banner')).toHaveCount(0);
});

test('a bare host is completed, a wrong path is explained at the field, and a banner offers the fix', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(OWN_FILE);
  await lab.inputs.setUrls(OWN_URLS);
  await expect(lab.inputs.robotsUrl).toHaveValue('https://www.my-shop.test/robots.txt');

  // Typed key by key, every prefix of a host ("elsewhere.", "elsewhere.t", …) reads as a URL:
  // the banner about the field's site waits until the field is done with.
  await lab.inputs.robotsUrl.fill('');
  await lab.inputs.robotsUrl.pressSequentially('elsewhere.test');
  await expect(page.getByTestId('robots-url-note')).toHaveText('Reads as https://elsewhere.test/robots.txt.');
  const banner = page.getByTestId('scope-banner');
  await expect.poll(() => lab.results.verdictOf(1, 0)).toMatchObject({ verdict: 'Not judged' });
  await expect(banner).toHaveCount(0);
  await lab.inputs.robotsUrl.press('Enter');
  await expect(lab.inputs.robotsUrl).toHaveValue('https://elsewhere.test/robots.txt');
  // Both absolute URLs are now on another site: one banner, with the way out.
  await expect(banner).toContainText('2 of 3 URLs are not on https://elsewhere.test');
  await page.getByTestId('scope-fix').click();
  await expect(lab.inputs.robotsUrl).toHaveValue('https://www.my-shop.test/robots.txt');
  await expect(banner).toHaveCount(0);
  await expect.poll(async () => (await lab.results.verdictOf(1, 0)).verdict).toBe('Blocked');

  await lab.inputs.robotsUrl.fill('https://www.my-shop.test/shop/robots.txt');
  await expect(lab.inputs.robotsUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('robots-url-note')).toHaveText(
    '⚠ A robots.txt lives only at the root of its site: https://www.my-shop.test/robots.txt.',
  );

  // Emptied, the field offers the site the URLs are on in one click.
  await lab.inputs.robotsUrl.fill('');
  await page.getByTestId('robots-url-offer').click();
  await expect(lab.inputs.robotsUrl).toHaveValue('https://www.my-shop.test/robots.txt');
});
