import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { rowsOf } from './database';
import { runByShape } from './statement-by-shape';

describe('runByShape: a statement built once per shape, run with new values', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sum = (shape: 'plus' | 'times') => () =>
    shape === 'plus'
      ? sql`select ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int as result, ${sql.placeholder('label')}::text as label`
      : sql`select ${sql.placeholder('a')}::int * ${sql.placeholder('b')}::int as result, ${sql.placeholder('label')}::text as label`;

  it('builds the text the first time a name is run and fills new values every time', async () => {
    let builds = 0;
    const build = () => {
      builds++;
      return sum('plus')();
    };
    const first = rowsOf<{ result: number; label: string }>(await runByShape(t.database.db, 'test_plus', build, { a: 2, b: 3, label: 'first' }));
    const second = rowsOf<{ result: number; label: string }>(await runByShape(t.database.db, 'test_plus', build, { a: 40, b: 2, label: 'second' }));
    expect(first).toEqual([{ result: 5, label: 'first' }]);
    expect(second).toEqual([{ result: 42, label: 'second' }]);
    expect(builds).toBe(1);
  });

  it('keeps one text per name', async () => {
    const plus = rowsOf<{ result: number }>(await runByShape(t.database.db, 'test_sum_plus', sum('plus'), { a: 6, b: 7, label: null }));
    const times = rowsOf<{ result: number }>(await runByShape(t.database.db, 'test_sum_times', sum('times'), { a: 6, b: 7, label: null }));
    expect([plus[0]!.result, times[0]!.result]).toEqual([13, 42]);
  });

  it('runs inside a transaction on the transaction, whose rollback undoes it', async () => {
    await t.database.db.execute(sql`create table if not exists shape_test (n int)`);
    const insert = () => sql`insert into shape_test (n) values (${sql.placeholder('n')}::int)`;
    await runByShape(t.database.db, 'test_insert', insert, { n: 1 });
    await t.database.db
      .transaction(async (tx) => {
        await runByShape(tx, 'test_insert', insert, { n: 2 });
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    const rows = rowsOf<{ n: number }>(await t.database.db.execute(sql`select n from shape_test order by n`));
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('says which value is missing instead of running without it', async () => {
    await expect(runByShape(t.database.db, 'test_plus_missing', sum('plus'), { a: 1, label: 'x' })).rejects.toThrow('No value for placeholder "b" was provided');
  });
});
