import { Filter, FilterParser } from 'ldapts';

export const USERNAME_PLACEHOLDER = '{{username}}';

/**
 * LDAP_USER_FILTER with every `{{username}}` replaced by the typed name escaped per RFC 4515
 * (ldapts' Filter.escape turns `*`, `(`, `)`, `\` and NUL into `\2a`-style escapes), then parsed:
 * the result is a filter object, so the typed name can only ever be a value inside it, never a
 * piece of filter syntax (`*)(uid=*` is a name nobody has).
 */
export function userFilter(template: string, username: string): Filter {
  return FilterParser.parseString(template.split(USERNAME_PLACEHOLDER).join(Filter.escape(username)));
}

/** Filters that do not parse are named at start, not at the first sign-in. */
export function ldapFilterProblems(config: { LDAP_USER_FILTER: string; LDAP_DISABLED_FILTER: string }): string[] {
  const problems: string[] = [];
  try {
    userFilter(config.LDAP_USER_FILTER, 'someone');
  } catch {
    problems.push('  LDAP_USER_FILTER: is not an LDAP filter such as (uid={{username}})');
  }
  try {
    FilterParser.parseString(config.LDAP_DISABLED_FILTER);
  } catch {
    problems.push('  LDAP_DISABLED_FILTER: is not an LDAP filter such as (employeeType=disabled)');
  }
  return problems;
}
