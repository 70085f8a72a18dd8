import { expect, test } from '@playwright/test';
import { crashWorker, hangWorker } from './fixtures/workerFaults';
import { LabPage } from './pages/LabPage';

const ROBOTS = 'User-agent: *\nDisallow: /private\n\nUser-agent: KeepMeBot\nDisallow: /\n';
const ROBOTS_URL = 'https://keep.example.org/robots.txt';

/**
 * Enters a state of the user's own (nothing of the example is left) and
 * waits for its verdicts: 2 URLs × GPTBot and KeepMeBot, normalisation off.
 * Expected verdicts by hand: GPTBot obeys `*` (line 2 blocks /private),
 * KeepMeBot its own group (line 5 blocks everything).
 */
async function enterOwnState(lab: LabPage): Promise<void> {
  await lab.editor.replaceText(ROBOTS);
  await lab.inputs.setUrls(['/private/a', '/public/b']);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('GPTBot', 'gptbot');
  await lab.inputs.addToken('KeepMeBot');
  await lab.inputs.normalise.uncheck();
  await lab.inputs.robotsUrl.fill(ROBOTS_URL);
  await lab.results.expectFinished(2, 2);
  await expectVerdicts(lab, [
    ['Blocked', 'Blocked'],
    ['Allowed', 'Blocked'],
  ]);
  await lab.results.select(0, 1);
  await expect(lab.results.explain).toContainText('Disallow: /');
}

/** The table shows these verdicts, row by row (one column per crawler). */
async function expectVerdicts(lab: LabPage, rows: string[][]): Promise<void> {
  await expect(lab.results.rows()).toHaveCount(rows.length);
  for (const [r, cols] of rows.entries())
    for (const [c, verdict] of cols.entries()) await expect(lab.results.cell(r, c)).toContainText(verdict);
}

/** Everything the user entered is still there, as entered. */
async function expectOwnStateKept(lab: LabPage, urls: string): Promise<void> {
  expect(await lab.editor.text()).toBe(ROBOTS);
  expect(await lab.inputs.urlText()).toBe(urls);
  await expect(lab.results.crawlerHeaders()).toHaveText([/GPTBot/, /KeepMeBot/]);
  await expect(lab.inputs.profile('gptbot')).toBeChecked();
  await expect(lab.inputs.tokenChip('KeepMeBot')).toBeVisible();
  await expect(lab.inputs.normalise).not.toBeChecked();
  await expect(lab.inputs.robotsUrl).toHaveValue(ROBOTS_URL);
}

test('a worker that hangs is restarted: what the user entered and the last results stay, and the input is evaluated again', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await enterOwnState(lab);

  await hangWorker(page);
  // While the worker hangs, an edit cannot be evaluated: the last results stay on screen.
  await lab.inputs.setUrls(['/private/a', '/public/b', '/private/c']);
  await expect(lab.results.rows()).toHaveCount(2);
  await expect(lab.results.cell(1, 0)).toContainText('Allowed');

  await expect(lab.workerNotice()).toContainText('did not answer');
  await expect(lab.workerNotice()).toContainText('untouched');
  await expectOwnStateKept(lab, '/private/a\n/public/b\n/private/c');
  // The fresh worker evaluated the input as it is now, the edit made during the hang included.
  await lab.results.expectFinished(3, 2);
  await expectVerdicts(lab, [
    ['Blocked', 'Blocked'],
    ['Allowed', 'Blocked'],
    ['Blocked', 'Blocked'],
  ]);
  await expect(lab.results.cell(2, 0)).toContainText('line 2');
});

test('a worker that crashes is restarted with the state and the last results kept, and edits are evaluated again', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await enterOwnState(lab);

  await crashWorker(page);
  await expect(lab.workerNotice()).toContainText('crashed');
  await expectOwnStateKept(lab, '/private/a\n/public/b');
  await lab.results.expectFinished(2, 2);
  await expectVerdicts(lab, [
    ['Blocked', 'Blocked'],
    ['Allowed', 'Blocked'],
  ]);
  await expect(lab.results.cell(0, 1)).toHaveAttribute('aria-selected', 'true');
  await expect(lab.results.explain).toContainText('Disallow: /');

  // The fresh worker evaluates what comes next.
  await lab.editor.replaceText('User-agent: *\nAllow: /\n');
  await expectVerdicts(lab, [
    ['Allowed', 'Allowed'],
    ['Allowed', 'Allowed'],
  ]);
  await lab.page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(lab.workerNotice()).toBeHidden();
});
