import type { ChatMode } from '@contract/chat';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { subscriptionOf } from '../subscription/subscription.service';

/**
 * Who may send what, checked before any model is called: the per-minute rate limit, the daily
 * allowance of the user's plan, and legal mode for premium users (or while a free-tier promotion
 * is live). Counts come from stored user messages, so every app process sees the same numbers.
 * The counting happens in the same statement that stores the message (chatExchangeRepository.startExchange,
 * under a per-user lock so concurrent chats cannot overshoot);
 * this file holds the rules and the sentences.
 */

const MINUTE_MS = 60_000;

export const LAW_PREMIUM_MESSAGE =
  'Legal mode is a Premium feature. Upgrade to Premium to ask legal questions, or switch to Chat or Dictionary mode.';

/** The sender, as the session lookup read them: their plan needs no query of its own. */
export interface ChatSender {
  id: string;
  premiumUntil: Date | null;
  plan: string | null;
  /** Present when the request came with an API key (/v1, /mcp): the team's policy may turn the API off. */
  keyId?: string;
}

/** What the limits need from the database, read in one statement. */
export interface LimitCounts {
  lastMinute: number;
  oldestInLastMinute: Date | null;
  today: number;
  /** Whether a free-tier promotion is live; only read when `needsPromotion`. */
  promotionLive: boolean;
}

/** The numbers the statement compares against, and the windows it counts in. */
export function chatLimitsFor(config: Config, sender: ChatSender, mode: ChatMode, now: Date) {
  const isPremium = subscriptionOf(sender, now).isPremium;
  return {
    isPremium,
    minuteAgo: new Date(now.getTime() - MINUTE_MS),
    dayStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    perMinute: config.CHAT_RATE_LIMIT_PER_MINUTE,
    allowance: isPremium ? config.CHAT_DAILY_MESSAGES_PREMIUM : config.CHAT_DAILY_MESSAGES_FREE,
    /** Legal mode for a free user: allowed only while a free-tier promotion is live. */
    needsPromotion: mode === 'law' && !isPremium,
  };
}

export type ChatLimits = ReturnType<typeof chatLimitsFor>;

/** The refusal for these counts, in the order a person should hear them, or null when allowed. */
export function limitRefusal(limits: ChatLimits, counts: LimitCounts, now: Date): AppError | null {
  if (counts.lastMinute >= limits.perMinute) {
    const resetMs = counts.oldestInLastMinute ? counts.oldestInLastMinute.getTime() + MINUTE_MS - now.getTime() : MINUTE_MS;
    const seconds = Math.max(1, Math.ceil(resetMs / 1000));
    return new AppError(
      'rate_limited',
      `You are sending messages too quickly (${limits.perMinute} a minute). Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }

  if (counts.today >= limits.allowance) {
    const resetAt = new Date(limits.dayStart.getTime() + 24 * 60 * MINUTE_MS);
    const hours = Math.ceil((resetAt.getTime() - now.getTime()) / (60 * MINUTE_MS));
    return new AppError(
      'allowance_exhausted',
      `You have used all ${limits.allowance} messages of your daily allowance. It resets at midnight UTC (in about ${hours} hour${hours === 1 ? '' : 's'})` +
        (limits.isPremium ? '.' : '; Premium raises it.'),
      undefined,
      { 'retry-after': String(Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) },
    );
  }

  if (limits.needsPromotion && !counts.promotionLive) return new AppError('premium_required', LAW_PREMIUM_MESSAGE, 'mode');
  return null;
}
