import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';

/**
 * A Db that runs `explain (analyze, buffers)` before every statement it is given and keeps the
 * plans, for the benches that show where a query's time goes. Inside a transaction the first
 * SET_LOCALS statements (search.repository.ts's `set local`s) are passed through: they are not
 * queries, and a failed EXPLAIN would abort the transaction.
 */
const SET_LOCALS = 3;

export function explainingDb(target: Db, plans: string[], passThrough = 0): Db {
  let skip = passThrough;
  return new Proxy(target, {
    get(object, key, receiver) {
      if (key === 'execute') {
        return async (query: Parameters<Db['execute']>[0]) => {
          if (skip > 0) {
            skip--;
            return object.execute(query);
          }
          const plan = (await object.execute(sql`explain (analyze, buffers, costs off) ${query}`)) as unknown as { rows: Record<string, string>[] };
          plans.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
          return object.execute(query);
        };
      }
      if (key === 'transaction') return (run: (tx: Db) => Promise<unknown>) => object.transaction((tx) => run(explainingDb(tx as unknown as Db, plans, SET_LOCALS)));
      return Reflect.get(object, key, receiver);
    },
  });
}
