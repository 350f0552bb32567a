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

/** Parentheses in a filter pair up (values escape theirs as \28 and \29): ldapts' parser forgives a missing `)`. */
function balanced(filter: string): boolean {
  let depth = 0;
  for (const character of filter) {
    depth += character === '(' ? 1 : character === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** Filters that do not parse are named at start, not at the first sign-in. */
export function ldapFilterProblems(config: { LDAP_USER_FILTER: string; LDAP_DISABLED_FILTER: string }): string[] {
  const problems: string[] = [];
  try {
    if (!balanced(config.LDAP_USER_FILTER)) throw new Error('unbalanced');
    userFilter(config.LDAP_USER_FILTER, 'someone');
  } catch {
    problems.push('  LDAP_USER_FILTER: is not an LDAP filter such as (uid={{username}})');
  }
  try {
    if (!balanced(config.LDAP_DISABLED_FILTER)) throw new Error('unbalanced');
    FilterParser.parseString(config.LDAP_DISABLED_FILTER);
  } catch {
    problems.push('  LDAP_DISABLED_FILTER: is not an LDAP filter such as (employeeType=disabled)');
  }
  return problems;
}
