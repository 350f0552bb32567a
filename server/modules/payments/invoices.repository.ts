import { and, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@contract/billing';
import type { Db } from '../../db/database';
import { invoices, type InvoiceRow } from '../../db/schema/commerce';
import { teams } from '../../db/schema/teams';

/** A pending invoice past its end reads as expired: no job has to run for it. */
function statusIs(status: InvoiceStatus, now: Date): SQL {
  const at = now.toISOString();
  switch (status) {
    case 'pending':
      return and(eq(invoices.status, 'pending'), gt(invoices.expiresAt, sql`${at}::timestamptz`))!;
    case 'expired':
      return or(eq(invoices.status, 'expired'), and(eq(invoices.status, 'pending'), lte(invoices.expiresAt, sql`${at}::timestamptz`)))!;
    default:
      return eq(invoices.status, status);
  }
}

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'status' | 'paidAt' | 'confirmedBy' | 'paymentId' | 'periodEnd'>;

export const invoicesRepository = {
  async insert(db: Db, row: NewInvoice): Promise<InvoiceRow> {
    const [created] = await db.insert(invoices).values(row).returning();
    return created!;
  },

  /** Writes down the expiry of this currency's lapsed pending invoices, so their amounts can be used again. */
  async expireLapsed(db: Db, currency: string, now: Date) {
    await db
      .update(invoices)
      .set({ status: 'expired' })
      .where(and(eq(invoices.currency, currency), eq(invoices.status, 'pending'), eq(invoices.mode, 'direct'), lte(invoices.expiresAt, sql`${now.toISOString()}::timestamptz`)));
  },

  async find(db: Db, id: string): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
    return row;
  },

  async findByProcessorId(db: Db, processorInvoiceId: string): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.processorInvoiceId, processorInvoiceId)).limit(1);
    return row;
  },

  async ofTeam(db: Db, teamId: string, limit: number): Promise<InvoiceRow[]> {
    return db.select().from(invoices).where(eq(invoices.teamId, teamId)).orderBy(desc(invoices.createdAt)).limit(limit);
  },

  /**
   * Moves the invoice from pending to paid, once: one conditional update, so of two confirmations
   * at once only one gets the row back (PostgreSQL re-checks the condition after the first commits).
   * `lateAllowed` also pays a lapsed one (BTCPay settles a payment seen before the end).
   */
  async claimPaid(db: Db, id: string, now: Date, by: string, lateAllowed: boolean): Promise<InvoiceRow | undefined> {
    const payable = lateAllowed
      ? inArray(invoices.status, ['pending', 'expired'])
      : and(eq(invoices.status, 'pending'), gt(invoices.expiresAt, sql`${now.toISOString()}::timestamptz`));
    const [row] = await db
      .update(invoices)
      .set({ status: 'paid', paidAt: now, confirmedBy: by })
      .where(and(eq(invoices.id, id), payable))
      .returning();
    return row;
  },

  async linkPayment(db: Db, id: string, paymentId: string, periodEnd: Date | null) {
    await db.update(invoices).set({ paymentId, periodEnd }).where(eq(invoices.id, id));
  },

  /**
   * A paid invoice whose payment was refunded (or failed after all): answers its payment, once;
   * undefined when it is not paid (never paid, or already taken back).
   */
  async takeBack(db: Db, id: string, status: 'refunded' | 'invalid'): Promise<{ paymentId: string | null } | undefined> {
    const [row] = await db
      .update(invoices)
      .set({ status })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'paid')))
      .returning({ paymentId: invoices.paymentId });
    return row;
  },

  /** Ends a pending invoice (BTCPay said expired or invalid); false when it was not pending. */
  async end(db: Db, id: string, status: 'expired' | 'invalid'): Promise<boolean> {
    const rows = await db
      .update(invoices)
      .set({ status })
      .where(and(eq(invoices.id, id), inArray(invoices.status, status === 'invalid' ? ['pending', 'expired'] : ['pending'])))
      .returning({ id: invoices.id });
    return rows.length > 0;
  },

  async forAdmin(db: Db, status: InvoiceStatus | 'all', now: Date, limit: number) {
    return db
      .select({ invoice: invoices, teamName: teams.name })
      .from(invoices)
      .innerJoin(teams, eq(teams.id, invoices.teamId))
      .where(status === 'all' ? undefined : statusIs(status, now))
      .orderBy(desc(invoices.createdAt))
      .limit(limit);
  },

  /** Count and USD sum of invoices in each state, as they read now (one row, one pass). */
  async totals(db: Db, now: Date): Promise<Record<InvoiceStatus, { count: number; amountUsd: string }>> {
    const states = ['pending', 'paid', 'expired', 'invalid', 'refunded'] as const;
    const columns = Object.fromEntries(
      states.flatMap((state) => [
        [`${state}Count`, sql<number>`(count(*) filter (where ${statusIs(state, now)}))::int`],
        [`${state}Usd`, sql<string>`(coalesce(sum(${invoices.amountUsd}) filter (where ${statusIs(state, now)}), 0))::text`],
      ]),
    ) as Record<string, SQL.Aliased<unknown> | SQL<unknown>>;
    const [row] = (await db.select(columns).from(invoices)) as Record<string, unknown>[];
    return Object.fromEntries(states.map((state) => [state, { count: Number(row?.[`${state}Count`] ?? 0), amountUsd: String(row?.[`${state}Usd`] ?? '0') }])) as Record<
      InvoiceStatus,
      { count: number; amountUsd: string }
    >;
  },
};
