// Reads each physical line's kind off the Lezer tree, for comparison with the engine.
import type { LineKind } from '../../src/core';
import { parser } from '../../src/editor/robots.grammar';

const NODE_KINDS: Record<string, LineKind> = {
  UserAgentLine: 'user-agent',
  AllowLine: 'allow',
  DisallowLine: 'disallow',
  SitemapLine: 'sitemap',
  OtherLine: 'other',
  UnknownLine: 'unknown',
  Invalid: 'invalid',
};

/** Start offsets of the physical lines (line ends: CR LF, CR, LF). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (c === 10 || c === 13) starts.push(i + 1);
  }
  return starts;
}

function lineOf(starts: number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The kind of every physical line according to the grammar; throws if a line holds two line nodes or the tree has errors. */
export function grammarLineKinds(text: string): LineKind[] {
  const starts = lineStarts(text);
  const kinds: LineKind[] = starts.map(() => 'blank');
  const hasNode = starts.map(() => false);
  parser.parse(text).iterate({
    enter(node) {
      if (node.type.isError) throw new Error(`syntax error at ${node.from}`);
      const kind = NODE_KINDS[node.name];
      if (kind) {
        const line = lineOf(starts, node.from);
        if (hasNode[line]) throw new Error(`two line nodes on line ${line + 1}`);
        hasNode[line] = true;
        kinds[line] = kind;
        return false;
      }
      if (node.name === 'Comment') {
        const line = lineOf(starts, node.from);
        if (!hasNode[line]) kinds[line] = 'comment';
      }
      return undefined;
    },
  });
  return kinds;
}
