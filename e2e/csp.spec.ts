import { expect, type Page, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

// Issue 10 item 3: the page runs under a strict Content-Security-Policy — no
// inline script or style, no eval — and nothing it does trips the policy.

/** The policy the page must carry, directive by directive (written by hand from the issue). */
const STRICT: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'worker-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'manifest-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** A policy string as directive → sources. */
function directives(policy: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = sources;
  }
  return out;
}

/** Records every CSP violation the document reports, from before the first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
      true,
    );
  });
  return console;
}

function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test('the built page carries the strict policy and no inline script or style', async ({ page, request }) => {
  const html = await (await request.get('./')).text();
  // Every script is a file of the page's own origin; no <style> element, no style attribute.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  expect(html).not.toMatch(/<style\b/i);
  expect(html).not.toMatch(/\sstyle=/i);

  await page.goto('./');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).not.toBeNull();
  expect(directives(policy ?? '')).toEqual(STRICT);
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|wasm-unsafe-eval|blob:|\*/);
});

test('a whole session — edit, select a cell, import a list, open the problems — trips no policy', async ({ page }) => {
  const fromConsole = await watchViolations(page);
  const lab = new LabPage(page);
  await lab.open();

  // Edit: completion popup, lint marks and their tooltip all come from the editor's styles.
  await lab.editor.replaceText('User-agent: *\nDisallow: /private/\nAllow: /private/ok\nDisalow: /tmp/\n');
  await lab.editor.content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nUser');
  await expect(page.locator('.cm-tooltip-autocomplete')).toBeVisible();
  await page.keyboard.press('Escape');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  const warning = page.locator('.cm-lintRange-warning');
  await expect(warning).toHaveText('Disalow');
  await warning.hover();
  await expect(page.locator('.cm-tooltip-lint')).toBeVisible();

  // Import a list, then select a cell: the editor shows the obeyed group and the deciding rule.
  await lab.bulk.pickFile('urls.txt', '/private/x\n/private/ok\n/public\n');
  await expect(lab.bulk.importNote).toHaveText('Loaded 3 URLs from urls.txt.');
  await lab.results.select(0, 0);
  await lab.editor.expectHighlight({ group: [1, 3, 4], rule: [2] }); // the rule line is marked as the rule, not the group;
  // The editor's own stylesheet reached it: the deciding rule is tinted and the text is monospace.
  const rule = lab.editor.content.locator('.cm-line.cm-rl-rule');
  await expect(rule).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(lab.editor.content).toHaveCSS('font-family', /monospace/);
  await expect(page.getByTestId('url-list')).toHaveCSS('font-family', /monospace/);

  // Open the list of problems from the header counts.
  await page.getByTestId('diagnostic-count').click();
  await expect(page.getByRole('tab', { name: /Problems/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('diagnostic').first()).toBeVisible();

  expect(await violations(page)).toEqual([]);
  expect(fromConsole).toEqual([]);
});
