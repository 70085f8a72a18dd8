/**
 * What `check`, `diff` and `check --expectations` share: the crawlers as
 * the user named them and the robots.txt read as Googlebot reads it.
 */
import type { CrawlerProfile, CrawlerTokens, ParsedRobots } from '../core/index';
import { applyGoogleSizeLimit, GOOGLE_SIZE_LIMIT_BYTES, isValidUserAgentToObey, parseRobotsTxt } from '../core/index';
import { findProfile, nearCatalogueToken } from '../core/profiles';
import { CliError, type CliIo } from './io';

/** A crawler as the user named it: a built-in profile, or a bare product token. */
export type Agent = { label: string; profile: CrawlerProfile } | { label: string; token: string };

/** The tokens the engine matches for a crawler: a profile's (with whether it ignores `*`), or the bare token. */
export function agentTokens(agent: Agent): CrawlerTokens {
  return 'profile' in agent
    ? { tokens: agent.profile.tokens, ignoresGlobal: agent.profile.ignoresGlobal }
    : { tokens: [agent.token] };
}

/**
 * Resolves `--agent` values (comma-separated lists allowed) to profiles or
 * tokens. A token one typo away from a catalogue crawler's is still taken
 * (it may be a crawler of that name), with a note naming the near one.
 */
export function resolveAgents(values: string[], io: Pick<CliIo, 'stderr'>): Agent[] {
  const out: Agent[] = [];
  const seen = new Set<string>();
  for (const name of values.flatMap((v) => v.split(',')).map((v) => v.trim())) {
    if (name === '') continue;
    const profile = findProfile(name);
    const agent: Agent = profile
      ? { label: profile.name, profile }
      : isValidUserAgentToObey(name)
        ? { label: name, token: name }
        : invalidAgent(name);
    if ('token' in agent) {
      const near = nearCatalogueToken(name);
      if (near !== null) io.stderr.write(`note: "${name}" is no crawler robots-lab knows; did you mean ${near}?\n`);
    }
    if (seen.has(agent.label.toLowerCase())) continue;
    seen.add(agent.label.toLowerCase());
    out.push(agent);
  }
  return out;
}

function invalidAgent(name: string): never {
  throw new CliError(
    `invalid agent "${name}": not a known crawler and not a valid product token (only letters, "-" and "_"; ` +
      `write "Googlebot", not "Googlebot/2.1")`,
  );
}

/** Parses a robots.txt's bytes as Googlebot and the page do (unless told not to, its first 500 KiB), notes on `io.stderr`. */
export function parseRobots(io: CliIo, path: string, bytes: Uint8Array, sizeLimit: boolean): ParsedRobots {
  const read = sizeLimit ? applyGoogleSizeLimit(bytes).bytes : bytes;
  const parsed = parseRobotsTxt(read);
  if (read.length < bytes.length) {
    io.stderr.write(
      `note: ${path} is ${bytes.length.toLocaleString('en-US')} bytes; Google reads only the first ` +
        `${GOOGLE_SIZE_LIMIT_BYTES.toLocaleString('en-US')} bytes, so it stops in line ${parsed.lines.length} and ignores the rest ` +
        `(use --no-size-limit to read it all)\n`,
    );
  }
  if (parsed.invalidUtf8) {
    io.stderr.write(`note: ${path} is not valid UTF-8; crawlers may read the broken characters differently\n`);
  }
  return parsed;
}
