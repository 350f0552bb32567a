import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

export const demoRequests = pgTable(
  'demo_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    usecase: text('usecase').notNull(),
    notes: text('notes'),
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_requests_created_idx').on(t.createdAt)],
);
export type DemoRequestRow = typeof demoRequests.$inferSelect;

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    cryptocurrency: text('cryptocurrency').notNull(),
    /** Exact decimal strings: money is never a float. */
    amount: numeric('amount', { precision: 30, scale: 8 }).notNull(),
    amountUsd: numeric('amount_usd', { precision: 14, scale: 2 }).notNull(),
    status: text('status').notNull(),
    plan: text('plan'),
    txHash: text('tx_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this payment extended its team's premium: a payment grants its period once, ever. */
    premiumGrantedAt: timestamp('premium_granted_at', { withTimezone: true }),
    /** The team that grant credited: a refund takes the period back from it, wherever the payer is now. */
    premiumTeamId: uuid('premium_team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** When a refund (or failure) took that period back. */
    premiumRevokedAt: timestamp('premium_revoked_at', { withTimezone: true }),
    /** Why a payment exists beyond the chain: an admin's hand grant (zero amount) says who and what. */
    note: text('note'),
  },
  (t) => [
    index('payments_created_idx').on(t.createdAt),
    index('payments_user_status_idx').on(t.userId, t.status),
    // amount_usd too, so the dashboard's revenue windows are answered from the index alone.
    index('payments_status_created_idx').on(t.status, t.createdAt, t.amountUsd),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/**
 * What a team owes for one plan period (issue 41). Pending until paid, expired or invalid; a pending
 * invoice past expires_at reads as expired. Paying it records one payment (payment_id) and extends
 * the team once: the status moves from pending to paid in one conditional update.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    plan: text('plan').notNull(),
    /** What is charged (a live promotion's price) and the list price it came from. */
    amountUsd: numeric('amount_usd', { precision: 14, scale: 2 }).notNull(),
    listPriceUsd: numeric('list_price_usd', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** In the currency; unique among pending direct-wallet invoices of that currency, so a transfer can be matched. Null until BTCPay names it. */
    amount: numeric('amount', { precision: 30, scale: 8 }),
    address: text('address'),
    /** 'direct' (the business wallet) or 'btcpay'. */
    mode: text('mode').notNull(),
    processorInvoiceId: text('processor_invoice_id').unique(),
    checkoutUrl: text('checkout_url'),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who confirmed it: an admin's name, 'btcpay' or 'webhook'. */
    confirmedBy: text('confirmed_by'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** The team's premium end right after this payment: what the receipt says. */
    periodEnd: timestamp('period_end', { withTimezone: true }),
  },
  (t) => [
    index('invoices_team_created_idx').on(t.teamId, t.createdAt),
    index('invoices_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('invoices_pending_amount_uq').on(t.currency, t.amount).where(sql`${t.status} = 'pending' and ${t.mode} = 'direct'`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** Webhook event ids already applied: the same event twice is recorded once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  paymentId: uuid('payment_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schemes = pgTable(
  'schemes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    active: boolean('active').notNull().default(true),
    deployedAt: timestamp('deployed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('schemes_active_idx').on(t.active, t.expiresAt)],
);

export const promos = pgTable(
  'promos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    name: text('name').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promos_active_expires_idx').on(t.active, t.expiresAt)],
);
export type PromoRow = typeof promos.$inferSelect;

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

/**
 * One row per team and paid period whose renewal reminder was mailed (issue 41). The key is the
 * period's end, so a period is mailed once however many processes sweep or restart, and a renewed
 * period (a later end) is reminded again.
 */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.periodEnd] })],
);
