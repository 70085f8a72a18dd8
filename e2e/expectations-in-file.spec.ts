import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// A file that carries its own tests (docs/expectations.md). Written by hand:
// line 3 holds (GPTBot obeys `*`, line 2 blocks), line 4 fails (Bingbot obeys
// `*`, so line 2 blocks /private/b), line 5 cannot be read.
const FILE = [
  'User-agent: *',
  'Disallow: /private/',
  '# expect: blocked GPTBot /private/a',
  '# expect: allowed bingbot /private/b',
  '# expect: block googlebot /x',
].join('\n');

test('expectations in the file get a ✓ or ✗ in the gutter, a count in the header and a diagnostic naming the deciding line', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(FILE);

  const marks = page.getByTestId('rl-expect');
  await expect(marks).toHaveCount(3);
  await expect(marks).toHaveText(['✓', '✗', '!']);
  // Each mark says what it found, for a pointer (title) and for a screen reader (aria-label).
  await expect(marks.nth(1)).toHaveAttribute(
    'aria-label',
    /expected allowed, but blocked by line 2 \(Disallow: \/private\/\)/,
  );
  await expect(marks.nth(0)).toHaveAttribute('title', /GPTBot: blocked by line 2/);

  const count = page.getByTestId('expectations-count');
  await expect(count).toHaveText('✗ 3 expectations: 1 pass, 1 fails, 1 malformed');

  // The header's count opens the Problems panel by keyboard; the failing one names the deciding line.
  await count.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /Problems/ })).toHaveAttribute('aria-selected', 'true');
  const failing = page.getByTestId('diagnostic').filter({ hasText: 'expectation-fails' });
  await expect(failing).toHaveCount(1);
  await expect(failing).toHaveAttribute('data-line', '4');
  await expect(failing).toContainText('Bingbot: expected allowed, but blocked by line 2 (Disallow: /private/)');
  // The failing one jumps to its deciding line, from the list (a button) and from the ✗ in the gutter.
  const ruleLines = () => lab.editor.linesWith('cm-rl-rule');
  await expect.poll(ruleLines).toEqual([]);
  await failing.getByTestId('expectation-deciding-line').click();
  await expect.poll(ruleLines).toEqual([2]);
  await lab.editor.replaceText(FILE);
  await expect.poll(ruleLines).toEqual([]);
  await marks.nth(1).click();
  await expect.poll(ruleLines).toEqual([2]);
  const malformed = page.getByTestId('diagnostic').filter({ hasText: 'expectation-malformed' });
  await expect(malformed).toHaveAttribute('data-line', '5');
  await expect(malformed).toContainText('unknown verdict "block"');

  // Fix the file: line 4 now expects what the rules say, and line 5 names a verdict.
  await lab.editor.replaceText(
    FILE.replace('allowed bingbot /private/b', 'blocked bingbot /private/b').replace(
      'block googlebot',
      'allowed googlebot',
    ),
  );
  await expect(marks).toHaveText(['✓', '✓', '✓']);
  await expect(count).toHaveText('✓ 3 expectations: 3 pass');
  await expect(page.getByTestId('diagnostic').filter({ hasText: 'expectation-' })).toHaveCount(0);
});
