/**
 * Bundled (esbuild, IIFE) and run as it is in JavaScriptCore's shell and in
 * Node by `request-form.ts`: the same code times the request-form check on
 * the benchmark's URL list in both engines. The host gives `read(path)`,
 * `print(line)` and the list's path in `__urlsPath`.
 */
import { isRequestForm } from '../../src/core/url';

declare const read: (path: string) => string;
declare const print: (line: string) => void;
declare const __urlsPath: string;

/** The check as a regular expression, as it was before the scanner: the "before" row. */
const REQUEST_FORM_REGEX =
  /^(?:https?:\/\/(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*(?=\/)|(?=\/(?!\/)))(?:\/(?!\.\.?(?:[/?]|$))|[A-Za-z0-9\-._~!$&()*+,;=:@?]|%(?!2E)[0-9A-F]{2})*$/;

const urls: string[] = JSON.parse(read(__urlsPath));

function time(check: (s: string) => boolean): { ms: number; accepted: number } {
  const runs: number[] = [];
  let accepted = 0;
  for (let r = 0; r < 7; r++) {
    const t0 = Date.now();
    accepted = 0;
    for (const u of urls) if (check(u)) accepted++;
    runs.push(Date.now() - t0);
  }
  runs.sort((a, b) => a - b);
  return { ms: runs[3], accepted };
}

const before = time((s) => REQUEST_FORM_REGEX.test(s));
const after = time(isRequestForm);
print(JSON.stringify({ urls: urls.length, before, after }));
