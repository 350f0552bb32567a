import { readFileSync } from 'node:fs';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/**
 * pglite-named-statements.ts calls PGlite's underscore methods and its protocol helpers, and
 * statement-by-shape.ts reaches into Drizzle's session (server/db/README.md). Neither is public
 * API, so both packages are pinned exactly in package.json, and this test names every part used:
 * an upgrade that moves one fails here with the part's name, before the behaviour tests
 * (pglite-named-statements.test.ts, statement-by-shape.test.ts) fail less clearly.
 */
const readJson = (path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as { version: string; dependencies: Record<string, string> };
const manifest = readJson('package.json');
/** Read from node_modules directly: PGlite's `exports` does not offer its package.json. */
const installed = (name: string) => readJson(`node_modules/${name}/package.json`).version;

describe("the libraries' private parts Genie relies on", () => {
  it('pins PGlite and Drizzle to one exact version, the one installed', () => {
    for (const name of ['@electric-sql/pglite', 'drizzle-orm']) {
      expect([name, manifest.dependencies[name]]).toEqual([name, installed(name)]);
    }
  });

  describe('PGlite', () => {
    let client: PGlite;
    beforeAll(async () => {
      client = await PGlite.create();
    });
    afterAll(() => client.close());

    it('has the exclusive-run methods, the protocol stream, and its serializers and parsers by type id', () => {
      const parts = client as unknown as Record<string, unknown>;
      const kinds = Object.fromEntries(['_runExclusiveTransaction', '_runExclusiveQuery', 'execProtocolStream', 'serializers', 'parsers'].map((part) => [part, typeof parts[part]]));
      expect(kinds).toEqual({ _runExclusiveTransaction: 'function', _runExclusiveQuery: 'function', execProtocolStream: 'function', serializers: 'object', parsers: 'object' });
      // 25 is text's type id: the tables are keyed by PostgreSQL type ids.
      expect(typeof client.serializers[25]).toBe('function');
    });

    it('exports the protocol writers and result readers the named statements use', () => {
      const writers = protocol.serialize as unknown as Record<string, unknown>;
      expect(['bind', 'describe', 'execute', 'sync', 'parse'].map((part) => [part, typeof writers[part]])).toEqual(['bind', 'describe', 'execute', 'sync', 'parse'].map((part) => [part, 'function']));
      expect([typeof parse.parseResults, typeof parse.parseDescribeStatementResults]).toEqual(['function', 'function']);
    });
  });

  describe('Drizzle', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("has the session on db._ with prepareQuery, and the dialect's sqlToQuery", () => {
      const session = (t.database.db as unknown as { _: { session: Record<string, unknown> } })._.session;
      expect([typeof session.prepareQuery, typeof new PgDialect().sqlToQuery]).toEqual(['function', 'function']);
    });
  });
});
