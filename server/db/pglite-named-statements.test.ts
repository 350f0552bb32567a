import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from '../lib/pg-errors';
import { rowsOf, type Database } from './database';
import { openPglite } from './pglite';
import { DRIZZLE_PARSERS } from './pglite-query-options';
import { NamedStatements, shapeComment, shapeNameOf } from './pglite-named-statements';
import { runByShape } from './statement-by-shape';

describe('shape comments', () => {
  it('names a statement by the comment before its text, and nothing else', () => {
    expect(shapeNameOf(`${shapeComment('chat_start_01active1')} with counts as (select 1) select 1`)).toBe('chat_start_01active1');
    expect(shapeNameOf('select 1 /* shape:later */')).toBeUndefined();
    expect(shapeNameOf('/* shape:a b */ select 1')).toBeUndefined();
  });

  it('refuses a name that could end the comment', () => {
    expect(() => shapeComment('x */ drop table users; /*')).toThrow("A statement's shape name is letters, digits and _ only");
  });
});

describe('named statements on PGlite answer as its query does', () => {
  let client: PGlite;
  let named: NamedStatements;
  const text = 'select $1::uuid as id, $2::timestamptz as at, $3::jsonb as doc, $4::boolean as flag, $5::int as n, $6::text as missing';
  const values = ['0b6a8d1e-6c51-4d8e-9d07-3f5f2b1c9a10', new Date('2026-11-27T06:00:00.000Z'), { a: [1, 'two'] }, false, 42, null];

  beforeAll(async () => {
    client = await PGlite.create({ parsers: DRIZZLE_PARSERS });
    await client.query('create table items (id int primary key, label text not null)');
    named = new NamedStatements(client);
  });
  afterAll(() => client.close());

  it('serializes each parameter as query does and parses the rows with the same parsers', async () => {
    const viaQuery = await client.query(text, values);
    const viaName = await named.run('probe', text, values);
    expect(viaName.rows).toEqual(viaQuery.rows);
    expect(viaName.rows).toEqual([{ id: values[0], at: '2026-11-27 06:00:00+00', doc: { a: [1, 'two'] }, flag: false, n: 42, missing: null }]);
    expect(viaName.fields.map((f) => f.name)).toEqual(['id', 'at', 'doc', 'flag', 'n', 'missing']);
    expect((await named.run('probe', text, values, { rowMode: 'array' })).rows).toEqual([[values[0], '2026-11-27 06:00:00+00', { a: [1, 'two'] }, false, 42, null]]);
  });

  it('parses a name once: the statement is in pg_prepared_statements, with its text', async () => {
    await named.run('count_items', 'select count(*)::int as n from items', []);
    await named.run('count_items', 'select count(*)::int as n from items', []);
    const prepared = await client.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements where name = 'count_items'");
    expect(prepared.rows).toEqual([{ name: 'count_items', statement: 'select count(*)::int as n from items' }]);
  });

  it("refuses a second text under a name it holds", async () => {
    await named.run('one_text', 'select 1 as n', []);
    await expect(named.run('one_text', 'select 2 as n', [])).rejects.toThrow('The statement one_text was prepared with another text.');
  });

  it("throws PostgreSQL's error with its fields, and runs the next statement as usual", async () => {
    const insert = 'insert into items (id, label) values ($1::int, $2::text) returning id';
    expect((await named.run('insert_item', insert, [1, 'first'])).rows).toEqual([{ id: 1 }]);
    const duplicate = await named.run('insert_item', insert, [1, 'again']).catch((error: unknown) => error);
    expect(uniqueViolation(duplicate)).toBe('items_pkey');
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    expect((await named.run('insert_item', insert, [2, 'second'])).rows).toEqual([{ id: 2 }]);
    expect((await client.query('select label from items order by id')).rows).toEqual([{ label: 'first' }, { label: 'second' }]);
  });

  it('waits for an open transaction to end, as query does outside one', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into items (id, label) values (10, 'in the transaction')");
      await held;
      order.push('transaction ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const run = named.run('label_of', 'select label from items where id = $1::int', [10]).then((result) => {
      order.push('named statement');
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await run).toEqual([{ label: 'in the transaction' }]);
    expect(order).toEqual(['transaction ends', 'named statement']);
  });
});

describe('statements built by shape, on the embedded database in its own thread', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'genie-named-'));
    database = await openPglite(join(dir, 'data'));
    await database.db.execute(sql`create table tally (n int not null)`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const add = () => sql`insert into tally (n) values (${sql.placeholder('n')}::int) returning n`;

  it('runs as a named statement outside a transaction, and on the transaction inside one', async () => {
    expect(rowsOf(await runByShape(database.db, 'tally_add', add, { n: 1 }))).toEqual([{ n: 1 }]);
    expect(rowsOf(await runByShape(database.db, 'tally_add', add, { n: 2 }))).toEqual([{ n: 2 }]);
    const prepared = rowsOf(await database.db.execute(sql`select name from pg_prepared_statements`));
    expect(prepared).toEqual([{ name: 'tally_add' }]);
    await database.db
      .transaction(async (tx) => {
        await runByShape(tx, 'tally_add', add, { n: 3 });
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(rowsOf(await database.db.execute(sql`select n from tally order by n`))).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
