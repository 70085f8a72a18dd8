/** The SQL blocks of docs/sql.md, by the label on their first line (`-- recipe: name`, `-- bigquery: name`, …). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SQL_DOC = readFileSync(fileURLToPath(new URL('../../docs/sql.md', import.meta.url)), 'utf8');

/** Every labelled ```sql block of docs/sql.md: `dialect: name` → its SQL (the label line removed). */
export function sqlBlocks(): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const m of SQL_DOC.matchAll(/```sql\n-- (\w+): ([\w-]+)\n([\s\S]*?)```/g)) blocks.set(`${m[1]}: ${m[2]}`, m[3]);
  return blocks;
}
