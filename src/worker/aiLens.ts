/**
 * The AI lens of the whole file, computed in the worker: what the file says
 * to each AI purpose for each operator at the site's root (the purposes ×
 * operators matrix, docs/behaviour.md §15), and each stated intent's
 * suggestion with the diff the page shows before applying it.
 */
import { diffHunks } from '../core/aipref/diff';
import { AI_INTENTS, suggestForIntent } from '../core/aipref/suggest';
import { purposeMatrix } from '../core/purposes';
import type { ParsedRobots } from '../core/types';
import type { AiLensResult } from '../model/wire';

/**
 * The matrix reads what a crawler reads (`parsed`, cut at Google's size
 * limit); the suggestions edit the whole text (`full`), so their offsets fit
 * the editor's document.
 */
export function aiLens(parsed: ParsedRobots, full: ParsedRobots): AiLensResult {
  const matrix = purposeMatrix(parsed);
  const suggestions = AI_INTENTS.map((intent) => {
    const s = suggestForIntent(full, intent);
    return { ...s, hunks: diffHunks(full.text, s.edits) };
  });
  return { matrix, suggestions };
}
