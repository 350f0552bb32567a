import { z } from 'zod';
import { ldapFilterProblems } from '../adapters/ldap/ldap-settings';
import { booleanFlag, emptyAsUndefined, optionalString, optionalUrl } from './fields';

/** Outgoing mail, single sign-on (OpenID Connect) and company directory sign-in (LDAP). */
const signInSchema = z.object({
  /** Outgoing mail (invitations, password resets): smtp://user:pass@host:port, STARTTLS when offered; smtps:// for TLS at once. Unset sends no mail. */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\/[^/]+/, 'must be smtp://user:pass@host:port or smtps://…').optional()),
  /** The From address of that mail, e.g. "Genie <genie@example.com>"; genie@<SMTP host> by default. */
  MAIL_FROM: optionalString,
  /** Password-reset mails one account may be sent per hour; more requests answer the same and send nothing. */
  PASSWORD_RESET_MAILS_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(3)),
  // ── single sign-on (OpenID Connect; README "Single sign-on") ──
  /** The provider's issuer URL (its /.well-known/openid-configuration is read from there); unset turns SSO off. */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** Space-separated scopes asked for; `openid` and `email` are needed to match accounts by email. */
  OIDC_SCOPES: z.preprocess(emptyAsUndefined, z.string().default('openid email profile')),
  /** The provider's name on the button: "Sign in with <OIDC_DISPLAY_NAME>". */
  OIDC_DISPLAY_NAME: z.preprocess(emptyAsUndefined, z.string().max(60).default('SSO')),
  /** New SSO accounts of one email domain share one team (the first one's) instead of one each. */
  OIDC_TEAM_BY_EMAIL_DOMAIN: booleanFlag,
  /** Turns password sign-in, sign-up and reset off: everyone signs in through the provider. */
  OIDC_ONLY: booleanFlag,
  /** Seats of an Enterprise team; unset is unlimited (contract/plan-catalogue.ts seatLimit). */
  ENTERPRISE_SEATS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
  // ── company directory sign-in (LDAP; README "LDAP") ──
  /** ldap://host:389 or ldaps://host:636; unset turns directory sign-in off. */
  LDAP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^ldaps?:\/\/[^/]+\/?$/, 'must be ldap://host[:port] or ldaps://host[:port]').optional()),
  /** The service account Genie searches with; unset searches anonymously. */
  LDAP_BIND_DN: optionalString,
  LDAP_BIND_PASSWORD: optionalString,
  /** Where people are searched for (subtree); a person outside it cannot sign in. */
  LDAP_USER_BASE: optionalString,
  /** The search filter; {{username}} is replaced by the typed name, escaped per RFC 4515. */
  LDAP_USER_FILTER: z.preprocess(emptyAsUndefined, z.string().includes('{{username}}', { error: 'must contain {{username}}' }).default('(|(uid={{username}})(mail={{username}}))')),
  /** Upgrade an ldap:// connection with StartTLS before anything is sent. */
  LDAP_STARTTLS: booleanFlag,
  /** PEM file of the CA that signed the directory's certificate (ldaps:// or StartTLS); the system's CAs otherwise. */
  LDAP_TLS_CA_FILE: optionalString,
  /** A group (groupOfNames member / groupOfUniqueNames uniqueMember) whose members get LDAP_GROUP_ROLE in their team. */
  LDAP_ADMIN_GROUP_DN: optionalString,
  LDAP_GROUP_ROLE: z.preprocess(emptyAsUndefined, z.enum(['admin', 'member']).default('admin')),
  /** A filter matching the entries that may NOT sign in (checked on the person's own entry). */
  LDAP_DISABLED_FILTER: z.preprocess(emptyAsUndefined, z.string().default('(|(employeeType=disabled)(pwdAccountLockedTime=*))')),
});

export const signInSettings = signInSchema.shape;

/** Sign-in settings that are only valid together (zod's object parse checks each one alone). */
export function signInProblems(config: z.infer<typeof signInSchema>): string[] {
  const problems: string[] = [];
  if (config.OIDC_ISSUER && !config.OIDC_CLIENT_ID) problems.push('  OIDC_CLIENT_ID: is required when OIDC_ISSUER is set');
  if (config.OIDC_ONLY && !config.OIDC_ISSUER) problems.push('  OIDC_ONLY: needs OIDC_ISSUER (nobody could sign in)');
  if (config.OIDC_ISSUER && !config.OIDC_SCOPES.split(/\s+/).includes('openid')) problems.push('  OIDC_SCOPES: must include openid');
  if (config.LDAP_URL && !config.LDAP_USER_BASE) problems.push('  LDAP_USER_BASE: is required when LDAP_URL is set');
  if (config.LDAP_BIND_DN && !config.LDAP_BIND_PASSWORD) problems.push('  LDAP_BIND_PASSWORD: is required when LDAP_BIND_DN is set');
  if (config.LDAP_STARTTLS && config.LDAP_URL?.startsWith('ldaps:')) problems.push('  LDAP_STARTTLS: ldaps:// is TLS already; use ldap:// with StartTLS');
  if (config.LDAP_URL) for (const problem of ldapFilterProblems(config)) problems.push(problem);
  return problems;
}
