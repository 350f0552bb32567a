import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRIZZLE_PARSERS, forDrizzle } from './pglite-query-options';

/** The PGlite client Drizzle sees: the same results, without Drizzle's per-query parsers. */
describe('forDrizzle (PGlite without per-query parsers)', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create({ parsers: DRIZZLE_PARSERS });
  });
  afterAll(() => client.close());

  const row = sql`select '2026-01-02 03:04:05+00'::timestamptz as at, '2026-01-02'::date as day, 42::int as n, '{"a":1}'::jsonb as j`;

  it('gives the same rows as Drizzle on a plain client (dates as sent, numbers and JSON parsed)', async () => {
    const plain = await PGlite.create();
    try {
      const expected = (await drizzle({ client: plain }).execute(row)).rows;
      expect(expected).toEqual([{ at: '2026-01-02 03:04:05+00', day: '2026-01-02', n: 42, j: { a: 1 } }]);
      expect((await drizzle({ client: forDrizzle(client) }).execute(row)).rows).toEqual(expected);
    } finally {
      await plain.close();
    }
  });

  it('reaches PGlite without parsers, in a transaction too', async () => {
    const query = vi.spyOn(client, 'query');
    const db = drizzle({ client: forDrizzle(client) });
    await db.execute(row);
    const inTransaction = await db.transaction((tx) => tx.execute(row));
    expect(inTransaction.rows[0]).toEqual({ at: '2026-01-02 03:04:05+00', day: '2026-01-02', n: 42, j: { a: 1 } });
    expect(query.mock.calls.length).toBeGreaterThan(0);
    for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined();
    query.mockRestore();
  });

  it('keeps parsers that are not Drizzle\'s', async () => {
    const options = { parsers: { 23: (value: string) => `int ${value}` } };
    const result = await forDrizzle(client).query<{ n: string }>('select 7::int as n', [], options);
    expect(result.rows).toEqual([{ n: 'int 7' }]);
  });
});
