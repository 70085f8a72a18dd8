/**
 * `check --purposes`: what the file expresses for each purpose (search,
 * ai-input, ai-train, use) for a URL and crawler, from the engine's purpose
 * view (src/core/purposes.ts; docs/behaviour.md §15). Preferences never
 * change the verdict; where the crawler may not fetch, none applies.
 */
import { PURPOSES, type Purpose } from '../core/aipref/vocab';
import type { ParsedRobots } from '../core/index';
import { type PurposeFinding, purposeView } from '../core/purposes';
import { type Agent, agentTokens } from './robots';

/** One purpose's cell: the engine's finding without its purpose and sentence, `level` null where none is written. */
type PurposeCell = Pick<PurposeFinding, 'expressed' | 'lines'> & { level: string | null };

/** Every purpose's cell, keyed as the JSON output names them. */
export type PurposeCells = Record<Purpose, PurposeCell>;

/** The CSV columns, in PURPOSES order. */
export const PURPOSE_COLUMNS = PURPOSES.map((p) => p.replace('-', '_'));

/** The purpose cells for a URL (in request form) and a crawler. */
export function purposeCells(parsed: ParsedRobots, requestUrl: string, agent: Agent): PurposeCells {
  const view = purposeView(parsed, requestUrl, agentTokens(agent));
  const cells = {} as PurposeCells;
  for (const f of view.findings) {
    cells[f.purpose] = { expressed: f.expressed, level: f.level ?? null, lines: f.lines };
  }
  return cells;
}

/** A cell for people (table, CSV): "disallow (line 4)", "reference (lines 3, 7)", "no preference". */
function purposeText(cell: PurposeCell): string {
  if (cell.expressed === 'no-preference') return 'no preference';
  if (cell.expressed === 'not-applicable') return 'not applicable';
  const what = cell.expressed === 'level' ? (cell.level ?? '') : cell.expressed;
  return `${what} (line${cell.lines.length > 1 ? 's' : ''} ${cell.lines.join(', ')})`;
}

/** The four purpose cells as text, or empty cells for a row that was not judged. */
export function purposeTexts(cells: PurposeCells | null | undefined): string[] {
  return PURPOSES.map((p) => (cells ? purposeText(cells[p]) : ''));
}
