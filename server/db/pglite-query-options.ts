import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

/**
 * Drizzle passes its own type parsers with every PGlite query (drizzle-orm/pglite/session.js:
 * dates, times and intervals stay the strings PostgreSQL sent). PGlite merges per-query parsers
 * into a fresh copy of its whole parser table for every query, which cost about 1 ms a statement
 * (measured: 0.85 ms a query without them against 1.6-2.1 ms with them, on the same PGlite), the
 * largest part of a chat's work on the embedded database (issue 19). So the client is created with
 * these parsers as its own, and the queries Drizzle sends reach it without them: the same results,
 * without the copy.
 */
const asSent = (value: string) => value;
export const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: asSent,
  [types.TIMESTAMPTZ]: asSent,
  [types.INTERVAL]: asSent,
  [types.DATE]: asSent,
  1231: asSent, // numeric[]
  1115: asSent, // timestamp[]
  1185: asSent, // timestamptz[]
  1187: asSent, // interval[]
  1182: asSent, // date[]
};

type QueryOptions = Parameters<PGlite['query']>[2];

/** The options without `parsers` when they are only Drizzle's (which the client already has). */
export function withoutDrizzleParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  for (const key of Object.keys(options.parsers)) if (!(key in DRIZZLE_PARSERS)) return options;
  const { parsers: _alreadyTheClients, ...rest } = options;
  return rest;
}

/**
 * `client` (created with `parsers: DRIZZLE_PARSERS`) as Drizzle should see it: `query` and the
 * transactions' `query` drop Drizzle's per-query parsers; everything else is the client itself
 * (its methods bound to it, as PGlite's private fields need).
 */
export function forDrizzle<T extends PGlite | Transaction>(client: T): T {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) => target.query(query, params, withoutDrizzleParsers(options));
      }
      if (property === 'transaction' && 'transaction' in target) {
        return <R>(run: (tx: Transaction) => Promise<R>) => (target as PGlite).transaction((tx) => run(forDrizzle(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(property)) bound.set(property, (value as (...args: unknown[]) => unknown).bind(target));
      return bound.get(property);
    },
  });
}
