#!/usr/bin/env node
// Runs the CLI from its TypeScript sources through tsx, for development and
// tests; the package's executable is the bundled lib/cli.mjs.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/bin.ts');
