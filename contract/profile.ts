import { z } from 'zod';
import { emailSchema, usernameSchema } from './auth';
import { personaIdSchema } from './personas';
import { teamRefSchema } from './teams';
import { FILE_CATEGORIES, fileCategorySchema, type FileCategory } from './files';

/** SPEC §3 Subscription, plus the plan it came with (null while Free). */
export const subscriptionSchema = z.object({
  isPremium: z.boolean(),
  /** ISO time the premium period ends; null while Free (an expired period reads as Free). */
  expiresAt: z.string().nullable(),
  plan: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionSchema>;

/** GET /api/user/subscription: the caller's team's subscription, and which team and role that is. */
export const userSubscriptionSchema = subscriptionSchema.extend({ team: teamRefSchema });
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

/**
 * GET and PUT /api/user/persona: the persona the account chose in the onboarding carousel, so a
 * new browser skips the carousel (issue 42); null until the carousel was finished once.
 */
export const chosenPersonaSchema = z.object({ persona: personaIdSchema.nullable() });
export type ChosenPersona = z.infer<typeof chosenPersonaSchema>;
export const chosenPersonaBodySchema = z.object({ persona: personaIdSchema });

/** SPEC §3 User profile. */
export const userProfileSchema = z.object({
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastActive: z.string(),
  subscription: subscriptionSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** PUT /api/user/profile: the same rules as sign-up, so a name valid there is valid here. */
export const updateProfileBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** The storage breakdown groups by the files' own categories (files.category). */
export const STORAGE_CATEGORIES = FILE_CATEGORIES;
export const storageCategorySchema = fileCategorySchema;
export type StorageCategory = FileCategory;

export const STORAGE_CATEGORY_LABELS: Record<StorageCategory, string> = {
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
  document: 'Documents',
  other: 'Other files',
};

export const storageCategoryUsageSchema = z.object({
  category: storageCategorySchema,
  files: z.number().int(),
  bytes: z.number(),
});
export type StorageCategoryUsage = z.infer<typeof storageCategoryUsageSchema>;

/**
 * SPEC §3 User metrics, every field computed from what the user did. Beyond SPEC:
 * `questionsThisMonth` is in the UTC calendar month, `platformFees` is SPEC §9's 5% worked out
 * on the server to the cent, and `storageBreakdown` lists every category (zeros included) in
 * STORAGE_CATEGORIES order.
 */
export const userMetricsSchema = z.object({
  totalQuestions: z.number().int(),
  questionsThisMonth: z.number().int(),
  /** US dollars, to the cent, of the user's confirmed payments. */
  totalSpent: z.number(),
  platformFees: z.number(),
  streakDays: z.number().int(),
  joinedDaysAgo: z.number().int(),
  favoriteFeature: z.string(),
  totalConversations: z.number().int(),
  /** Messages (questions and replies) per conversation, to one decimal. */
  averageConversationLength: z.number(),
  cryptoTransactions: z.number().int(),
  storageUsed: z.number(),
  storageLimit: z.number(),
  storageBreakdown: z.array(storageCategoryUsageSchema),
});
export type UserMetrics = z.infer<typeof userMetricsSchema>;

/** SPEC §2: the favourite feature reads Chat until the user has used anything. */
export const DEFAULT_FAVORITE_FEATURE = 'Chat';
