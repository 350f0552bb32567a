import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/**
 * Named statements for the embedded database, as node-postgres keeps them on PostgreSQL.
 *
 * PGlite's `query` parses its text as an unnamed statement every time and talks to PostgreSQL in
 * six calls (parse, describe the statement, bind, describe the portal, execute, sync). For a chat's
 * start and finish, which run for every message and queue one after another in the database's
 * thread when twenty chats arrive at once, that was about half of each statement's time
 * (bench/profile/exchange-statements.ts, the start in alternated rounds: 1.23-1.63 ms through
 * `query`, 0.60-0.85 ms as below). Here the text is parsed once under its name, and each run is
 * one call: bind, describe, execute and sync.
 *
 * A statement asks for this by starting with a comment that names its shape
 * (`shapeComment`, written by db/statement-by-shape.ts): one name, one text.
 */

const SHAPE_COMMENT = /^\/\* shape:([A-Za-z0-9_]+) \*\//;

/** The comment that names a statement's shape, put before its text. */
export function shapeComment(name: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`A statement's shape name is letters, digits and _ only: ${name}`);
  return `/* shape:${name} */`;
}

/** The name a statement's text carries, if it carries one. */
export function shapeNameOf(sql: string): string | undefined {
  return SHAPE_COMMENT.exec(sql)?.[1];
}

interface Prepared {
  text: string;
  /** The type of each parameter, as PostgreSQL inferred it: which of PGlite's serializers to use. */
  paramTypes: number[];
}

export class NamedStatements {
  private readonly prepared = new Map<string, Prepared>();

  constructor(private readonly client: PGlite) {}

  /**
   * Runs `sql` under `name` with `params`, answering as PGlite's `query` does (the same
   * serializers for the parameters, the same parsers for the rows). Like `query` outside a
   * transaction, it waits for an open transaction to end and runs alone.
   */
  run(name: string, sql: string, params: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<Results> {
    const client = this.client;
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const statement = await this.statement(name, sql);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serialize = client.serializers[statement.paramTypes[i]!];
          return serialize ? serialize(value) : String(value);
        });
        const messages = await client.execProtocolStream(
          Buffer.concat([
            protocol.serialize.bind({ statement: name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: true },
        );
        return parse.parseResults(messages, client.parsers, options)[0]!;
      }),
    );
  }

  private async statement(name: string, text: string): Promise<Prepared> {
    const known = this.prepared.get(name);
    if (known) {
      if (known.text !== text) throw new Error(`The statement ${name} was prepared with another text.`);
      return known;
    }
    const messages = await this.client.execProtocolStream(
      Buffer.concat([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { text, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.prepared.set(name, statement);
    return statement;
  }
}
