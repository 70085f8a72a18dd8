import { expect, test } from '@playwright/test';
import { shootAtEverySize } from './fixtures/screens';
import { LabPage } from './pages/LabPage';

test('a typo in a key is flagged in the editor', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText('Usr-agent: badbot\nDisallow: /private\n\nUser-agent: *\nDisalow: /tmp/\n');
  await expect(lab.editor.stats).toContainText('1 error');
  // The misspelt key is an error; so the rule after it belongs to no group (a warning), and
  // the typo Google accepts is a warning too.
  const error = page.locator('.cm-lintRange-error');
  await expect(error).toHaveText('Usr-agent');
  await expect(page.locator('.cm-lintRange-warning')).toHaveText([/Disallow: \/private/, 'Disalow']);
  await error.hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText('Did you mean');
});

test('the header counts open the list of problems: line, severity, message and a fix, by keyboard', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText('Usr-agent: badbot\nDisallow: /private\n\nUser-agent: *\nDisalow: /tmp/\n');
  const counts = page.getByTestId('diagnostic-count');
  await expect(counts).toHaveText(/1 error/);
  await counts.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /Problems/ })).toHaveAttribute('aria-selected', 'true');
  const items = page.getByTestId('diagnostic');
  // Errors first, then by line (the three problems of the file above, written by hand).
  await expect(items.first()).toHaveAttribute('data-line', '1');
  await expect(items.first()).toContainText('Error');
  await expect(items.first()).toContainText('Did you mean');
  await expect(items).toHaveCount(3);
  await expect(items.nth(1)).toHaveAttribute('data-line', '2');
  await expect(items.nth(2)).toHaveAttribute('data-line', '5');

  // The fix is a button reached with Tab; it rewrites the line.
  const fix = items.first().getByTestId('diagnostic-fix').first();
  await fix.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => lab.editor.text()).toMatch(/^User-agent: badbot\n/);
  await expect(counts).toHaveText(/0 errors/);
});

test("a User-agent name Google's parser cuts is flagged: ChatGPT Agent with a one-token fix, AI2Bot with advice and no edit", async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText('User-agent: ChatGPT Agent\nDisallow: /\n\nUser-agent: AI2Bot\nDisallow: /\n');
  const counts = page.getByTestId('diagnostic-count');
  await expect(counts).toHaveText('0 errors, 2 warnings');
  await counts.click();
  const items = page.getByTestId('diagnostic');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute('data-line', '1');
  await expect(items.nth(0)).toContainText('reads "ChatGPT Agent" as "ChatGPT"');
  await expect(items.nth(1)).toHaveAttribute('data-line', '4');
  await expect(items.nth(1)).toContainText('reads "AI2Bot" as "AI"');
  await expect(items.nth(1)).toContainText('keep the line as it is');
  await expect(items.nth(1).getByTestId('diagnostic-fix')).toHaveCount(0);
  await shootAtEverySize(page, 'shots-diagnostics', 'token-cut');
  await items.nth(0).getByTestId('diagnostic-fix').first().click();
  await expect
    .poll(() => lab.editor.text())
    .toBe('User-agent: ChatGPT-Agent\nDisallow: /\n\nUser-agent: AI2Bot\nDisallow: /\n');
  await expect(counts).toHaveText('0 errors, 1 warning');
});

test('a file with hundreds of problems of one kind lists 200 of them and one line for the rest', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  // 450 rules before any User-agent line: 450 warnings (rule outside a group).
  const rules = Array.from({ length: 450 }, (_, i) => `Disallow: /stray-${i}`);
  await lab.editor.replaceText(`${rules.join('\n')}\n`);
  await expect(page.getByTestId('diagnostic-count')).toHaveText('0 errors, 450 warnings');
  await page.getByRole('tab', { name: /Problems/ }).click();
  const items = page.getByTestId('diagnostic');
  await expect(items).toHaveCount(200);
  await expect(items.last()).toHaveAttribute('data-line', '200');
  const more = page.getByTestId('diagnostics-more');
  await expect(more).toContainText('Showing 200 of 201 problems.');
  // From the keyboard: the button takes Enter.
  await more.getByRole('button', { name: 'Show 1 more' }).focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(201);
  await expect(items.last()).toHaveAttribute('data-line', '201');
  await expect(items.last()).toContainText('… and 250 more like this (from line 201 on).');
  await expect(more).toHaveCount(0);
});

test('a file of 50,000 problems: exact counts, the summary line one click away, its line and mark in the editor', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const lab = new LabPage(page);
  await lab.open();
  // 50,000 rules before any User-agent line: a warning each (docs/behaviour.md §4, rules outside any group).
  // The file is past 500 KiB: one error where Google stops reading (§3).
  const rules = Array.from({ length: 50_000 }, (_, i) => `Disallow: /x-${i}`);
  await lab.editor.replaceText(`${rules.join('\n')}\n`);
  await expect(lab.editor.stats).toContainText('50,001 lines', { timeout: 90_000 });
  const counts = page.getByTestId('diagnostic-count');
  await expect(counts).toHaveText('1 error, 50,000 warnings');
  await counts.click();
  await expect(page.getByRole('tab', { name: /Problems/ })).toContainText('50001');
  const items = page.getByTestId('diagnostic');
  await expect(items.first()).toContainText('Google stops reading here');
  await page.getByTestId('diagnostics-more').getByRole('button', { name: 'Show 2 more' }).click();
  const last = items.last();
  await expect(last).toHaveAttribute('data-line', '201');
  await expect(last).toContainText('… and 49,800 more like this (from line 201 on).');

  // Its line link shows line 201 in the editor, with its lint mark.
  await last.getByTestId('diagnostic-line').click();
  const warning = (rule: string) => page.locator('.cm-lintRange-warning').filter({ hasText: new RegExp(`^${rule}$`) });
  await expect(warning('Disallow: /x-200')).toBeVisible();
  await lab.editor.content.focus();
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(warning('Disallow: /x-0')).toBeVisible();
});
