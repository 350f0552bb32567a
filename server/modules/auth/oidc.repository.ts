import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { oidcDomainTeams, userIdentities } from '../../db/schema/auth';
import { users, type UserRow } from '../../db/schema/users';

export const oidcRepository = {
  /** The account an identity was linked to at its first sign-in. */
  async userOfIdentity(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
      .limit(1);
    return row?.user;
  },

  async linkIdentity(db: Db, row: { issuer: string; subject: string; userId: string }) {
    await db.insert(userIdentities).values(row).onConflictDoNothing();
  },

  async teamOfDomain(db: Db, domain: string): Promise<string | undefined> {
    const [row] = await db.select({ teamId: oidcDomainTeams.teamId }).from(oidcDomainTeams).where(eq(oidcDomainTeams.domain, domain)).limit(1);
    return row?.teamId;
  },

  /** Records the domain's team; a concurrent first sign-in of the same domain fails on the key (and retries). */
  async setTeamOfDomain(db: Db, domain: string, teamId: string) {
    await db.insert(oidcDomainTeams).values({ domain, teamId });
  },
};
