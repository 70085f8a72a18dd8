/**
 * The engine as SQL functions see it: plain values in, one plain object out,
 * and never a throw (a throw fails the whole query). NULLs, wrong types and
 * URLs the context cannot read give a row whose `error` says why and whose
 * verdict is NULL. The same functions serve the warehouse UDF file
 * (entry.ts) and DuckDB (src/duckdb/).
 */
import { evaluate } from '../core/evaluate';
import { MissingPlatformError } from '../core/globals';
import { toRequestUrl } from '../core/url';
import { base64Bytes } from './base64';
import { bodySha256, parsedBody } from './parseCache';
import { sha256Hex } from './sha256';
import { ENGINE_VERSION } from './version';

/** Options of `check`. */
export interface CheckOptions {
  /**
   * Put the URL in the form a crawler requests first (percent-encoding,
   * punycode host, dot segments: `toRequestUrl`). Needs the URL class for
   * any URL not already in that form; without it the row is an error.
   */
  requestForm?: boolean;
  /** Add `version` and `sha256` (of the robots.txt's bytes) to the row. */
  stamp?: boolean;
  /** The robots.txt is base64 (BigQuery passes BYTES so). */
  base64?: boolean;
  /** Answer "allowed" for /robots.txt itself (RFC 9309), as the library does by default. */
  robotsTxtAlwaysAllowed?: boolean;
}

/** One verdict row. A NULL verdict comes with an `error`. */
export interface CheckRow {
  allowed: boolean | null;
  /** The deciding rule's line; null when no rule decided. */
  line: number | null;
  /** The deciding rule as written (`Disallow: /private`). */
  rule: string | null;
  /** The first line of the group the crawler obeys (of the deciding rule's group when one decided). */
  groupLine: number | null;
  error: string | null;
  /** With `stamp`: the engine's version. */
  version?: string;
  /** With `stamp`: SHA-256 of the robots.txt that decided, lower-case hex. */
  sha256?: string;
}

/** One rule row of `rules`. */
export interface RuleRow {
  /** 1-based ordinal of the group in the file. */
  group: number;
  /** The group's product tokens (`*` for the global group), as the engine compares them. */
  agents: string[];
  line: number;
  kind: 'allow' | 'disallow';
  /** The pattern as written. */
  pattern: string;
}

type Body = string | Uint8Array;

function errorRow(error: string): CheckRow {
  return { allowed: null, line: null, rule: null, groupLine: null, error };
}

function isBytes(x: unknown): x is Uint8Array {
  // A Uint8Array from another realm (a vm context, a native binding) fails instanceof.
  return Object.prototype.toString.call(x) === '[object Uint8Array]';
}

/** The robots.txt argument as a body to parse, or the reason it is not one. */
function bodyOf(robotsTxt: unknown, base64: boolean): Body | string[] {
  if (robotsTxt === null || robotsTxt === undefined) return ['robots_txt is NULL'];
  if (isBytes(robotsTxt)) return robotsTxt;
  if (typeof robotsTxt !== 'string') return [`robots_txt must be text or bytes, not ${typeof robotsTxt}`];
  if (!base64) return robotsTxt;
  return base64Bytes(robotsTxt) ?? ['robots_txt is not base64'];
}

function textArgument(name: string, value: unknown): string | string[] {
  if (value === null || value === undefined) return [`${name} is NULL`];
  if (typeof value !== 'string') return [`${name} must be text, not ${typeof value}`];
  return value;
}

function errorMessage(err: unknown): string {
  if (err instanceof MissingPlatformError) return `requestForm: ${err.message}`;
  return `internal error: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * Whether `userAgent` may fetch `url` under `robotsTxt`, with the deciding
 * line, exactly as the library's `evaluate` decides. Never throws.
 */
export function check(robotsTxt: unknown, url: unknown, userAgent: unknown, options?: CheckOptions | null): CheckRow {
  try {
    const o = options ?? {};
    const body = bodyOf(robotsTxt, o.base64 === true);
    if (Array.isArray(body)) return errorRow(body[0]);
    const u = textArgument('url', url);
    if (Array.isArray(u)) return errorRow(u[0]);
    const agent = textArgument('user_agent', userAgent);
    if (Array.isArray(agent)) return errorRow(agent[0]);
    let target = u;
    if (o.requestForm) {
      const request = toRequestUrl(u);
      if (request.error !== undefined) return errorRow(`url: ${request.error}`);
      target = request.url;
    }
    const cached = parsedBody(body);
    const parsed = cached.parsed;
    const v = evaluate(parsed, target, agent, { robotsTxtAlwaysAllowed: o.robotsTxtAlwaysAllowed ?? true });
    const rule = v.rule;
    const choice = v.choice;
    const groupIndex = rule ? rule.group : choice.kind === 'none' ? -1 : choice.groups[0];
    const row: CheckRow = {
      allowed: v.allowed,
      line: rule ? rule.line : null,
      rule: rule ? `${rule.kind === 'allow' ? 'Allow' : 'Disallow'}: ${rule.raw}` : null,
      groupLine: groupIndex === -1 ? null : parsed.groups[groupIndex].startLine,
      error: null,
    };
    if (o.stamp) {
      row.version = ENGINE_VERSION;
      row.sha256 = bodySha256(cached);
    }
    return row;
  } catch (err) {
    return errorRow(errorMessage(err));
  }
}

/**
 * Every allow and disallow rule of the file's groups, in file order, for
 * table functions (`UNNEST` in SQL). Rules before the first user-agent line
 * belong to no group and are left out: crawlers ignore them. NULL or
 * unreadable input gives no rows.
 */
export function rules(robotsTxt: unknown, options?: Pick<CheckOptions, 'base64'> | null): RuleRow[] {
  try {
    const body = bodyOf(robotsTxt, options?.base64 === true);
    if (Array.isArray(body)) return [];
    const rows: RuleRow[] = [];
    for (const g of parsedBody(body).parsed.groups) {
      const agents = g.agents.map((a) => (a.isGlobal ? '*' : a.productToken));
      for (const r of g.rules) {
        rows.push({ group: g.index + 1, agents, line: r.line, kind: r.kind, pattern: r.raw });
      }
    }
    return rows;
  } catch {
    return [];
  }
}

/** SHA-256 of a robots.txt (of a text's UTF-8 bytes), lower-case hex; null for NULL. */
export function sha256(robotsTxt: unknown, options?: Pick<CheckOptions, 'base64'> | null): string | null {
  const body = bodyOf(robotsTxt, options?.base64 === true);
  if (Array.isArray(body)) return null;
  return sha256Hex(body);
}

/** The engine's version. */
export function version(): string {
  return ENGINE_VERSION;
}
