import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { paymentEvents, payments, type PaymentRow } from '../../db/schema/commerce';

export const paymentsRepository = {
  async eventSeen(db: Db, eventId: string): Promise<boolean> {
    const rows = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).limit(1);
    return rows.length > 0;
  },

  async findByTxHash(db: Db, txHash: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.txHash, txHash)).limit(1);
    return row;
  },

  async insertPayment(
    db: Db,
    row: { userId: string; cryptocurrency: string; amount: string; amountUsd: string; status: string; plan: string | null; txHash: string; createdAt: Date },
  ): Promise<PaymentRow> {
    const [created] = await db.insert(payments).values({ ...row, updatedAt: row.createdAt }).returning();
    return created!;
  },

  /** The confirmed payment a paid invoice records, already credited to its team (issue 41). */
  async insertInvoicePayment(
    db: Db,
    row: { userId: string | null; teamId: string; cryptocurrency: string; amount: string; amountUsd: string; plan: string; invoiceId: string; now: Date },
  ): Promise<{ id: string }> {
    const [created] = await db
      .insert(payments)
      .values({
        userId: row.userId,
        cryptocurrency: row.cryptocurrency,
        amount: row.amount,
        amountUsd: row.amountUsd,
        status: 'confirmed',
        plan: row.plan,
        // One payment per invoice, whatever confirmed it: the unique tx_hash makes that a fact.
        txHash: `invoice:${row.invoiceId}`,
        createdAt: row.now,
        updatedAt: row.now,
        premiumGrantedAt: row.now,
        premiumTeamId: row.teamId,
        note: `Invoice ${row.invoiceId}`,
      })
      .returning({ id: payments.id });
    return created!;
  },

  /** A hand grant in the books: zero amount, confirmed, with the admin's note. */
  async insertGrant(db: Db, row: { userId: string; teamId: string; plan: string; now: Date; note: string; reference: string }) {
    await db.insert(payments).values({
      userId: row.userId,
      cryptocurrency: 'none',
      amount: '0',
      amountUsd: '0',
      status: 'confirmed',
      plan: row.plan,
      txHash: row.reference,
      premiumGrantedAt: row.now,
      premiumTeamId: row.teamId,
      note: row.note,
    });
  },

  async updateStatus(db: Db, id: string, status: string, now: Date) {
    await db.update(payments).set({ status, updatedAt: now }).where(eq(payments.id, id));
  },

  async insertEvent(db: Db, eventId: string, paymentId: string, now: Date) {
    await db.insert(paymentEvents).values({ eventId, paymentId, receivedAt: now });
  },

  /**
   * Marks a payment as having granted its period to `teamId`; false when it already had. One
   * conditional update, so two events for one payment at once cannot both grant.
   */
  async claimGrant(db: Db, paymentId: string, teamId: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(payments)
      .set({ premiumGrantedAt: now, premiumTeamId: teamId })
      .where(and(eq(payments.id, paymentId), isNull(payments.premiumGrantedAt)))
      .returning({ id: payments.id });
    return rows.length > 0;
  },

  /**
   * Marks a granted period as taken back and answers the team it had credited (null when that team
   * is gone); undefined when it was never granted or already taken back.
   */
  async claimRevoke(db: Db, paymentId: string, now: Date): Promise<{ teamId: string | null } | undefined> {
    const [row] = await db
      .update(payments)
      .set({ premiumRevokedAt: now })
      .where(and(eq(payments.id, paymentId), isNotNull(payments.premiumGrantedAt), isNull(payments.premiumRevokedAt)))
      .returning({ teamId: payments.premiumTeamId });
    return row;
  },
};
