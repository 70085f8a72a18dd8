#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so `npx robots-lab` works right
// after `npm install` with no build step.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli/main.ts');
process.exitCode = await run(process.argv.slice(2));
