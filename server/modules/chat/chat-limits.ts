import type { ChatMode } from '@contract/chat';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { subscriptionOf } from '../subscription/subscription.service';
import { chatRepository as repo } from './chat.repository';

/**
 * Who may send what, checked before any model is called: the per-minute rate limit, the daily
 * allowance of the user's plan, and legal mode for premium users (or while a free-tier promotion
 * is live). Counts come from stored user messages, so every app process sees the same numbers.
 */

const MINUTE_MS = 60_000;

export const LAW_PREMIUM_MESSAGE =
  'Legal mode is a Premium feature. Upgrade to Premium to ask legal questions, or switch to Chat or Dictionary mode.';

/** The sender, as the session lookup read them: their plan needs no query of its own. */
export interface ChatSender {
  id: string;
  premiumUntil: Date | null;
  plan: string | null;
}

export async function checkChatAllowed(db: Db, config: Config, sender: ChatSender, mode: ChatMode, now: Date): Promise<void> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const counts = await repo.userMessageCounts(db, sender.id, new Date(now.getTime() - MINUTE_MS), dayStart);
  if (counts.lastMinute >= config.CHAT_RATE_LIMIT_PER_MINUTE) {
    const resetMs = counts.oldestInLastMinute ? counts.oldestInLastMinute.getTime() + MINUTE_MS - now.getTime() : MINUTE_MS;
    const seconds = Math.max(1, Math.ceil(resetMs / 1000));
    throw new AppError(
      'rate_limited',
      `You are sending messages too quickly (${config.CHAT_RATE_LIMIT_PER_MINUTE} a minute). Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }

  const subscription = subscriptionOf(sender, now);
  const allowance = subscription.isPremium ? config.CHAT_DAILY_MESSAGES_PREMIUM : config.CHAT_DAILY_MESSAGES_FREE;
  if (counts.today >= allowance) {
    const resetAt = new Date(dayStart.getTime() + 24 * 60 * MINUTE_MS);
    const hours = Math.ceil((resetAt.getTime() - now.getTime()) / (60 * MINUTE_MS));
    throw new AppError(
      'allowance_exhausted',
      `You have used all ${allowance} messages of your daily allowance. It resets at midnight UTC (in about ${hours} hour${hours === 1 ? '' : 's'})` +
        (subscription.isPremium ? '.' : '; Premium raises it.'),
      undefined,
      { 'retry-after': String(Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) },
    );
  }

  if (mode === 'law' && !subscription.isPremium && !(await repo.freeTierPromotionLive(db, now))) {
    throw new AppError('premium_required', LAW_PREMIUM_MESSAGE, 'mode');
  }
}
