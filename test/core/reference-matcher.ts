/**
 * A deliberately simple emulation of the reference matcher (robots.cc
 * RobotsMatcher), used only by the tests to check the fast engine. It takes
 * the parser's line events in order and keeps the reference's flags
 * (seen_global_agent, seen_specific_agent, ever_seen_specific_agent,
 * seen_separator) and four best matches, exactly as the handler does. It
 * shares nothing with src/core's matcher but the line events.
 */
import { escapePattern, extractProductToken, getPathParamsQuery, parseRobotsTxt } from '../../src/core';

/** The reference's position-set matcher, written out plainly. */
export function refMatches(path: string, pattern: string): boolean {
  let pos = [0];
  for (let p = 0; p < pattern.length; p++) {
    const c = pattern[p];
    if (c === '$' && p === pattern.length - 1) return pos[pos.length - 1] === path.length;
    if (c === '*') {
      const from = pos[0];
      pos = [];
      for (let i = from; i <= path.length; i++) pos.push(i);
    } else {
      pos = pos.filter((i) => i < path.length && path[i] === c).map((i) => i + 1);
      if (pos.length === 0) return false;
    }
  }
  return true;
}

interface Best {
  priority: number;
  line: number;
}

export function referenceDecision(robotstxt: string, url: string, agent: string): { allowed: boolean; line: number } {
  const path = getPathParamsQuery(url);
  const lower = agent.toLowerCase();
  let seenGlobal = false;
  let seenSpecific = false;
  let everSeenSpecific = false;
  let seenSeparator = false;
  const allowS: Best = { priority: -1, line: 0 };
  const allowG: Best = { priority: -1, line: 0 };
  const disS: Best = { priority: -1, line: 0 };
  const disG: Best = { priority: -1, line: 0 };
  const set = (b: Best, priority: number, line: number) => {
    if (b.priority < priority) {
      b.priority = priority;
      b.line = line;
    }
  };
  const handleRule = (allow: boolean, line: number, value: string): void => {
    if (!seenGlobal && !seenSpecific) return;
    seenSeparator = true;
    const pattern = escapePattern(value);
    const priority = refMatches(path, pattern) ? pattern.length : -1;
    if (priority >= 0) {
      if (seenSpecific) set(allow ? allowS : disS, priority, line);
      else set(allow ? allowG : disG, priority, line);
    } else if (allow) {
      const slash = pattern.lastIndexOf('/');
      if (slash !== -1 && pattern.slice(slash).startsWith('/index.htm')) {
        handleRule(true, line, `${pattern.slice(0, slash + 1)}$`);
      }
    }
  };
  for (const l of parseRobotsTxt(robotstxt).lines) {
    const value = l.value?.text ?? '';
    if (l.kind === 'user-agent') {
      if (seenSeparator) seenSpecific = seenGlobal = seenSeparator = false;
      if (value.startsWith('*') && (value.length === 1 || /\s/.test(value[1]))) {
        seenGlobal = true;
      } else if (extractProductToken(value).toLowerCase() === lower && !/[\u0080-\uffff]/.test(agent)) {
        seenSpecific = everSeenSpecific = true;
      }
    } else if (l.kind === 'allow' || l.kind === 'disallow') {
      handleRule(l.kind === 'allow', l.line, value);
    }
  }
  const higher = (a: Best, b: Best) => (a.priority > b.priority ? a : b);
  let disallowed: boolean;
  if (allowS.priority > 0 || disS.priority > 0) disallowed = disS.priority > allowS.priority;
  else if (everSeenSpecific) disallowed = false;
  else if (allowG.priority > 0 || disG.priority > 0) disallowed = disG.priority > allowG.priority;
  else disallowed = false;
  const m = everSeenSpecific ? higher(disS, allowS) : higher(disG, allowG);
  return { allowed: !disallowed, line: m.priority > 0 ? m.line : 0 };
}

/** robots.cc's GetPathParamsQuery, transcribed plainly (no fast paths). */
export function refPathParamsQuery(url: string): string {
  const firstOf = (from: number): number => {
    for (let i = from; i < url.length; i++) if ('/?;'.includes(url[i])) return i;
    return -1;
  };
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = firstOf(searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (earlyPath !== -1 && (protocolEnd === -1 || earlyPath < protocolEnd)) protocolEnd = -1;
  protocolEnd = protocolEnd === -1 ? searchStart : protocolEnd + 3;
  const pathStart = firstOf(protocolEnd);
  if (pathStart === -1) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash !== -1 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash === -1 ? url.length : hash);
  return url[pathStart] === '/' ? path : `/${path}`;
}

/**
 * Every rule of `groups` that matches `path`, as an explanation lists them:
 * by its own pattern, or else (allow rules) by its index.html reading;
 * longest first, then by line. A plain scan with the position-set matcher.
 */
export function refMatchList(
  parsed: ReturnType<typeof parseRobotsTxt>,
  groups: readonly number[],
  path: string,
): { line: number; pattern: string; length: number; viaIndexHtml: boolean }[] {
  const out: { line: number; pattern: string; length: number; viaIndexHtml: boolean }[] = [];
  for (const gi of groups) {
    for (const r of parsed.groups[gi].rules) {
      if (refMatches(path, r.pattern)) {
        out.push({ line: r.line, pattern: r.pattern, length: r.pattern.length, viaIndexHtml: false });
        continue;
      }
      const slash = r.pattern.lastIndexOf('/');
      if (r.kind === 'allow' && slash !== -1 && r.pattern.slice(slash).startsWith('/index.htm')) {
        const alt = `${r.pattern.slice(0, slash + 1)}$`;
        if (refMatches(path, alt)) out.push({ line: r.line, pattern: alt, length: alt.length, viaIndexHtml: true });
      }
    }
  }
  return out.sort((x, y) => y.length - x.length || x.line - y.line);
}
