import { useMemo } from 'react';
import { ruleLabel } from '../../core/matcher';
import { parseAsRead } from '../../core/parse';
import { urlOrigin } from '../../core/url';
import { originSpecs, useOrigins } from '../../state/origins';
import type { CellContext } from '../results/cellView';

/**
 * The grid's cell context with other origins' files: a row judged by another
 * origin's file reads that file's rule lines and fetch outcome. Without other
 * files the context is `base`, unchanged.
 */
export function useOriginContexts(base: CellContext): CellContext {
  const files = useOrigins((s) => s.files);
  return useMemo(() => {
    if (files.length === 0) return base;
    const byOrigin = new Map<string, CellContext>();
    for (const { origin, text, fetchStatus, outcome } of originSpecs(files)) {
      const rules = new Map<number, string>();
      for (const g of parseAsRead(text).groups) for (const r of g.rules) rules.set(r.line, ruleLabel(r.kind, r.raw));
      byOrigin.set(origin, { outcome, fetchStatus, rules, judgedBy: `${origin}/robots.txt` });
    }
    return { ...base, otherOf: (url) => byOrigin.get(urlOrigin(url) ?? '') };
  }, [files, base]);
}
