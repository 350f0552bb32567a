import type { Language } from '@contract/languages';
import type { Mailer } from '../../adapters/mail/mailer';
import { mailLanguage } from '../../adapters/mail/mail-texts';
import { verificationMail } from './auth-mails';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PublicLinks } from '../../lib/public-links';
import { hashToken, newToken } from '../../lib/tokens';
import { authRepository } from './auth.repository';
import { emailVerificationRepository as repo } from './email-verification.repository';
import type { UserDataChanges } from './session-cache';

export const VERIFY_LINK_TTL_MS = 24 * 3600 * 1000;
/** Verification mails one account may be sent per hour (sign-up's included). */
export const VERIFICATION_MAILS_PER_HOUR = 3;

export const VERIFY_LINK_INVALID = 'This verification link is not valid: it may have expired (links last 24 hours), been used already, or be for an address the account no longer uses. Sign in and ask for a new one.';
export const NO_MAIL_FOR_VERIFICATION =
  'This Genie sends no mail (SMTP_URL is not set), so your email cannot be verified. You can use Genie as you are; single sign-on will not sign into this account until its email is verified.';

export interface EmailVerificationDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer | null;
  links: PublicLinks;
  userDataChanges: UserDataChanges;
  /** Where failures of the background mail are reported (never with the token). */
  warn: (message: string) => void;
}

interface Account {
  id: string;
  email: string;
  username: string;
  /** The account's chosen language (null: none chosen yet). */
  language?: string | null;
}

/**
 * Proof that a password account's owner reads its address's mail: a single-use link mailed at
 * sign-up and on "Resend", kept only as its SHA-256. Until then the account works, but single
 * sign-on never links to it (oidc-accounts.service.ts), so whoever signs up first with someone
 * else's address cannot catch that person's SSO sign-in.
 */
export function createEmailVerificationService(deps: EmailVerificationDeps) {
  const { db, clock, mailer, links } = deps;
  const inFlight = new Set<Promise<void>>();

  /** A new link for the account's current address, or null past VERIFICATION_MAILS_PER_HOUR. */
  async function issueLink(account: Account): Promise<string | null> {
    const token = newToken();
    const now = clock.now();
    return db.transaction(async (tx) => {
      await repo.lockAccount(tx, account.id);
      if ((await repo.countSince(tx, account.id, new Date(now.getTime() - 3600 * 1000))) >= VERIFICATION_MAILS_PER_HOUR) return null;
      await repo.insert(tx, { userId: account.id, email: account.email, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + VERIFY_LINK_TTL_MS) });
      return token;
    });
  }

  async function mail(account: Account, token: string, language: Language | null = null) {
    if (!mailer) return;
    const link = links.mailLink(`/verify-email?token=${encodeURIComponent(token)}`);
    await mailer.send(verificationMail(mailLanguage(account.language, language), { to: account.email, username: account.username, link }));
  }

  return {
    /** After a password sign-up: mails the link in the background when mail and PUBLIC_URL are set. */
    afterSignup(account: Account, language: Language | null = null): void {
      if (!mailer || !links.configured) return;
      const work = issueLink(account).then((token) => (token ? mail(account, token, language) : undefined));
      const tracked = work
        .catch((error: unknown) => deps.warn(`email verification mail failed: ${(error as Error).message}`))
        .finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    },

    /** "Resend" for the signed-in user: awaited, so the page can say what happened. */
    async resend(userId: string, language: Language | null = null): Promise<{ message: string }> {
      const account = await authRepository.findUserById(db, userId);
      if (!account) throw new AppError('not_found', 'Your account was not found.');
      if (account.emailVerifiedAt) throw new AppError('conflict', 'Your email is already verified.');
      if (!mailer) throw new AppError('unavailable', NO_MAIL_FOR_VERIFICATION);
      links.requireConfigured();
      const token = await issueLink(account);
      if (!token) throw new AppError('rate_limited', `${account.email} was sent as many verification mails as an hour allows. Open the latest one, or try again in an hour.`);
      try {
        await mail(account, token, language);
      } catch (error) {
        deps.warn(`email verification mail failed: ${(error as Error).message}`);
        throw new AppError('unavailable', 'The mail server did not take the verification mail. Try again in a few minutes.');
      }
      return { message: `A verification link was mailed to ${account.email}. It works once, for 24 hours.` };
    },

    /** Uses a link: the account's address is verified if it still is the one the link was mailed to. */
    async verify(token: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const claimed = await repo.claim(tx, hashToken(token), now);
        if (!claimed) throw new AppError('invalid_input', VERIFY_LINK_INVALID, 'token');
        const account = await authRepository.findUserById(tx, claimed.userId);
        if (!account || account.email !== claimed.email) throw new AppError('invalid_input', VERIFY_LINK_INVALID, 'token');
        // Already verified (a second link of the same address): nothing to change, and no error.
        await authRepository.markEmailVerified(tx, claimed.userId, claimed.email, now);
      });
      deps.userDataChanges.changed(); // sessions carry emailVerified
    },

    /** Settles once every background mail started so far has (tests; closing the app). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
