import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

/** A sitemap as a CMS writes it, gzipped here (the fixture is made by the test, not stored). */
const SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  '<url><loc>https://shop.example.com/blog/launch</loc></url>\n' +
  '<url><loc>https://shop.example.com/checkout/pay</loc></url>\n' +
  '<url><loc>https://shop.example.com/search?q=shoes&amp;page=2</loc></url>\n</urlset>\n';

test.describe('an auditor brings a gzipped sitemap', () => {
  test('a .xml.gz is unpacked in the browser and its <loc> URLs are tested', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    // The file chooser offers .gz files too (not only drag and drop).
    expect(await page.getByTestId('url-file').getAttribute('accept')).toContain('.gz');
    await lab.bulk.pickFile('sitemap.xml.gz', gzipSync(SITEMAP), 'application/gzip');
    await expect(lab.bulk.importNote).toHaveText('Loaded 3 URLs from sitemap.xml.gz.');
    await expect
      .poll(() => lab.inputs.urlText())
      .toBe(
        'https://shop.example.com/blog/launch\nhttps://shop.example.com/checkout/pay\n' +
          'https://shop.example.com/search?q=shoes&page=2\n',
      );
    await lab.results.expectFinished(3, 3);
    await expect(lab.results.cell(0, 2)).toContainText('Allowed'); // GPTBot: Allow: /blog/
    await expect(lab.results.cell(1, 0)).toContainText('Blocked'); // Googlebot: Disallow: /checkout/
    await expect(lab.results.cell(2, 0)).toContainText('Blocked'); // Googlebot: Disallow: /search
  });

  test('a cut .xml.gz is refused with the reason, and the list already there is kept', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open();
    const before = await lab.inputs.urlText();
    await lab.bulk.pickFile('broken.xml.gz', gzipSync(SITEMAP).subarray(0, 40), 'application/gzip');
    await expect(lab.bulk.importNote).toContainText('broken gzip data');
    expect(await lab.inputs.urlText()).toBe(before);
  });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    test(`the imported list reads well at ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      const lab = new LabPage(page);
      await lab.open();
      await lab.bulk.pickFile('sitemap.xml.gz', gzipSync(SITEMAP), 'application/gzip');
      await expect(lab.bulk.importNote).toHaveText('Loaded 3 URLs from sitemap.xml.gz.');
      await lab.results.expectFinished(3, 3);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(scroll).toBeLessThanOrEqual(0);
      // On a wide screen the inputs fold once the list has its verdicts: opened again, the note is there.
      await lab.inputs.show();
      await lab.bulk.importNote.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/gzip-sitemap-${size.width}x${size.height}.png` });
    });
  }
});
