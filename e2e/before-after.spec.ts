import { expect, type Page, test } from '@playwright/test';
import { EXAMPLE_ROBOTS_TXT } from '../src/fixtures/example';
import { BeforeAfterPanel } from './pages/BeforeAfterPanel';
import { LabPage } from './pages/LabPage';

// Issue 9 item 1: paste the deployed file, edit the copy, and see in one
// screen which URLs × crawlers flip and why; a click lands on the edited line
// that causes the flip. Expectations are worked out by hand from the example
// (src/fixtures/example.ts) and docs/behaviour.md §5 and §8.

/**
 * The example with two edits: GPTBot's `Allow: /blog/` (line 17) narrowed to
 * /blog/archive/, so /blog/spring-sale falls to `Disallow: /` (line 16) for
 * GPTBot; and Googlebot's `Disallow: /checkout/` (line 5) narrowed to
 * step-2, so /checkout/step-1 is allowed for Googlebot and Googlebot-Image
 * (which obeys the Googlebot group, having none of its own).
 */
const EDITED = EXAMPLE_ROBOTS_TXT.replace('Allow: /blog/\n', 'Allow: /blog/archive/\n').replace(
  'Disallow: /checkout/\n',
  'Disallow: /checkout/step-2\n',
);

async function openWithDeployedExample(page: Page): Promise<{ lab: LabPage; ba: BeforeAfterPanel }> {
  const lab = new LabPage(page);
  const ba = new BeforeAfterPanel(page);
  await lab.open();
  await ba.open();
  await ba.pasteDeployed(EXAMPLE_ROBOTS_TXT);
  // The same file on both sides flips nothing.
  await expect(ba.newlyBlocked).toHaveText('0');
  await expect(ba.newlyAllowed).toHaveText('0');
  return { lab, ba };
}

test('an edit shows its verdict flips, counted per crawler, with the lines that cause them', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.sourceFile}`));
  });
  const { lab, ba } = await openWithDeployedExample(page);
  await lab.editor.replaceText(EDITED);

  await expect(ba.newlyBlocked).toHaveText('1');
  await expect(ba.newlyAllowed).toHaveText('2');
  expect(await ba.countsOf('GPTBot')).toEqual(['1', '0']);
  expect(await ba.countsOf('Googlebot')).toEqual(['0', '1']);
  expect(await ba.countsOf('Googlebot-Image')).toEqual(['0', '1']);
  await expect(ba.flips).toHaveCount(3);

  const gpt = ba.flip('/blog/spring-sale', 'GPTBot');
  await expect(gpt.getByTestId('flip-old')).toHaveText('allowed by line 17 (Allow: /blog/)');
  await expect(gpt.getByTestId('flip-new')).toHaveText('blocked by line 16 (Disallow: /)');
  await expect(gpt.getByTestId('flip-causes')).toHaveText('line 17 changed: Allow: /blog/ → Allow: /blog/archive/');

  // Filtering by kind keeps the two newly allowed ones.
  await page.getByTestId('flip-kind').selectOption('blocked-to-allowed');
  await expect(ba.flips).toHaveCount(2);
  await expect(ba.flips.first().getByTestId('flip-causes')).toHaveText(
    'line 5 changed: Disallow: /checkout/ → Disallow: /checkout/step-2',
  );
  await page.getByTestId('flip-kind').selectOption('all');
  await expect(ba.flips).toHaveCount(3);

  // Clicking a flip lands on the edited line that causes it, in the editor.
  await gpt.getByTestId('flip-jump').click();
  await expect.poll(() => lab.editor.linesWith('cm-rl-rule')).toEqual([17]);
  // The merge view's editors and everything above ran under the strict policy without a violation.
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
});

test('an edit in the deployed side re-compares too, a bad file is refused and a dropped file is used', async ({
  page,
}) => {
  const { lab, ba } = await openWithDeployedExample(page);
  await lab.editor.replaceText(EDITED);
  await expect(ba.newlyBlocked).toHaveText('1');
  // Make the deployed side say what the edit says about /checkout/: those two flips go.
  await ba.pasteDeployed(EXAMPLE_ROBOTS_TXT.replace('Disallow: /checkout/\n', 'Disallow: /checkout/step-2\n'));
  await expect(ba.newlyAllowed).toHaveText('0');
  await expect(ba.newlyBlocked).toHaveText('1');

  await page.getByTestId('deployed-file').setInputFiles({
    name: 'robots.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0x55, 0x00, 0x01, 0x02]),
  });
  await expect(ba.notice).toContainText('not a text file');
  await expect(ba.newlyBlocked).toHaveText('1');
  await expect(ba.newlyAllowed).toHaveText('0');

  // Dropping the original file onto the view makes it the deployed file again: the /checkout/ flips come back.
  const dropped = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'robots.txt', { type: 'text/plain' }));
    return dt;
  }, EXAMPLE_ROBOTS_TXT);
  await page.getByTestId('before-after').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(ba.newlyAllowed).toHaveText('2');
  await expect(ba.newlyBlocked).toHaveText('1');
});

test('a large file copied to the deployed side is coloured once it is in', async ({ page }) => {
  // Over 64 KiB: the side takes it without its parser, which comes back a task later (MergePane.tsx).
  const lines = Array.from({ length: 6_000 }, (_, i) => `Disallow: /section-${i}/page`);
  const big = `User-agent: *\n${lines.join('\n')}\n`;
  expect(big.length).toBeGreaterThan(1 << 17);
  const lab = new LabPage(page);
  const ba = new BeforeAfterPanel(page);
  await lab.open();
  await lab.editor.replaceText(big);
  await expect(lab.editor.stats).toContainText('6,002 lines');
  await ba.open();
  await page.getByTestId('deployed-from-editor').click();
  await expect(ba.newlyBlocked).toHaveText('0');
  // An edit at the top shows the first lines of both sides (the rest stays folded as unchanged).
  await lab.editor.content.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.insertText('# edited\n');
  const first = ba.deployed.locator('.cm-line', { hasText: 'User-agent: *' });
  await expect(first).toBeVisible();
  const colours = () =>
    first.evaluate((line) => {
      const key = Array.from(line.querySelectorAll('span')).find((s) => s.textContent === 'User-agent');
      return { line: getComputedStyle(line).color, key: key ? getComputedStyle(key).color : null };
    });
  await expect
    .poll(async () => {
      const c = await colours();
      return c.key !== null && c.key !== c.line;
    })
    .toBe(true);
});

test('keys typed into either side are all kept, also one typed in the frame that saves the one before', async ({
  page,
}) => {
  const lab = new LabPage(page);
  const ba = new BeforeAfterPanel(page);
  await lab.open();
  await ba.open();
  for (const side of [ba.deployed, ba.edited]) {
    await side.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('Disallow: /');
    // Each key in an animation frame, after the one that hands the key before it to the store.
    await side.evaluate(async () => {
      for (let i = 0; i < 20; i++)
        await new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            document.execCommand('insertText', false, 'x');
            resolve();
          }),
        );
    });
    await expect(side).toHaveText(`Disallow: /${'x'.repeat(20)}`);
  }
  await expect(lab.editor.content).toHaveText(`Disallow: /${'x'.repeat(20)}`);
});

test('a snapshot is saved, restored as the deployed file, and the deployed file survives a reload', async ({
  page,
}) => {
  const { lab, ba } = await openWithDeployedExample(page);
  await ba.saveSnapshot('live today');
  await lab.editor.replaceText(EDITED);
  await expect(ba.newlyBlocked).toHaveText('1');

  // Deployed := the edited file: nothing flips; restoring the snapshot brings the flips back.
  await page.getByTestId('deployed-from-editor').click();
  await expect(ba.newlyBlocked).toHaveText('0');
  await ba.restoreSnapshot('live today');
  await expect(ba.newlyBlocked).toHaveText('1');
  await expect(ba.newlyAllowed).toHaveText('2');

  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const r = indexedDB.open('robots-lab', 1);
            r.onsuccess = () => {
              const g = r.result.transaction('values').objectStore('values').get('deploy:deployed');
              g.onsuccess = () => resolve(String(g.result ?? ''));
            };
          }),
      ),
    )
    .toContain('Allow: /blog/\n');
  await lab.reloadAfterSave('archive');
  await ba.open();
  await expect(ba.newlyBlocked).toHaveText('1');
  await expect(ba.newlyAllowed).toHaveText('2');
  await expect(page.getByTestId('snapshot')).toHaveText(/live today/);

  // "Forget stored data" forgets the deployed file and the snapshots too.
  await lab.openMenu();
  await page.getByRole('button', { name: 'Forget stored data…' }).click();
  await page.getByRole('button', { name: 'Forget everything' }).click();
  await expect(lab.results.status).toContainText('evaluated');
  await ba.open();
  await expect(page.getByTestId('deploy-empty')).toBeVisible();
  await expect(page.getByTestId('snapshot')).toHaveCount(0);
});

/** Screenshots for a human look (not assertions), at the three sizes the page is made for. */
for (const [w, h] of [
  [1440, 900],
  [1280, 720],
  [390, 844],
]) {
  test(`before/after at ${w}×${h} has no sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const { lab, ba } = await openWithDeployedExample(page);
    await lab.editor.replaceText(EDITED);
    await expect(ba.newlyAllowed).toHaveText('2');
    await ba.saveSnapshot('live today');
    // As a user on a short screen sees it: the inputs folded to their summary line.
    await lab.inputs.hide();
    await ba.tab.scrollIntoViewIfNeeded();
    const [scrollWidth, innerWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: `test-results/shots-deploy/before-after-${w}x${h}.png` });
    await page.screenshot({ path: `test-results/shots-deploy/before-after-${w}x${h}-full.png`, fullPage: true });
  });
}
