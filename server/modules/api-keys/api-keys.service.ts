import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, API_KEYS_PER_USER_MAX, type ApiKey, type CreateApiKeyBody, type CreatedApiKey } from '@contract/api-keys';
import { DEFAULT_TEAM_POLICY, type TeamPolicy } from '@contract/team-controls';
import type { TeamRef } from '@contract/teams';
import type { Db } from '../../db/database';
import type { ApiKeyRow } from '../../db/schema/api-keys';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import { recordTeamEvent } from '../admin/audit-log';
import { SessionCache, type UserDataChanges } from '../auth/session-cache';
import { apiKeysRepository as repo } from './api-keys.repository';

const DAY_MS = 24 * 3600 * 1000;
/** lastUsedAt is written at most this often per key: a busy key's requests stay reads. */
export const LAST_USED_INTERVAL_MS = 60_000;
/** `gk_` and a newToken() (43 base64url characters); anything else is not a key and costs no query. */
const KEY_SHAPE = /^gk_[A-Za-z0-9_-]{43}$/;

/** The user a key acts as: the same fields a chat or a search needs from a session. */
export interface ApiKeyUser {
  id: string;
  email: string;
  username: string;
  premiumUntil: Date | null;
  plan: string | null;
  team: TeamRef;
  keyId: string;
  /** The team policy's switches for the doors a key opens (/v1 and /mcp), read with the key. */
  policy: Pick<TeamPolicy, 'api' | 'tools'>;
}

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Personal API keys (issue 40): made, listed and revoked by their user (creation and revocation go
 * to the audit log), revoked in bulk by an admin, and resolved to their user on /v1 and /mcp.
 *
 * A resolved key is kept for two seconds per process, as a session is (SessionCache, with the same
 * UserDataChanges): without it each /v1 request read the key and its team's policy before the chat
 * could start. Whatever stops a key or changes what it may do (a revoke here or by an admin, a
 * suspension, an erasure, a plan, team or policy change) drops this process's entries at once;
 * other processes see it within the two seconds (docs/decisions.md).
 */
export function createApiKeysService(deps: { db: Db; clock: Clock; userDataChanges: UserDataChanges }) {
  const { db, clock, userDataChanges } = deps;
  const cache = new SessionCache<ApiKeyUser>(userDataChanges);

  /** The key's user read from the database (one read per key at a time: SessionCache.readOnce). */
  async function readKey(keyHash: string, now: Date): Promise<ApiKeyUser | null> {
    const readAt = userDataChanges.generation;
    const row = await repo.findLive(db, keyHash, now);
    if (!row) return null;
    const staleBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    if (!row.key.lastUsedAt || row.key.lastUsedAt < staleBefore) await repo.touch(db, row.key.id, now, staleBefore);
    const user: ApiKeyUser = {
      id: row.user.id,
      email: row.user.email,
      username: row.user.username,
      premiumUntil: row.team.premiumUntil,
      plan: row.team.plan,
      team: { id: row.team.id, name: row.team.name, role: row.team.role },
      keyId: row.key.id,
      // No policy row is the default policy.
      policy: { api: row.policy?.api ?? DEFAULT_TEAM_POLICY.api, tools: row.policy?.tools ?? DEFAULT_TEAM_POLICY.tools },
    };
    // An entry never outlives its key: an expired key is refused the moment it expires.
    cache.set(keyHash, user, now.getTime(), readAt, row.key.expiresAt?.getTime());
    return user;
  }

  return {
    async create(user: { id: string; username: string; email: string }, body: CreateApiKeyBody): Promise<CreatedApiKey> {
      if ((await repo.countOf(db, user.id)) >= API_KEYS_PER_USER_MAX) {
        throw new AppError('conflict', `You have ${API_KEYS_PER_USER_MAX} API keys, the most an account may hold. Revoke one you no longer use first.`);
      }
      const now = clock.now();
      const key = `${API_KEY_PREFIX}${newToken()}`;
      const row = await db.transaction(async (tx) => {
        const created = await repo.insert(tx, {
          userId: user.id,
          name: body.name,
          keyHash: hashToken(key),
          prefix: key.slice(0, API_KEY_SHOWN_CHARS),
          createdAt: now,
          expiresAt: body.expiresInDays ? new Date(now.getTime() + body.expiresInDays * DAY_MS) : null,
        });
        await recordTeamEvent(tx, {
          action: 'create_api_key',
          actorUserId: user.id,
          target: { userId: user.id, label: user.email },
          details: { keyId: created.id, name: created.name, prefix: created.prefix },
          at: now,
        });
        return created;
      });
      return { ...toApiKey(row), key };
    },

    async list(userId: string): Promise<ApiKey[]> {
      return (await repo.listOf(db, userId)).map(toApiKey);
    },

    /** Revokes at once: the next request with the key is refused. Another user's key is 404. */
    async revoke(user: { id: string; username: string; email: string }, id: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const deleted = await repo.deleteOwn(tx, user.id, id);
        if (!deleted) throw notFound('That API key');
        await recordTeamEvent(tx, {
          action: 'revoke_api_key',
          actorUserId: user.id,
          target: { userId: user.id, label: user.email },
          details: { keyId: deleted.id, name: deleted.name, prefix: deleted.prefix },
          at: now,
        });
      });
      // Committed: this process's requests with the key are refused from the next one on.
      userDataChanges.changed();
    },

    /**
     * Every key of a user (an admin's action; the admin service checks the user and logs it, and
     * calls UserDataChanges.changed() once its transaction has committed).
     */
    revokeAllOf(tx: Db, userId: string): Promise<number> {
      return repo.deleteAllOf(tx, userId);
    },

    /**
     * The user a bearer key acts as, or null: unknown, revoked or expired keys, and keys of
     * suspended or erasing accounts. A use is recorded as lastUsedAt when the key is read and its
     * last recorded use is older than a minute (so at most a minute and the cache's two seconds late).
     */
    async authenticate(key: string): Promise<ApiKeyUser | null> {
      if (!KEY_SHAPE.test(key)) return null;
      const now = clock.now();
      const keyHash = hashToken(key);
      const cached = cache.get(keyHash, now.getTime());
      if (cached) return cached;
      return cache.readOnce(keyHash, () => readKey(keyHash, now));
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
