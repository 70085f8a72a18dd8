import { expect, type Page, test } from '@playwright/test';
import { marketplaceRobots, marketplaceUrls } from './fixtures/marketplace-robots';
import { shootAtEverySize } from './fixtures/screens';
import { BeforeAfterPanel } from './pages/BeforeAfterPanel';
import { LabPage } from './pages/LabPage';

// A site owner opens a marketplace-sized robots.txt, edits one rule near the top, and only then
// thinks of checking the edit: Before / after offers the file as first opened as the deployed
// side, opens on the change (not at the end of the file), folds what did not change, and keeps
// the answer in sight. Expected flips worked out by hand from the generated file
// (e2e/fixtures/marketplace-robots.ts) and docs/behaviour.md §5 and §7.

const CRAWLERS: [string, string][] = [
  ['Googlebot', 'googlebot'],
  ['Bingbot', 'bingbot'],
  ['GPTBot', 'gptbot'],
  ['ClaudeBot', 'claudebot'],
  ['CCBot', 'ccbot'],
  ['PerplexityBot', 'perplexitybot'],
];

/** Whether the line of an editor that holds `text` is inside the merge view's scroll box. */
async function lineInView(page: Page, side: 'deployed' | 'edited', text: string): Promise<boolean> {
  const line = page.getByTestId(`${side}-editor-content`).locator('.cm-line', { hasText: text }).first();
  const [l, box] = await Promise.all([line.boundingBox(), page.getByTestId('merge-view').boundingBox()]);
  return !!l && !!box && l.y >= box.y && l.y + l.height <= box.y + box.height;
}

test('an edit at line 68 of a 1,588-line file: compared with the file as first opened, shown at the change, the answer in sight', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const lab = new LabPage(page);
  const ba = new BeforeAfterPanel(page);
  await lab.open();
  await lab.editor.replaceText(marketplaceRobots());
  await lab.inputs.clearCrawlers();
  for (const [name, id] of CRAWLERS) await lab.inputs.chooseProfile(name, id);
  await lab.inputs.setUrls(marketplaceUrls(20));
  await lab.results.expectFinished(20, 6);

  // Line 68 "Disallow: /rpp/*_pgn" becomes "Disallow: /rpp/", typed in the editor.
  await lab.editor.content.click();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < 68; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  await expect(lab.editor.content.locator('.cm-line', { hasText: /^Disallow: \/rpp\/$/ })).toHaveCount(1);

  await ba.open();
  // On this short screen the inputs fold to give the comparison the height.
  await expect(page.getByTestId('inputs-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('inputs-folded-note')).toHaveText('Folded to show the comparison.');
  await expect(page.getByTestId('deploy-empty')).toBeVisible();
  await page.getByTestId('deployed-from-opened').click();
  await expect(page.getByTestId('deployed-from-opened')).toBeDisabled();

  // /rpp/electronics is now blocked for the two crawlers that read the * group (ClaudeBot, CCBot); nothing else flips.
  await expect(ba.newlyBlocked).toHaveText('2');
  await expect(ba.newlyAllowed).toHaveText('0');
  expect(await ba.countsOf('ClaudeBot')).toEqual(['1', '0']);
  expect(await ba.countsOf('CCBot')).toEqual(['1', '0']);
  expect(await ba.countsOf('Googlebot')).toEqual(['0', '0']);

  // Both panes open on the change, and what did not change is folded.
  await expect.poll(() => lineInView(page, 'edited', 'Disallow: /rpp/')).toBe(true);
  await expect.poll(() => lineInView(page, 'deployed', 'Disallow: /rpp/*_pgn')).toBe(true);
  const fold = page.getByTestId('merge-view').locator('.cm-collapsedLines').first();
  await expect(fold).toBeVisible();
  // The fold marker is words alone: no glyph that a font without it would draw as an empty box.
  await expect(fold).toHaveText(/^[\d,]+ unchanged lines$/);
  expect(
    await fold.evaluate((el) => [getComputedStyle(el, '::before').content, getComputedStyle(el, '::after').content]),
  ).toEqual(['none', 'none']);
  await shootAtEverySize(page, 'before-after', 'at-the-change');

  // Scrolled down to the flips, the headline and the counts stay in sight.
  const view = page.getByTestId('before-after');
  await view.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  expect(await view.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  const strip = await page.getByTestId('flip-strip').boundingBox();
  const box = await view.boundingBox();
  expect([strip?.y, strip?.height, box?.y, box?.height]).toBeTruthy();
  expect(strip!.y, `strip ${JSON.stringify(strip)} in ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(box!.y - 1);
  expect(strip!.y + strip!.height).toBeLessThanOrEqual(box!.y + box!.height);
  await expect(ba.flips).toHaveCount(2);
  await shootAtEverySize(page, 'before-after', 'scrolled');
});
