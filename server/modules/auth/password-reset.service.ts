import type { Db } from '../../db/database';
import type { Language } from '@contract/languages';
import type { Mailer } from '../../adapters/mail/mailer';
import { mailLanguage } from '../../adapters/mail/mail-texts';
import { resetMail } from './auth-mails';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PublicLinks } from '../../lib/public-links';
import { hashToken, newToken } from '../../lib/tokens';
import { authRepository } from './auth.repository';
import type { AuthService } from './auth.service';
import { passwordResetRepository } from './password-reset.repository';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const INVALID_LINK = 'This reset link is not valid: it may have expired (links last one hour) or been used already. Ask for a new one.';

export interface PasswordResetDeps {
  db: Db;
  clock: Clock;
  auth: AuthService;
  mailer: Mailer | null;
  /** The one builder of mailed links (PUBLIC_URL only). */
  links: PublicLinks;
  /** Reset mails one account may be sent per hour. */
  mailsPerHour: number;
  /** Where failures of the background work are reported (never with the token). */
  warn: (message: string) => void;
}

/**
 * Password reset by mail. A request answers at once and does its work in the background, so the
 * answer's body and timing are the same whether or not an account uses the address; only the
 * mailbox tells. The link's token is kept only as its SHA-256, works once and for an hour.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, clock, auth, mailer } = deps;
  const inFlight = new Set<Promise<void>>();

  function track(work: Promise<void>) {
    const tracked = work.catch((error: unknown) => deps.warn(`password reset mail failed: ${(error as Error).message}`)).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  /**
   * A single-use link for the account (the raw token, to put in a URL), or null when the account
   * had its PASSWORD_RESET_MAILS_PER_HOUR already. Count and insert happen under the account's row
   * lock: a flood of requests for one address (from many clients) sends a few mails, not one each.
   */
  async function issueLink(userId: string): Promise<string | null> {
    const token = newToken();
    const now = clock.now();
    return db.transaction(async (tx) => {
      await passwordResetRepository.lockAccount(tx, userId);
      const recent = await passwordResetRepository.countSince(tx, userId, new Date(now.getTime() - RESET_LINK_TTL_MS));
      if (recent >= deps.mailsPerHour) return null;
      await passwordResetRepository.insert(tx, { userId, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS) });
      return token;
    });
  }

  /** Mails a link to the account that uses `email`: what happened, for the admin's action (a visitor is told nothing). */
  async function mailLink(email: string, language: Language | null): Promise<'sent' | 'no_mail' | 'no_account' | 'limited'> {
    if (!mailer) return 'no_mail';
    deps.links.requireConfigured();
    const user = await authRepository.findUserByEmail(db, email);
    if (!user) return 'no_account';
    const token = await issueLink(user.id);
    if (!token) return 'limited';
    const link = deps.links.mailLink(`/reset-password?token=${encodeURIComponent(token)}`);
    await mailer.send(resetMail(mailLanguage(user.language, language), { to: user.email, username: user.username, link }));
    return 'sent';
  }

  return {
    /**
     * Starts the reset in the background; the caller answers 202 at once, whatever happens there.
     * Mail without PUBLIC_URL is refused first (a 503 for everyone alike: it tells nothing of the account).
     */
    request(email: string, language: Language | null = null): void {
      if (mailer) deps.links.requireConfigured();
      track(mailLink(email, language).then(() => undefined));
    },

    /** Whether links can be mailed at all (SMTP_URL is set; PUBLIC_URL is checked when mailing). */
    canMail: mailer !== null,

    /**
     * The admin's "send password reset": the very mail /forgot-password sends, with the same
     * per-account limit, but awaited, so the admin hears whether it went out.
     */
    sendNow: (email: string) => mailLink(email, null),

    /** Settles once every background reset started so far has (tests; closing the app). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },

    /** Uses a link: the new password is set and every session of the account ends, in one transaction. */
    async confirm(token: string, newPassword: string) {
      const passwordHash = await auth.hashNewPassword(newPassword);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const userId = await passwordResetRepository.claim(tx, hashToken(token), now);
        if (!userId) throw new AppError('invalid_input', INVALID_LINK, 'token');
        await auth.replacePassword(tx, userId, passwordHash);
        await passwordResetRepository.spendAllOf(tx, userId, now);
      });
      auth.sessionsEnded();
    },

    /** The operator's reset (`npm run user -- reset-password`): no link, every session ends. */
    async resetByOperator(email: string, newPassword: string) {
      const user = await authRepository.findUserByEmail(db, email);
      if (!user) throw new AppError('not_found', `No account uses ${email}.`);
      const passwordHash = await auth.hashNewPassword(newPassword);
      await db.transaction(async (tx) => {
        await auth.replacePassword(tx, user.id, passwordHash);
        await passwordResetRepository.spendAllOf(tx, user.id, clock.now());
      });
      auth.sessionsEnded();
      return user;
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
