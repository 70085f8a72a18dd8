#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so `npx robots-lab` works right
// after `npm install` with no build step.
import { register } from 'tsx/esm/api';

// A reader that goes away (`robots-lab … | head`) is not an error worth a
// stack trace: stop quietly, as other command-line tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.exit(2);
  });
}

register();
const { run } = await import('../src/cli/main.ts');
process.exitCode = await run(process.argv.slice(2));
