import { expect, test } from '@playwright/test';
import { GROUP_CHOICE_ROBOTS_TXT, GROUP_CHOICE_URLS } from './fixtures/example';
import { LabPage } from './pages/LabPage';

// docs/behaviour.md §5: groups googlebot-news (lines 1–2), * (4–5), googlebot (7–10).
// Googlebot-Image has no group of its own, so it obeys the googlebot group.
test('a webmaster tests Googlebot-Image against docs/behaviour.md §5 and sees the googlebot group and each deciding line', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.editor.replaceText(GROUP_CHOICE_ROBOTS_TXT);
  await lab.inputs.robotsUrl.fill('https://example.com/robots.txt');
  await lab.inputs.setUrls(GROUP_CHOICE_URLS);
  await lab.inputs.clearCrawlers();
  await lab.inputs.chooseProfile('Googlebot-Image', 'googlebot-image');
  await lab.results.expectFinished(GROUP_CHOICE_URLS.length, 1);
  await expect(lab.results.crawlerHeaders()).toHaveText([/Googlebot-Image/]);

  const expected = [
    { url: 0, verdict: 'Blocked', rule: 8, rest: [7, 9, 10] }, // disallow: /drafts/
    { url: 1, verdict: 'Allowed', rule: 9, rest: [7, 8, 10] }, // allow: /drafts/public (longer)
    { url: 2, verdict: 'Blocked', rule: 10, rest: [7, 8, 9] }, // disallow: /*.json$
    { url: 3, verdict: 'Allowed', rule: null, rest: [7, 8, 9, 10] }, // the * group's /private/ does not count
  ];
  for (const e of expected) {
    await lab.results.select(e.url, 0);
    await expect(lab.results.cell(e.url, 0)).toContainText(e.verdict);
    await lab.editor.expectHighlight({ group: e.rest, rule: e.rule === null ? [] : [e.rule] });
    await expect(lab.results.explainGroup).toContainText('falls back to its next token Googlebot');
    await expect(lab.results.explainReason).toContainText(e.verdict);
  }
  // The explanation lists the matching rules with their byte lengths.
  await lab.results.select(1, 0);
  await expect(lab.results.explain.getByRole('table')).toContainText('Allow: /drafts/public');
  await expect(lab.results.explain.getByRole('table')).toContainText('14 bytes');
  await expect(lab.results.explain.getByRole('table')).toContainText('8 bytes');
});
