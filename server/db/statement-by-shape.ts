import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PgSession, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { shapeComment } from './pglite-named-statements';

/**
 * A hot statement whose text depends only on its shape (which parts it has), built once per shape
 * and then run with new values. Drizzle builds a `sql` template's text by walking every fragment,
 * each time it runs: for a chat's start statement that was about 0.3 ms of the server's thread
 * per chat, paid for each of twenty chats sent at once before any of them could ask the model
 * (issue 19). Here the template holds `sql.placeholder(name)` where values go, its text is built
 * the first time a shape is asked for, and each run fills the placeholders.
 *
 * The statement is also named, so the database parses it once: on PostgreSQL node-postgres does so
 * per pooled connection; PGlite's driver ignores the name, so the text starts with a comment naming
 * the shape, which the embedded database's thread reads (pglite-named-statements.ts). `name` must
 * say the shape: one name, one text.
 */

type Prepared = PgPreparedQuery<PreparedQueryConfig & { execute: unknown }>;
/** The dialect only turns SQL into text and parameters; it holds no connection. */
const dialect = new PgDialect();
/** Per session (a database, or a transaction's own), so that a statement runs where it was asked. */
const preparedBySession = new WeakMap<object, Map<string, Prepared>>();

export async function runByShape(db: Db, name: string, build: () => SQL, values: Record<string, unknown>): Promise<unknown> {
  // Drizzle's session is public on `db._` but typed for its own generics; only prepareQuery is used.
  const session = db._.session as PgSession;
  let byName = preparedBySession.get(session);
  if (!byName) preparedBySession.set(session, (byName = new Map()));
  let prepared = byName.get(name);
  if (!prepared) {
    // The comment names the shape for the embedded database's thread (pglite-named-statements.ts).
    prepared = session.prepareQuery(dialect.sqlToQuery(sql`${sql.raw(shapeComment(name))} ${build()}`), undefined, name, false);
    byName.set(name, prepared);
  }
  return prepared.execute(values);
}
