/**
 * The executable's entry: runs the CLI on the real process streams. The
 * package ships it bundled (lib/cli.mjs); bin/robots-lab.mjs runs it from
 * source through tsx during development.
 */
import './crash';
import { run } from './main';

// A reader that goes away (`robots-lab … | head`) is not an error worth a
// stack trace: stop quietly, as other command-line tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.exit(2);
  });
}
process.exitCode = await run(process.argv.slice(2));
