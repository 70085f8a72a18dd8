/**
 * The request-form check (`isRequestForm`, src/core/url.ts) per JavaScript
 * engine: the benchmark's 100,000 URLs through the old regular expression
 * and the scanner, in Node (V8) and in JavaScriptCore's shell `jsc`
 * (Safari's engine; Debian's libjavascriptcoregtk-4.0-bin). Median of 7.
 *
 *   npx tsx bench/engines/request-form.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { generate } from '../generate';

const dir = mkdtempSync(join(tmpdir(), 'request-form-'));
try {
  const urlsPath = join(dir, 'urls.json');
  writeFileSync(urlsPath, JSON.stringify(generate().urls));
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./requestFormEntry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  });
  const body = bundled.outputFiles[0].text;
  const jscPath = join(dir, 'jsc.js');
  writeFileSync(jscPath, `var __urlsPath = ${JSON.stringify(urlsPath)};\n${body}`);
  const nodePath = join(dir, 'node.cjs');
  writeFileSync(
    nodePath,
    `var __urlsPath = ${JSON.stringify(urlsPath)};\nvar read = (p) => require('node:fs').readFileSync(p, 'utf8');\nvar print = console.log;\n${body}`,
  );
  const rows: [string, string][] = [['node (V8)', execFileSync(process.execPath, [nodePath], { encoding: 'utf8' })]];
  if (existsSync('/usr/bin/jsc'))
    rows.push(['jsc (JavaScriptCore)', execFileSync('/usr/bin/jsc', [jscPath], { encoding: 'utf8' })]);
  else console.log('jsc not found: apt-get install libjavascriptcoregtk-4.0-bin');
  console.log('engine                 | URLs    | regex (ms) | scanner (ms) | accepted');
  for (const [engine, out] of rows) {
    const r = JSON.parse(out.trim().split('\n').at(-1)!);
    if (r.before.accepted !== r.after.accepted) throw new Error(`${engine}: the two checks disagree`);
    console.log(
      `${engine.padEnd(22)} | ${String(r.urls).padEnd(7)} | ${String(r.before.ms).padStart(10)} | ${String(r.after.ms).padStart(12)} | ${r.after.accepted}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
