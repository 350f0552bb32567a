import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { createAuthService } from '../modules/auth/auth.service';
import { decorateAuth } from '../modules/auth/current-user';
import { createEmailVerificationService } from '../modules/auth/email-verification.service';
import { createPasswordResetService } from '../modules/auth/password-reset.service';
import { createTeamsService } from '../modules/teams/teams.service';
import type { SharedServices } from './shared-services';

/** Teams, sign-in sessions (request.user from here on), password resets and email verification. */
export function createAccountServices(app: FastifyInstance, config: Config, shared: SharedServices) {
  const { db, clock, userDataChanges, mailer, links } = shared;
  const teamsService = createTeamsService({
    db,
    clock,
    userDataChanges,
    enterpriseSeats: config.ENTERPRISE_SEATS,
    mailer,
    links,
    warn: (message) => app.log.warn(message),
  });
  const authService = createAuthService({ db, clock, userDataChanges, joinTeam: teamsService.joinOnSignup });
  decorateAuth(app, authService);
  const passwordResets = createPasswordResetService({
    db,
    clock,
    auth: authService,
    mailer,
    links,
    mailsPerHour: config.PASSWORD_RESET_MAILS_PER_HOUR,
    warn: (message) => app.log.warn(message),
  });
  app.decorate('passwordResets', passwordResets);
  app.addHook('onClose', () => passwordResets.idle());
  const emailVerification = createEmailVerificationService({ db, clock, mailer, links, userDataChanges, warn: (message) => app.log.warn(message) });
  app.decorate('emailVerification', emailVerification);
  app.addHook('onClose', () => emailVerification.idle());
  return { teamsService, passwordResets };
}
