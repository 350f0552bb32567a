import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { uploadThroughApi } from '../../../tests/support/files';
import { starterTeamAndOutsider } from '../../../tests/support/teams';
import type { TestApp } from '../../../tests/support/test-app';

/**
 * Issue 42: /profile said "875.79 KB of 25 GB" while /api/storage gave 75 GB for 3 seats. The
 * profile's "used" and "limit" are now the ones the files module judges uploads by, the same as
 * GET /api/storage; the admin's per-person figure counts that person's own files.
 */
describe('one definition of storage used and limit', () => {
  let t: TestApp;
  let people: Awaited<ReturnType<typeof starterTeamAndOutsider>>;

  beforeAll(async () => {
    t = await createAdminTestApp({ env: { STORAGE_LIMIT_BYTES: '1000000' } });
    people = await starterTeamAndOutsider(t);
    await uploadThroughApi(t.app, people.owner.cookie, { name: 'team.txt', bytes: Buffer.alloc(300, 1), type: 'text/plain', scope: 'team' });
    await uploadThroughApi(t.app, people.owner.cookie, { name: 'mine.txt', bytes: Buffer.alloc(50, 1), type: 'text/plain' });
    await uploadThroughApi(t.app, people.member.cookie, { name: 'theirs.txt', bytes: Buffer.alloc(20, 1), type: 'text/plain' });
  });
  afterAll(() => t.close());

  const json = async (url: string, headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url, headers })).json();

  it('gives /profile the used bytes and the limit of GET /api/storage: the team library and every member’s private files, against the limit per seat', async () => {
    for (const person of [people.owner, people.member]) {
      const storage = await json('/api/storage', { cookie: person.cookie });
      expect(storage).toEqual({ usedBytes: 370, limitBytes: 2_000_000, seats: 2 });
      const metrics = await json('/api/user/metrics', { cookie: person.cookie });
      expect([metrics.storageUsed, metrics.storageLimit]).toEqual([370, 2_000_000]);
    }
    const outsider = await json('/api/user/metrics', { cookie: people.outsider.cookie });
    expect([outsider.storageUsed, outsider.storageLimit]).toEqual([0, 1_000_000]);
  });

  it('breaks down by type the person’s own files, and the admin Users tab counts the same bytes for them', async () => {
    const owner = await json('/api/user/metrics', { cookie: people.owner.cookie });
    expect(owner.storageBreakdown.find((row: { category: string }) => row.category === 'document')).toEqual({ category: 'document', files: 2, bytes: 350 });
    const admin = await adminHeaders(t.app);
    const users = await json(`/api/admin/users?search=${encodeURIComponent(people.owner.user.email)}`, admin);
    expect(users.users[0].storageBytes).toBe(350);
  });
});
