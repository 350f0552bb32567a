import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Every table of the public schema (read from the catalogue, so a table added later is scanned
 * too) searched for each needle in the whole row as text (`t::text`: every column, jsonb and
 * arrays included). Answers the hits as `table: needle`, empty when nothing is left.
 */
export async function tracesInTables(db: Db, needles: string[]): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  if (tables.length < 10) throw new Error(`only ${tables.length} tables found: the scan would prove nothing`);
  const hits: string[] = [];
  for (const { name } of tables) {
    for (const needle of needles) {
      const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text ilike ${pattern}`);
      if ((row?.n ?? 0) > 0) hits.push(`${name}: ${needle}`);
    }
  }
  return hits;
}

/** Every file path under a local store's directory that names a needle (object keys hold user ids). */
export function tracesInDirectory(dir: string, needles: string[]): string[] {
  const hits: string[] = [];
  const walk = (path: string) => {
    let entries;
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(path, entry.name);
      if (needles.some((needle) => full.includes(needle))) hits.push(full);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return hits;
}
