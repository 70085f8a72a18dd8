import { expect, type Page, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// Expected values are written by hand from docs/readers.md and docs/behaviour.md §14, §15.

async function setUp(page: Page, text: string, urls: string[], profile: { name: string; id: string }) {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(text);
  await lab.inputs.setUrls(urls);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile(profile.name, profile.id);
  await lab.results.expectFinished(urls.length, 1);
  return lab;
}

test('a blank line inside a group: the explanation shows Yandex and 1994 disagreeing with Google, and why', async ({
  page,
}) => {
  const lab = await setUp(page, 'User-agent: *\n\nDisallow: /private/\n', ['https://example.com/private/x'], {
    name: 'Googlebot',
    id: 'googlebot',
  });
  await lab.results.select(0, 0);
  const strip = page.getByTestId('explain-readers');
  const chips = strip.getByTestId('reader-chip');
  await expect(chips).toHaveText([
    /^Google ✕ Blocked line 3$/,
    /^RFC 9309 ✕ Blocked line 3$/,
    /^Bing ✕ Blocked line 3$/,
    /^Yandex ✓ Allowed no rule · differs$/,
    /^1994 ✓ Allowed no rule · differs$/,
  ]);
  await expect(strip.getByTestId('reader-why')).toHaveText([
    'Yandex: the blank line 2 ends the group, so line 3 belongs to no group',
    '1994: the blank line 2 ends the group, so line 3 belongs to no group',
  ]);
  // No preference line and a search crawler: no purposes.
  await expect(page.getByTestId('explain-purposes')).toHaveCount(0);

  // The Google chip's line link highlights line 3 alone (the selection's group highlight goes).
  await lab.editor.expectHighlight({ group: [1, 2], rule: [3] });
  await chips.first().getByTestId('reader-line').click();
  await lab.editor.expectHighlight({ group: [], rule: [3] });
  await shoot(page, 'readers');
});

test('Content-Signal under User-agent: * shows each purpose, its value and its line', async ({ page }) => {
  const text = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /private/\n';
  const lab = await setUp(page, text, ['https://example.com/page', 'https://example.com/private/x'], {
    name: 'GPTBot',
    id: 'gptbot',
  });
  await lab.results.select(0, 0);
  const rows = page.getByTestId('explain-purposes').getByTestId('purpose-row');
  await expect(rows).toHaveText([
    /^search✓ yesline 2$/,
    /^ai-input– no preference$/,
    /^ai-train✕ noline 2$/,
    /^use– no preference$/,
  ]);
  // Every reader agrees: allowed, no rule decides.
  await expect(page.getByTestId('reader-chip')).toHaveCount(5);
  await expect(page.getByTestId('explain-readers')).toContainText('Every reader agrees with Google here.');

  await rows.nth(2).getByTestId('purpose-line').click();
  await lab.editor.expectHighlight({ group: [], rule: [2] });
  await shoot(page, 'purposes');

  // A path that may not be fetched: no preference applies.
  await lab.results.select(1, 0);
  await expect(rows).toHaveText([
    /^search– not applicable: the path may not be fetched$/,
    /^ai-input– not applicable: the path may not be fetched$/,
    /^ai-train– not applicable: the path may not be fetched$/,
    /^use– not applicable: the path may not be fetched$/,
  ]);
});

/** Screenshots for a human look (not assertions) at the three sizes the page is made for. */
async function shoot(page: Page, name: string) {
  if (!process.env.LENSES_SHOTS) return;
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.getByTestId('explain').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/lenses-${name}-${w}.png` });
  }
}
