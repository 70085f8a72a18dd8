import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// Written by hand (docs/behaviour.md §10): line 4 is usable, line 5 is not an
// absolute URL, line 6 is on another host than the robots.txt URL
// (https://shop.example.com/robots.txt, the example's).
const ROBOTS = [
  'User-agent: *',
  'Disallow: /private/',
  'Disallow: /*.pdf$',
  'Sitemap: https://shop.example.com/sitemap.xml',
  'Sitemap: /sitemap2.xml',
  'Sitemap: https://cdn.example.net/s.xml',
].join('\n');

const SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  [
    'https://shop.example.com/',
    'https://shop.example.com/doc.pdf',
    'https://shop.example.com/private/a',
    'https://shop.example.com/private/b',
    'https://shop.example.com/ok',
  ]
    .map((u) => `<url><loc>${u}</loc></url>`)
    .join('\n') +
  '\n</urlset>\n';

test('the Sitemaps tab lists the sitemap lines with what is wrong, and flags sitemap URLs the rules block', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(ROBOTS);

  await page.getByTestId('dock-sitemaps').click();
  const lines = page.getByTestId('sitemap-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toHaveAttribute('data-line', '4');
  await expect(lines.nth(0)).toHaveClass(/\bok\b/);
  await expect(lines.nth(1)).toHaveClass(/\bbad\b/);
  await expect(lines.nth(1)).toContainText('not an absolute URL');
  await expect(lines.nth(2)).toContainText('on another host (cdn.example.net)');
  await expect(lines.nth(0)).toContainText('at most 50,000 URLs');
  await expect(page.getByTestId('sitemap-banner')).toHaveCount(0);

  // Import the site's own sitemap as the URL list: 3 of its 5 URLs are blocked for Googlebot.
  await lab.bulk.pickFile('sitemap.xml', SITEMAP, 'application/xml');
  await lab.results.expectFinished(5, 3);
  const banner = page.getByTestId('sitemap-banner');
  await expect(banner.getByTestId('sitemap-blocked-count')).toHaveText('3 URLs');
  await expect(banner.getByTestId('sitemap-blocked-lines')).toHaveText(
    '2 by line 2 (Disallow: /private/), 1 by line 3 (Disallow: /*.pdf$)',
  );
  await expect(banner).toContainText('listed in your sitemap sitemap.xml are blocked for');
  await expect(page.getByTestId('sitemap-import')).toContainText('sitemap.xml: 5 URLs.');

  // "Show them" filters the table to exactly those URLs.
  await banner.getByTestId('sitemap-show-blocked').click();
  await expect(lab.results.grid.getByTestId('url-typed')).toHaveText(['/doc.pdf', '/private/a', '/private/b']);

  // Allow the private pages for Googlebot only: the count follows the file.
  await lab.editor.replaceText(`${ROBOTS}\n\nUser-agent: Googlebot\nDisallow: /*.pdf$\n`);
  await expect(banner.getByTestId('sitemap-blocked-count')).toHaveText('1 URL');
  // For GPTBot (the `*` group) the three are still blocked.
  await banner.getByTestId('sitemap-crawler').selectOption({ label: 'GPTBot' });
  await expect(banner.getByTestId('sitemap-blocked-count')).toHaveText('3 URLs');
});

test('a file with hundreds of Sitemap: lines lists the first 200 and counts the rest', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  // 250 lines; every tenth is relative, so 25 are not usable (5 of them past the first 200).
  const lines = Array.from({ length: 250 }, (_, i) =>
    i % 10 === 0 ? `Sitemap: /s${i}.xml` : `Sitemap: https://shop.example.com/s${i}.xml`,
  );
  await lab.editor.replaceText(`User-agent: *\nDisallow: /x\n${lines.join('\n')}\n`);
  await page.getByTestId('dock-sitemaps').click();
  await expect(page.getByTestId('sitemap-line')).toHaveCount(200);
  await expect(page.getByTestId('sitemaps-more')).toHaveText('And 50 more Sitemap: lines (25 not usable in all).');
});
