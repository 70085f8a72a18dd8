// Grammar fixtures (test/grammar/*.txt): input, `==>`, expected tree, as
// the Lezer language packages test their grammars.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileTests } from '@lezer/generator/test';
import { describe, it } from 'vitest';
import { parser } from '../../src/editor/robots.grammar';

const dir = import.meta.dirname;

for (const file of readdirSync(dir)) {
  if (!file.endsWith('.txt')) continue;
  describe(`grammar fixtures: ${file}`, () => {
    for (const { name, run } of fileTests(readFileSync(join(dir, file), 'utf8'), file)) it(name, () => run(parser));
  });
}
