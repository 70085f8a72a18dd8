/**
 * How a non-Google reader splits the file into groups. It starts from the
 * engine's lexical parse (lines, keys, values, comments: the same for every
 * reader, docs/behaviour.md §3) and applies the reader's own key, group and
 * blank-line rules, noting every line it reads differently from Google.
 */

import type { ParsedLine, ParsedRobots } from '../types';
import type { LineNote } from './types';

/** What a reader accepts; see dialects.ts. */
export interface RecordRules {
  /** Display name for notes. */
  name: string;
  /** A blank line ends the group (Yandex, 1994). */
  blankEndsGroup: boolean;
  /** Allow lines count (not in 1994). */
  allow: boolean;
}

export interface ReaderRule {
  kind: 'allow' | 'disallow';
  line: number;
  /** The value as written. */
  value: string;
}

export interface ReaderAgent {
  line: number;
  value: string;
}

export interface ReaderGroup {
  agents: ReaderAgent[];
  rules: ReaderRule[];
}

export interface ReaderFile {
  groups: ReaderGroup[];
  notes: LineNote[];
}

const LITERAL_KEYS = new Set(['user-agent', 'allow', 'disallow']);

/** The key as this reader reads it: only the exact field names, with a colon (RFC 9309 §2.2, case-insensitive). */
function literalKey(l: ParsedLine): string | null {
  if (!l.key || l.metadata.isMissingColonSeparator) return null;
  const k = l.key.text.toLowerCase();
  return LITERAL_KEYS.has(k) ? k : null;
}

/** Why a line Google acts on is not read by a literal reader. */
function keyNote(l: ParsedLine, name: string): string {
  const key = l.key?.text ?? '';
  if (l.metadata.isMissingColonSeparator)
    return `${name}: "${key} ${l.value?.text ?? ''}" has no ":" after the key, so it is not read`;
  if (l.typo) return `${name}: typo key "${key}" not accepted`;
  return `${name}: "${key}" is not the key "${l.kind}", so the line is not read`;
}

/** Reads the file's groups as a reader with `rules` does. */
export function readRecords(parsed: ParsedRobots, rules: RecordRules): ReaderFile {
  const groups: ReaderGroup[] = [];
  const notes: LineNote[] = [];
  let current: ReaderGroup | null = null;
  let endedBy = 0;
  for (const l of parsed.lines) {
    if (l.kind === 'blank' && rules.blankEndsGroup) {
      if (current) endedBy = l.line;
      current = null;
      continue;
    }
    const googleActs = l.kind === 'user-agent' || l.kind === 'allow' || l.kind === 'disallow';
    const key = literalKey(l);
    if (!key) {
      if (googleActs) notes.push({ line: l.line, text: keyNote(l, rules.name) });
      continue;
    }
    const value = l.value?.text ?? '';
    if (key === 'user-agent') {
      if (!current || current.rules.length > 0) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push({ line: l.line, value });
      continue;
    }
    if (key === 'allow' && !rules.allow) {
      notes.push({
        line: l.line,
        text: `${rules.name}: no Allow lines, first match wins (line ${l.line} is not read)`,
      });
      continue;
    }
    if (!current) {
      if (endedBy) {
        notes.push({
          line: l.line,
          text: `${rules.name}: the blank line ${endedBy} ends the group, so line ${l.line} belongs to no group`,
        });
      }
      continue;
    }
    current.rules.push({ kind: key as 'allow' | 'disallow', line: l.line, value });
  }
  return { groups, notes };
}
