import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Client, EqualityFilter, FilterParser, InvalidCredentialsError, OrFilter, SizeLimitExceededError, type Entry } from 'ldapts';
import { userFilter } from './ldap-settings';

/** Each step against the directory (connecting, and every operation) gives up after this long. */
export const LDAP_CONNECT_TIMEOUT_MS = 5000;
export const LDAP_OPERATION_TIMEOUT_MS = 5000;

export interface LdapSettings {
  url: string;
  bindDn: string | undefined;
  bindPassword: string | undefined;
  userBase: string;
  userFilter: string;
  startTls: boolean;
  /** PEM text of the CA (read from LDAP_TLS_CA_FILE at start). */
  ca: string | undefined;
  roleGroupDn: string | undefined;
  disabledFilter: string;
}

/** The person the directory vouched for. */
export interface DirectoryPerson {
  /** A stable id that survives renames: entryUUID (OpenLDAP, 389-ds), objectGUID (Active Directory), else the DN. */
  id: string;
  dn: string;
  email: string | undefined;
  /** Whether the person is in LDAP_ADMIN_GROUP_DN; undefined when no group is configured. */
  inRoleGroup: boolean | undefined;
}

export type DirectorySignIn =
  | { outcome: 'signed_in'; person: DirectoryPerson }
  /** Nobody (or more than one entry) matched, or the password was wrong: the caller cannot tell them apart. */
  | { outcome: 'wrong_credentials' }
  /** The password was right, but the entry matches LDAP_DISABLED_FILTER. */
  | { outcome: 'disabled' };

/** The directory could not be asked (down, slow, TLS failed, the service account refused). */
export class DirectoryUnavailable extends Error {}

export function readLdapSettings(config: {
  LDAP_URL?: string | undefined;
  LDAP_BIND_DN?: string | undefined;
  LDAP_BIND_PASSWORD?: string | undefined;
  LDAP_USER_BASE?: string | undefined;
  LDAP_USER_FILTER: string;
  LDAP_STARTTLS: boolean;
  LDAP_TLS_CA_FILE?: string | undefined;
  LDAP_ADMIN_GROUP_DN?: string | undefined;
  LDAP_DISABLED_FILTER: string;
}): LdapSettings | null {
  if (!config.LDAP_URL || !config.LDAP_USER_BASE) return null;
  let ca: string | undefined;
  if (config.LDAP_TLS_CA_FILE) {
    try {
      ca = readFileSync(config.LDAP_TLS_CA_FILE, 'utf8');
    } catch (error) {
      throw new Error(`LDAP_TLS_CA_FILE: cannot read ${config.LDAP_TLS_CA_FILE} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return {
    url: config.LDAP_URL,
    bindDn: config.LDAP_BIND_DN,
    bindPassword: config.LDAP_BIND_PASSWORD,
    userBase: config.LDAP_USER_BASE,
    userFilter: config.LDAP_USER_FILTER,
    startTls: config.LDAP_STARTTLS,
    ca,
    roleGroupDn: config.LDAP_ADMIN_GROUP_DN,
    disabledFilter: config.LDAP_DISABLED_FILTER,
  };
}

const firstString = (entry: Entry, attribute: string): string | undefined => {
  const value = entry[attribute];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  return Buffer.isBuffer(first) ? first.toString('hex') : String(first);
};

function stableIdOf(entry: Entry): string {
  const uuid = firstString(entry, 'entryUUID');
  if (uuid) return `entryUUID:${uuid.toLowerCase()}`;
  const guid = entry.objectGUID;
  const guidBytes = Array.isArray(guid) ? guid[0] : guid;
  if (Buffer.isBuffer(guidBytes)) return `objectGUID:${guidBytes.toString('hex')}`;
  return `dn:${entry.dn.toLowerCase()}`;
}

/**
 * Sign-in against the company directory: bind as the service account, find exactly one entry
 * with LDAP_USER_FILTER under LDAP_USER_BASE, read whether it is disabled and in the role group
 * (with the service account's rights), then bind as that entry with the typed password on a
 * connection of its own. The password is sent to the directory and kept nowhere.
 */
export function createLdapDirectory(settings: LdapSettings) {
  const tlsOptions: ConnectionOptions = { ...(settings.ca ? { ca: settings.ca } : {}) };
  const disabledFilter = FilterParser.parseString(settings.disabledFilter);

  async function connect(): Promise<Client> {
    const client = new Client({
      url: settings.url,
      connectTimeout: LDAP_CONNECT_TIMEOUT_MS,
      timeout: LDAP_OPERATION_TIMEOUT_MS,
      ...(settings.url.startsWith('ldaps:') ? { tlsOptions } : {}),
    });
    if (settings.startTls) await client.startTLS(tlsOptions);
    return client;
  }

  async function close(client: Client) {
    await client.unbind().catch(() => undefined);
  }

  /** A password bind as `dn`: false when the directory says the credentials are wrong. */
  async function passwordBinds(dn: string, password: string): Promise<boolean> {
    const client = await connect();
    try {
      await client.bind(dn, password);
      return true;
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return false;
      throw error;
    } finally {
      await close(client);
    }
  }

  async function signIn(username: string, password: string): Promise<DirectorySignIn> {
    // An empty password is an "unauthenticated bind" (RFC 4513 5.1.2) that many directories
    // answer with success: it must never reach the directory as a sign-in.
    if (password.length === 0 || username.length === 0) return { outcome: 'wrong_credentials' };
    try {
      const client = await connect();
      let entry: Entry;
      let disabled: boolean;
      let inRoleGroup: boolean | undefined;
      try {
        if (settings.bindDn) await client.bind(settings.bindDn, settings.bindPassword ?? '');
        let found: Entry[];
        try {
          ({ searchEntries: found } = await client.search(settings.userBase, {
            scope: 'sub',
            filter: userFilter(settings.userFilter, username),
            sizeLimit: 2,
            attributes: ['entryUUID', 'objectGUID', 'mail'],
            explicitBufferAttributes: ['objectGUID'],
          }));
        } catch (error) {
          // More than one entry: a name that is not one person's signs nobody in.
          if (error instanceof SizeLimitExceededError) return { outcome: 'wrong_credentials' };
          throw error;
        }
        if (found.length !== 1) return { outcome: 'wrong_credentials' };
        entry = found[0]!;
        const own = await client.search(entry.dn, { scope: 'base', filter: disabledFilter, attributes: ['1.1'] });
        disabled = own.searchEntries.length > 0;
        if (settings.roleGroupDn) {
          const member = new OrFilter({
            filters: [new EqualityFilter({ attribute: 'member', value: entry.dn }), new EqualityFilter({ attribute: 'uniqueMember', value: entry.dn })],
          });
          const group = await client.search(settings.roleGroupDn, { scope: 'base', filter: member, attributes: ['1.1'] }).catch((error: unknown) => {
            // A group that does not exist has no members.
            if ((error as { code?: number }).code === 32) return { searchEntries: [] };
            throw error;
          });
          inRoleGroup = group.searchEntries.length > 0;
        }
      } finally {
        await close(client);
      }
      if (!(await passwordBinds(entry.dn, password))) return { outcome: 'wrong_credentials' };
      // Said only after the password proved who is asking, so it tells a stranger nothing.
      if (disabled) return { outcome: 'disabled' };
      return { outcome: 'signed_in', person: { id: stableIdOf(entry), dn: entry.dn, email: firstString(entry, 'mail'), inRoleGroup } };
    } catch (error) {
      throw new DirectoryUnavailable(`the directory at ${settings.url} failed: ${(error as Error).message}`, { cause: error });
    }
  }

  return { signIn };
}

export type LdapDirectory = ReturnType<typeof createLdapDirectory>;
