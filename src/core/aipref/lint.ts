/**
 * Diagnostics for AI-preference lines (Content-Usage, Content-Signal,
 * License). Each rule names the text it comes from; docs/lint-codes.md lists
 * the codes. None of these lines changes what Google's parser decides
 * (docs/behaviour.md §10, §15): these diagnostics are about what other
 * readers of the preferences will understand.
 */
import type { RobotsDiagnostic, RobotsFix } from '../diagnostics';
import type { ParsedRobots, Span } from '../types';
import { type AiprefLine, readAiprefLines, readDictionary } from './lines';
import {
  CROSS_VOCABULARY,
  LEGACY_CONTENT_USAGE_LABELS,
  type PreferenceSource,
  USE_LEVELS,
  VALUE_TOKENS,
} from './vocab';

const CANONICAL_KEY: Record<AiprefLine['kind'], string> = {
  'content-usage': 'Content-Usage',
  'content-signal': 'Content-Signal',
  license: 'License',
};

const SOURCE_NAME: Record<PreferenceSource, string> = {
  'content-usage': 'Content-Usage (IETF aipref)',
  'content-signal': 'Content-Signal (Cloudflare)',
};

function diag(
  l: AiprefLine,
  span: Span,
  severity: RobotsDiagnostic['severity'],
  code: RobotsDiagnostic['code'],
  message: string,
  fixes?: RobotsFix[],
): RobotsDiagnostic {
  const d: RobotsDiagnostic = { from: span.from, to: span.to, line: l.line, severity, code, message };
  if (fixes) d.fixes = fixes;
  return d;
}

/**
 * Where the member `label` of a dictionary is written: its last occurrence,
 * since the last one wins (RFC 9651 §4.2.2), from the label to the end of its value.
 */
function memberSpan(dict: Span & { text: string }, label: string): Span {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(^|[\\s,])(${escaped})(=[^,;\\s]*)?`, 'g');
  let found: Span | null = null;
  for (let m = re.exec(dict.text); m; m = re.exec(dict.text)) {
    const start = m.index + m[1].length;
    found = { from: dict.from + start, to: dict.from + start + m[2].length + (m[3]?.length ?? 0) };
  }
  return found ?? { from: dict.from, to: dict.to };
}

/** Percent-encodes what a path pattern may not carry raw (RFC 3986 §2.1), keeping `*`, `$` and `%`. */
function encodePath(path: string): string {
  let out = '';
  for (const ch of path) {
    if (/^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]$/.test(ch)) out += ch;
    else {
      try {
        out += encodeURIComponent(ch);
      } catch {
        out += ch; // a lone surrogate cannot be encoded; leave it for the user
      }
    }
  }
  return out;
}

function lintKeyAndPlace(parsed: ParsedRobots, l: AiprefLine, out: RobotsDiagnostic[]): void {
  const canonical = CANONICAL_KEY[l.kind];
  if (l.misspelt) {
    out.push(
      diag(
        l,
        l.key,
        'warning',
        'aipref-key-misspelt',
        `"${l.key.text}" is not a key any reader knows. Did you mean ${canonical}?`,
        [{ label: `Write ${canonical}`, from: l.key.from, to: l.key.to, insert: canonical }],
      ),
    );
  }
  if (l.kind !== 'license' && l.group === -1) {
    out.push(
      diag(
        l,
        l.span,
        'warning',
        'aipref-outside-group',
        `${canonical} belongs inside a group (after a user-agent line); here it comes before any group, so no crawler is addressed by it.`,
        [{ label: 'Add "User-agent: *" above', from: l.span.from, to: l.span.from, insert: 'User-agent: *\n' }],
      ),
    );
  }
  lintBetweenAgents(parsed, l, out);
}

/** The directive lines around a line (blank and comment lines skipped). */
function neighbours(parsed: ParsedRobots, line: number): { before: number; after: number[] } {
  let before = line - 2;
  while (before >= 0 && !parsed.lines[before].key) before--;
  const after: number[] = [];
  for (let i = line; i < parsed.lines.length; i++) {
    const pl = parsed.lines[i];
    if (!pl.key) continue;
    if (pl.kind !== 'user-agent') break;
    after.push(i);
  }
  return { before, after };
}

function lintBetweenAgents(parsed: ParsedRobots, l: AiprefLine, out: RobotsDiagnostic[]): void {
  const { before, after } = neighbours(parsed, l.line);
  if (before < 0 || parsed.lines[before].kind !== 'user-agent' || after.length === 0) return;
  const lastAgent = parsed.lines[after[after.length - 1]];
  const next = parsed.lines[l.line];
  const text = parsed.text;
  // Move this line below the run of user-agent lines, in one edit.
  const moved = `${text.slice(next.span.from, lastAgent.span.to)}\n${text.slice(l.span.from, l.span.to)}`;
  out.push(
    diag(
      l,
      l.span,
      'warning',
      'aipref-splits-group',
      `This line sits between two user-agent lines. Google keeps them in one group, but parsers that end a group at any other line (several popular libraries) start a new group at line ${next.line}, which then has no rules.`,
      [{ label: 'Move below the user-agent lines', from: l.span.from, to: lastAgent.span.to, insert: moved }],
    ),
  );
}

function lintLicense(l: AiprefLine, out: RobotsDiagnostic[]): void {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\s]/.test(l.value.text)) return;
  out.push(
    diag(
      l,
      l.value.to > l.value.from ? l.value : l.span,
      'error',
      'license-relative',
      'A License line takes the fully qualified URL of the licence file, with scheme and host (RSL 1.0), such as https://example.com/license.xml; readers cannot resolve anything else.',
    ),
  );
}

function lintPath(l: AiprefLine, out: RobotsDiagnostic[]): void {
  const dict = l.dictionary;
  if (!dict) return;
  if (!l.path) {
    out.push(
      diag(
        l,
        l.value,
        'warning',
        'aipref-no-path',
        'Content-Usage takes a path before the preferences (draft-ietf-aipref-attach-05 §3: "Content-Usage: / train-ai=n"); readers of that draft may skip this line. Robots Lab reads it as "/", as the path-less lines of draft-ietf-aipref-attach-00 meant.',
        [{ label: 'Insert the path "/"', from: dict.from, to: dict.from, insert: '/ ' }],
      ),
    );
    return;
  }
  const encoded = encodePath(l.path.text);
  if (encoded !== l.path.text) {
    out.push(
      diag(
        l,
        l.path,
        'warning',
        'aipref-path-encoding',
        `This path has characters that must be percent-encoded (draft-ietf-aipref-attach-05 §3.1, RFC 3986 §2.1): write ${encoded}.`,
        [{ label: `Write ${encoded}`, from: l.path.from, to: l.path.to, insert: encoded }],
      ),
    );
  }
}

function lintSyntax(l: AiprefLine, source: PreferenceSource, out: RobotsDiagnostic[]): boolean {
  const dict = l.dictionary;
  if (!dict || l.syntaxError === null) return false;
  const lower = dict.text.toLowerCase();
  if (lower !== dict.text && readDictionary(lower, source).syntaxError === null) {
    out.push(
      diag(
        l,
        dict,
        'error',
        'aipref-uppercase',
        'Labels are lower case: a structured-field dictionary rejects upper-case keys (RFC 9651 §3.2), so every preference on this line is unknown (draft-ietf-aipref-vocab-08 §6.5.1).',
        [{ label: 'Write the labels in lower case', from: dict.from, to: dict.to, insert: lower }],
      ),
    );
    return true;
  }
  out.push(
    diag(
      l,
      dict,
      'error',
      'aipref-syntax',
      `This is not a structured-field dictionary (RFC 9651 §3.2: ${l.syntaxError}), so every preference on this line is unknown (draft-ietf-aipref-vocab-08 §6.5.1).`,
    ),
  );
  return true;
}

function lintEntries(l: AiprefLine, source: PreferenceSource, out: RobotsDiagnostic[]): void {
  const dict = l.dictionary;
  if (!dict) return;
  const other: PreferenceSource = source === 'content-usage' ? 'content-signal' : 'content-usage';
  for (const e of l.entries) {
    const span = memberSpan(dict, e.label);
    if (e.purpose === null) {
      const meant = CROSS_VOCABULARY[source][e.label];
      if (meant) {
        out.push(
          diag(
            l,
            span,
            'warning',
            'aipref-vocab-mixed',
            `"${e.label}" is a ${SOURCE_NAME[other]} label; in ${SOURCE_NAME[source]} it is "${meant}". Readers ignore unknown labels.`,
            [{ label: `Write ${meant}`, from: span.from, to: span.from + e.label.length, insert: meant }],
          ),
        );
        continue;
      }
      const legacy = source === 'content-usage' ? LEGACY_CONTENT_USAGE_LABELS[e.label] : undefined;
      out.push(
        diag(
          l,
          span,
          'warning',
          'aipref-unknown-label',
          legacy
            ? `"${e.label}" comes from an earlier revision, ${legacy}; draft-ietf-aipref-vocab-08 does not define it, so readers ignore it (§6.4).`
            : `"${e.label}" is not a ${SOURCE_NAME[source]} label; readers ignore it.`,
        ),
      );
      continue;
    }
    lintValue(l, source, e, span, out);
  }
}

function lintValue(
  l: AiprefLine,
  source: PreferenceSource,
  e: AiprefLine['entries'][number],
  span: Span,
  out: RobotsDiagnostic[],
): void {
  if (e.purpose === 'use') {
    if (e.token !== null && USE_LEVELS.includes(e.token)) return;
    out.push(
      diag(
        l,
        span,
        'warning',
        'aipref-bad-value',
        `use= takes ${USE_LEVELS.join(', ')}; this value means nothing to readers.`,
      ),
    );
    return;
  }
  if (e.value !== 'unknown') return;
  const mine = VALUE_TOKENS[source];
  const theirs = VALUE_TOKENS[source === 'content-usage' ? 'content-signal' : 'content-usage'];
  const swapped = e.token === theirs.allow ? mine.allow : e.token === theirs.disallow ? mine.disallow : null;
  if (swapped) {
    const valueFrom = span.from + e.label.length + 1;
    out.push(
      diag(
        l,
        span,
        'warning',
        'aipref-vocab-mixed',
        `${SOURCE_NAME[source]} writes "${mine.allow}" or "${mine.disallow}", not "${e.token}" (the other vocabulary's spelling), so this preference is unknown.`,
        [{ label: `Write ${e.label}=${swapped}`, from: valueFrom, to: span.to, insert: swapped }],
      ),
    );
    return;
  }
  out.push(
    diag(
      l,
      span,
      'warning',
      'aipref-bad-value',
      `${e.label} takes the token ${mine.allow} or ${mine.disallow}; any other value (here ${e.token ?? 'not a token'}) leaves the preference unknown.`,
    ),
  );
}

/** Lints every AI-preference line of a parse; appends to `out`. */
export function lintAiprefLines(parsed: ParsedRobots, out: RobotsDiagnostic[]): void {
  for (const l of readAiprefLines(parsed)) {
    lintKeyAndPlace(parsed, l, out);
    if (l.kind === 'license') {
      lintLicense(l, out);
      continue;
    }
    if (l.kind === 'content-usage') lintPath(l, out);
    if (!lintSyntax(l, l.kind, out)) lintEntries(l, l.kind, out);
  }
}
