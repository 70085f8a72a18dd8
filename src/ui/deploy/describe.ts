/** Words for the before/after view: an edited line, a deciding line, a flip's direction. */
import type { LineEdit } from '../../core/diff/index';
import type { FlipKind, FlipRecord } from '../../model/wire';

/** "line 3 added: Disallow: /shop", as the page and `robots-lab diff` say it. */
export function editText(e: LineEdit): string {
  const now = (e.newText ?? '').trim();
  const was = (e.oldText ?? '').trim();
  switch (e.kind) {
    case 'added':
      return `line ${e.newLine} added: ${now}`;
    case 'removed':
      return `deployed line ${e.oldLine} removed: ${was}`;
    case 'changed':
      return `line ${e.newLine} changed: ${was} → ${now}`;
    case 'moved':
      return `line ${e.oldLine} moved to ${e.newLine}: ${now}`;
  }
}

export const KIND_LABEL: Record<FlipKind, string> = {
  'allowed-to-blocked': 'newly blocked',
  'blocked-to-allowed': 'newly allowed',
};

/** "blocked by line 2 (Disallow: /a)" or "allowed (no rule)", on one side of a flip. */
export function sideText(f: FlipRecord, side: 'old' | 'new'): string {
  const blocked = (side === 'old') === (f.kind === 'blocked-to-allowed');
  const line = side === 'old' ? f.oldLine : f.newLine;
  const word = blocked ? 'blocked' : 'allowed';
  return line ? `${word} by line ${line.line} (${line.text})` : `${word} (no rule decides)`;
}

/** Where a click on a flip lands: the first edited line that causes it, else its new deciding line. */
export function jumpTarget(f: FlipRecord): { side: 'edited' | 'deployed'; line: number } | null {
  const first = f.causes[0];
  if (first?.newLine) return { side: 'edited', line: first.newLine };
  if (first?.oldLine) return { side: 'deployed', line: first.oldLine };
  if (f.newLine) return { side: 'edited', line: f.newLine.line };
  if (f.oldLine) return { side: 'deployed', line: f.oldLine.line };
  return null;
}
