import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LabPage } from './pages/LabPage';

test('a long run shows progress, and a change of the robots.txt mid-run cancels and restarts it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  // Long enough on its own (no test hook slows it): a million URLs with a
  // query and a percent-escape to normalise, × the three example crawlers
  // and nine more with groups of their own, take seconds in the worker, while the edit below
  // lands within a frame or two of the first progress shown.
  const ROWS = 1_000_000;
  // From disk: Playwright passes the path instead of sending 35 MB through the protocol.
  const file = testInfo.outputPath('urls.txt');
  writeFileSync(file, Array.from({ length: ROWS }, (_, i) => `/page/${i}?sort=price&ref=%7Eu${i}`).join('\n'));
  const lab = new LabPage(page);
  await lab.open();
  // Nine crawlers more, each with a group of its own whose wildcard rules no URL matches.
  const tokens = Array.from({ length: 9 }, (_, i) => `SlowBot${String.fromCharCode(65 + i)}`);
  await lab.editor.replaceText(
    tokens
      .map(
        (t, g) =>
          `User-agent: ${t}\n${Array.from({ length: 40 }, (_, i) => `Disallow: /*${g}*${i}*never$`).join('\n')}\n`,
      )
      .join('\n'),
  );
  for (const token of tokens) await lab.inputs.addToken(token);
  const columns = 3 + tokens.length;
  // The editor has the focus before the run starts, so the edit lands at once.
  await lab.editor.content.click();
  await lab.bulk.fileInput.setInputFiles(file);
  await expect(lab.results.status).toContainText(`of ${ROWS.toLocaleString('en')} URLs`);
  await expect(page.getByTestId('run-rate')).toContainText('URLs/s');
  await expect(page.getByTestId('run-eta')).toContainText('left');

  // Mid-run: the file changes, the run is cancelled and restarted for it.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('User-agent: *\nDisallow: /page/\n');
  await expect(lab.bulk.restarted).toHaveText(/Started again for your change/);
  // The restarted run shows its own progress from the start.
  await expect(lab.results.status).toContainText(`of ${ROWS.toLocaleString('en')} URLs`);
  await lab.results.expectFinished(ROWS, columns);
  for (let col = 0; col < columns; col++)
    await expect(lab.results.cell(0, col)).toHaveAttribute('title', 'line 2 · Disallow: /page/');
  // Finished, the run no longer says it started again.
  await expect(lab.bulk.restarted).toHaveCount(0);
  await lab.bulk.verdict.selectOption('allowed');
  await expect(page.getByTestId('view-empty')).toBeVisible();
  await expect(lab.bulk.viewCount).toHaveText(`0 of ${ROWS.toLocaleString('en')} rows`);
});
