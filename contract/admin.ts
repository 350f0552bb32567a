import { z } from 'zod';
import { localModelHealthSchema } from './health';
import { planIdSchema } from './plans';
import { promotionActionSchema } from './promotions';

/** SPEC §5: username and password required and non-empty. */
export const adminLoginBodySchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100, 'Username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is too long'),
});
export type AdminLoginBody = z.infer<typeof adminLoginBodySchema>;

/** SPEC §3 "Admin login response". */
export const adminLoginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: z.object({ username: z.string() }),
  expiresAt: z.string(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

/** SPEC §4 "Payment status display": confirmed green, pending yellow, anything else red. */
export const paymentStatusSchema = z.enum(['pending', 'confirmed', 'failed', 'refunded']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const adminPaymentSchema = z.object({
  id: z.string(),
  /** The paying user's username, or null once the account was deleted. */
  user: z.string().nullable(),
  cryptocurrency: z.string(),
  /** Exact decimal strings: money is never a float. */
  amount: z.string(),
  amountUSD: z.string(),
  status: z.string(),
  txHash: z.string(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** SPEC §3 "Admin dashboard data". */
export const adminDashboardSchema = z.object({
  revenueStats: z.object({ totalUSD: z.number(), last24h: z.number(), last7d: z.number(), last30d: z.number() }),
  userStats: z.object({ totalUsers: z.number(), premiumUsers: z.number(), activeToday: z.number() }),
  totalPayments: z.number(),
  confirmedPayments: z.number(),
  storageStats: z.object({
    totalFiles: z.number(),
    totalSizeGB: z.number(),
    /** Category (image, video, audio, document, other) to {count, bytes}. */
    usageByType: z.record(z.string(), z.object({ count: z.number(), bytes: z.number() })),
  }),
  /** Currency code to wallet address, only for the addresses configured. */
  businessAddresses: z.record(z.string(), z.string()),
  payments: z.array(adminPaymentSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** SPEC §3 "Analytics". */
export const adminAnalyticsSchema = z.object({
  overview: z.object({
    totalInteractions: z.number(),
    avgResponseTime: z.number(),
    /** Percent, 0-100, one decimal. */
    successRate: z.number(),
    positiveFeedback: z.number(),
    negativeFeedback: z.number(),
  }),
  /** Signed-in user sessions that have not expired. */
  activeSessions: z.number(),
  characterUsage: z.array(z.object({ character: z.string(), count: z.number(), avgResponseTime: z.number() })),
  featureUsage: z.array(z.object({ feature: z.string(), action: z.string(), count: z.number() })),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

export const schemeCategorySchema = z.enum(['pricing', 'retail', 'psychology']);
export type SchemeCategory = z.infer<typeof schemeCategorySchema>;

export interface SchemeDefinition {
  name: string;
  desc: string;
}

/**
 * Marketing schemes are campaign records the team runs outside the product (outreach, content):
 * deploying one tracks it as active for SCHEME_DURATION_DAYS. Users never see them, so no
 * scheme can make a claim to a user.
 */
export const SCHEME_DURATION_DAYS = 14;
export const SCHEMES: Record<SchemeCategory, readonly SchemeDefinition[]> = {
  pricing: [
    { name: 'Annual Plan Outreach', desc: 'Email current monthly customers about paying yearly. Tracked for 14 days.' },
    { name: 'Team Plan Pitch', desc: 'Pitch Pro to Starter teams that reached their 3-member limit. Tracked for 14 days.' },
  ],
  retail: [
    { name: 'Agency Partner Drive', desc: 'Contact agencies about reselling Genie to their clients. Tracked for 14 days.' },
    { name: 'Referral Reminder', desc: 'Remind customers that referrals are welcome, with no reward promised. Tracked for 14 days.' },
  ],
  psychology: [
    { name: 'Customer Stories', desc: 'Publish case studies from customers who agreed to be named. Tracked for 14 days.' },
    { name: 'Onboarding Nudges', desc: 'Send new users tips about features they have not tried yet. Tracked for 14 days.' },
  ],
};
export const SCHEME_NAMES = Object.values(SCHEMES).flatMap((list) => list.map((s) => s.name));

export const schemesResponseSchema = z.object({
  schemes: z.record(schemeCategorySchema, z.array(z.object({ name: z.string(), desc: z.string() }))),
  active: z.array(z.string()),
  cleanupService: z.object({ isRunning: z.boolean() }),
});
export type SchemesResponse = z.infer<typeof schemesResponseSchema>;

export const deploySchemeBodySchema = z.object({
  scheme: z.enum(SCHEME_NAMES as [string, ...string[]], { error: 'Choose one of the listed schemes' }),
});
export const messageResponseSchema = z.object({ message: z.string() });

/** SPEC §3 "Promos response", with what each promotion does. */
export const adminPromoSchema = z.object({
  id: z.string(),
  action: promotionActionSchema,
  name: z.string(),
  headline: z.string(),
  discountPercent: z.number().optional(),
  plans: z.array(planIdSchema).optional(),
  startsAt: z.string(),
  expires: z.string(),
  active: z.boolean(),
});
export type AdminPromo = z.infer<typeof adminPromoSchema>;

export const promosResponseSchema = z.object({
  promos: z.array(adminPromoSchema),
  notifications: z.array(z.object({ message: z.string(), createdAt: z.string() })),
  /** Campaign Performance: live campaigns and confirmed revenue since the earliest of them began. */
  performance: z.object({ activeCampaigns: z.number(), revenueUSD: z.number() }),
});
export type PromosResponse = z.infer<typeof promosResponseSchema>;

export const deployPromotionBodySchema = z.object({ action: promotionActionSchema });
export const deployPromotionResponseSchema = z.object({
  success: z.boolean(),
  campaignName: z.string(),
  message: z.string(),
});
export type DeployPromotionResponse = z.infer<typeof deployPromotionResponseSchema>;

export const pauseAllResponseSchema = z.object({ paused: z.number(), message: z.string() });
export type PauseAllResponse = z.infer<typeof pauseAllResponseSchema>;

/** System tab: SPEC's four indicators, each from a real check. */
export const systemCheckSchema = z.object({
  id: z.enum(['payments', 'storage', 'models', 'api']),
  label: z.string(),
  /** `warning`: working, but needs an operator soon (the disk under DATA_DIR 90% full). */
  status: z.enum(['online', 'offline', 'not_configured', 'down', 'warning']),
  detail: z.string(),
});
export const systemResponseSchema = z.object({
  checks: z.array(systemCheckSchema),
  checkedAt: z.string(),
  /** Models Genie runs itself, with why loading failed when it did (an operator's eyes only). */
  localModels: z.array(localModelHealthSchema.extend({ error: z.string().nullable() })).optional(),
  /** Backups (issue 47): the newest archive's time, from `npm run backup` or BACKUP_DIR's schedule. */
  backup: z
    .object({
      /** not_configured: no BACKUP_DIR and no backup made since start; warning: the last attempt failed, or none is newer than twice the schedule. */
      status: z.enum(['online', 'warning', 'not_configured']),
      lastAt: z.string().nullable(),
      detail: z.string(),
    })
    .optional(),
});
export type SystemResponse = z.infer<typeof systemResponseSchema>;

/** POST /api/payments/webhook, signed with HMAC-SHA256 of the raw body in X-Genie-Signature. */
const decimalString = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d{1,22}(\.\d{1,8})?$/, 'must be a non-negative decimal'));
/** The payer: `userId` names a member (their team is credited), or `teamId` names the team itself. */
export const paymentWebhookBodySchema = z.object({
  eventId: z.string().min(1).max(200),
  userId: z.uuid().optional(),
  teamId: z.uuid().optional(),
  cryptocurrency: z.string().trim().min(1).max(20).transform((s) => s.toUpperCase()),
  amount: decimalString,
  amountUSD: decimalString.pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'must have at most 2 decimals')),
  status: paymentStatusSchema,
  plan: planIdSchema.nullable().optional(),
  txHash: z.string().min(1).max(200),
}).refine((body) => body.userId !== undefined || body.teamId !== undefined, { message: 'a userId or a teamId is required', path: ['userId'] });
export type PaymentWebhookBody = z.infer<typeof paymentWebhookBodySchema>;
export const paymentWebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
/**
 * A signed event naming a Genie invoice (issue 41): only these fields are read; the plan, price,
 * currency and team come from the invoice.
 */
export const invoicePaymentEventSchema = z.object({
  eventId: z.string().min(1).max(200),
  invoiceId: z.uuid({ error: 'must be an invoice id' }),
  status: paymentStatusSchema,
});
export const PAYMENT_SIGNATURE_HEADER = 'x-genie-signature';

/**
 * What each promotion of SPEC §7 does, exactly as the server applies it. Discounts are percent
 * off the monthly price of the listed plans (contract/promotions.ts `discountedPrice`).
 */
export interface PromotionDefinition {
  name: string;
  /** For the admin's deploy button: the effect in one sentence. */
  effect: string;
  durationHours: number;
  discountPercent?: number;
  plans?: ('starter' | 'pro')[];
  unlocksLegalMode?: boolean;
  /** What users see while it is live; never a claim the server does not honour. */
  headline: string;
}

export const TOP_USERS_REWARDED = 3;
export const TOP_USERS_PREMIUM_DAYS = 7;

export const PROMOTION_CATALOGUE: Record<z.infer<typeof promotionActionSchema>, PromotionDefinition> = {
  activate_free_tier: {
    name: 'Legal Mode Open Week',
    effect: 'Opens Legal mode to every signed-in user for 7 days.',
    durationHours: 7 * 24,
    unlocksLegalMode: true,
    headline: 'Legal mode is open to every signed-in user for a limited time.',
  },
  lower_competitor_feature_prices: {
    name: 'Competitive Pro Pricing',
    effect: 'Pro costs 25% less for 7 days.',
    durationHours: 7 * 24,
    discountPercent: 25,
    plans: ['pro'],
    headline: 'Pro is 25% off for a limited time.',
  },
  launch_flash_sale: {
    name: 'Flash Sale',
    effect: '20% off Starter and Pro for exactly 24 hours.',
    durationHours: 24,
    discountPercent: 20,
    plans: ['starter', 'pro'],
    headline: 'Flash sale: 20% off Starter and Pro for 24 hours.',
  },
  enable_time_limited_offer: {
    name: 'Starter Limited-Time Offer',
    effect: 'Starter costs 30% less for 72 hours.',
    durationHours: 72,
    discountPercent: 30,
    plans: ['starter'],
    headline: 'Limited-time offer: 30% off the Starter plan.',
  },
  highlight_top_users: {
    name: 'Top Member Rewards',
    effect: `Gives the ${TOP_USERS_REWARDED} most active members of the last 30 days ${TOP_USERS_PREMIUM_DAYS} days of Premium. Nobody's name is shown.`,
    durationHours: TOP_USERS_PREMIUM_DAYS * 24,
    headline: `Thank you: our most active members this month received ${TOP_USERS_PREMIUM_DAYS} days of Premium.`,
  },
};
