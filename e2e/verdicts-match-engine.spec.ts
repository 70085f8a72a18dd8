import { expect, test } from '@playwright/test';
import { checkScope, evaluate, evaluateProfile, parseRobotsTxt, toRequestUrl } from '../src/core/index';
import { findProfile } from '../src/core/profiles';
import { EXAMPLE_ROBOTS_TXT, EXAMPLE_ROBOTS_URL } from '../src/fixtures/example';
import { LabPage } from './pages/LabPage';

const URLS = [
  'https://shop.example.com/',
  'https://shop.example.com/search/about',
  'https://shop.example.com/search/about?x=1',
  '/blog/2024/post',
  '/admin/help/faq',
  '/admin/secret',
  '/cart?item=3',
  '/files/report.pdf',
  '/files/report.pdf?download=1',
  '/tmp/cache',
  'https://shop.example.com/ünïcode/päge',
  '/robots.txt',
  'https://elsewhere.example.org/admin/',
];

test('verdicts in the table are exactly what the engine computes, for profiles and typed tokens', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.setUrls(URLS);
  await lab.inputs.chooseProfile('bingbot', 'bingbot');
  await lab.inputs.chooseProfile('AdsBot-Google', 'adsbot-google');
  await lab.inputs.addToken('Slurp');
  await lab.inputs.addToken('SomeOtherBot');
  const crawlers = [
    ...['googlebot', 'googlebot-image', 'gptbot', 'bingbot', 'adsbot-google'].map((id) => ({
      profile: findProfile(id)!,
      token: '',
    })),
    { profile: null, token: 'Slurp' },
    { profile: null, token: 'SomeOtherBot' },
  ];
  await lab.results.expectFinished(URLS.length, crawlers.length);
  // Folded inputs give the table the height to render every row of this list.
  await lab.inputs.hide();

  const parsed = parseRobotsTxt(EXAMPLE_ROBOTS_TXT);
  for (let row = 0; row < URLS.length; row++) {
    const request = toRequestUrl(URLS[row], EXAMPLE_ROBOTS_URL);
    const absolute = /^https?:\/\//.test(request.url);
    const inScope = !absolute || checkScope(EXAMPLE_ROBOTS_URL, request.url).inScope;
    for (let col = 0; col < crawlers.length; col++) {
      const c = crawlers[col];
      const shown = await lab.results.verdictOf(row, col);
      if (!inScope) {
        expect(shown.verdict, `${URLS[row]} is outside the robots.txt origin`).toBe('Not judged');
        continue;
      }
      const v = c.profile ? evaluateProfile(parsed, request.url, c.profile) : evaluate(parsed, request.url, c.token);
      expect(shown, `${URLS[row]} × ${c.profile?.name ?? c.token}`).toEqual({
        verdict: v.allowed ? 'Allowed' : 'Blocked',
        line: v.rule?.line ?? 0,
      });
    }
  }
  // The normalised request form is shown where it differs from what was typed.
  await expect(lab.results.rows().nth(10).getByTestId('url-request')).toHaveText(/%C3%BCn%C3%AFcode\/p%C3%A4ge/);
});

test('a simulated 503 blocks everything and a 404 allows everything, with the reason shown', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.inputs.fetchStatus.selectOption('503');
  await expect(lab.inputs.fetchOutcome).toContainText('503');
  await expect(lab.results.grid.locator('[data-testid=cell][data-verdict=allowed]')).toHaveCount(0);
  await expect(lab.results.cell(0, 0)).toContainText('Server answered 503');
  await lab.inputs.fetchStatus.selectOption('404');
  await expect(lab.inputs.fetchOutcome).toContainText('everything is allowed');
  await expect(lab.results.grid.locator('[data-testid=cell][data-verdict=blocked]')).toHaveCount(0);
  await lab.results.select(3, 0);
  await expect(lab.results.explainReason).toContainText('404');
});

test('the keyboard moves through the table and the explanation follows', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.results.select(0, 0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(lab.results.cell(2, 1)).toHaveAttribute('aria-selected', 'true');
  await expect(lab.results.grid).toHaveAttribute('aria-activedescendant', 'cell-2-1');
  await expect(lab.results.explain).toContainText('Googlebot-Image');
  await expect(lab.results.explainReason).toContainText('line 6');
  await page.keyboard.press('End');
  await expect(lab.results.cell(2, 2)).toHaveAttribute('aria-selected', 'true');
  await expect(lab.results.explain).toContainText('GPTBot');
});

test('clicking a deciding line in the gutter lists the tested URLs it decides', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  // Line 16 (GPTBot's "Disallow: /") decides most of GPTBot's column.
  await lab.editor.clickDecidingMarker(16);
  await expect(lab.results.decidingList).toContainText('Line 16 decides');
  await expect(lab.results.decidingList.getByRole('listitem').first()).toContainText('GPTBot');
});
