/**
 * `robots-lab check`: the file's own expectations (`--expectations`), one
 * robots.txt for every URL (check.ts), or each URL against its own origin's
 * file (`--fetch`, `--robots-dir`: origins.ts).
 */
import type { ParsedArgs } from './args';
import { planCheck, runCheckFile } from './check';
import { runFileExpectations } from './expectations';
import type { CliIo } from './io';
import { runCheckOrigins } from './origins';

/** Runs `check` the way its arguments ask. */
export async function runCheck(args: ParsedArgs, io: CliIo): Promise<number> {
  // `check FILE --expectations` runs the file's own `# expect:` comments (docs/expectations.md).
  if (args.switches.has('expectations')) return runFileExpectations(args, io);
  const plan = planCheck(args, io);
  return plan.manyOrigins ? runCheckOrigins(plan, args, io) : runCheckFile(plan, args, io);
}
