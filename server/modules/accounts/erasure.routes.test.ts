import { join } from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import { demoRequests, payments } from '../../db/schema/commerce';
import { files } from '../../db/schema/files';
import { createFolder, PNG_1PX, uploadThroughApi } from '../../../tests/support/files';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { setTeamPlan } from '../../../tests/support/teams';
import { tracesInDirectory, tracesInTables } from '../../../tests/support/trace-scan';

type Person = Awaited<ReturnType<typeof signUp>>;
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A local store whose deletes fail while `failing` is set: a store outage in the middle of an erasure. */
class FlakyStore extends LocalDiskStore {
  failing = false;
  override async delete(key: string) {
    if (this.failing) throw new Error('store unavailable');
    return super.delete(key);
  }
}

describe('erasure (DELETE /api/user)', () => {
  let t: TestApp;
  let store: FlakyStore;
  let objectsDir: string;

  beforeAll(async () => {
    // The app's own DATA_DIR is made by createTestApp; the store lives in a directory of its own.
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    objectsDir = mkdtempSync(join(tmpdir(), 'genie-erasure-store-'));
    store = new FlakyStore(objectsDir);
    t = await createTestApp({ deps: { objectStore: store as ObjectStore } });
  });
  afterAll(() => t.close());

  const erase = (who: Person, payload: Record<string, unknown> = { password: who.password }) =>
    t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: who.cookie }, payload });

  /** An account with something in every place an account leaves data. */
  async function busyAccount() {
    const person = await signUp(t.app);
    const { cookie, user } = person;
    const chat = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message: 'What does ephemeral mean?', mode: 'dictionary' } });
    expect(chat.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/chat/feedback', headers: { cookie }, payload: { messageId: chat.json().messageId, feedback: 'negative' } });
    const folder = await createFolder(t.app, cookie, `${user.username} private`);
    await uploadThroughApi(t.app, cookie, { name: `${user.username}.png`, bytes: PNG_1PX, type: 'image/png', folderId: folder.id });
    // An upload URL asked for and never used (its claim row and, here, its bytes).
    const { requestUploadUrl, putToUploadUrl } = await import('../../../tests/support/files');
    await putToUploadUrl(t.app, await requestUploadUrl(t.app, cookie), PNG_1PX, 'image/png');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/export', headers: { cookie } })).statusCode).toBe(202);
    await t.app.userExports.idle();
    await t.database.db.insert(payments).values({ userId: user.id, cryptocurrency: 'ETH', amount: '0.01', amountUsd: '99.00', status: 'confirmed', plan: 'pro', txHash: `tx-erase-${crypto.randomUUID()}` });
    await t.database.db.insert(demoRequests).values({ name: user.username, email: user.email, usecase: 'legal' });
    return person;
  }

  const needlesOf = (person: Person) => [person.user.id, person.user.email, person.user.username];

  it('refuses a wrong password (403), a missing one (400) and a visitor (401), erasing nothing', async () => {
    const person = await signUp(t.app);
    const wrong = await erase(person, { password: 'not my password' });
    expect([wrong.statusCode, wrong.json().code, wrong.json().field]).toEqual([403, 'forbidden', 'password']);
    const missing = await erase(person, {});
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'invalid_input']);
    const visitor = await t.app.inject({ method: 'DELETE', url: '/api/user', payload: { password: person.password } });
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.cookie } })).statusCode).toBe(200);
  });

  it('refuses the owner of a team with other members until they hand over (409)', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    // Free has one seat: a Starter team has room for the member.
    await setTeamPlan(t.database.db, owner.user.id, { plan: 'starter', premiumUntil: new Date(Date.now() + 30 * 24 * 3600 * 1000) });
    t.userDataChanges.changed();
    const invited = await t.app.inject({ method: 'POST', url: '/api/team/invitations', headers: { cookie: owner.cookie }, payload: { email: member.user.email, role: 'member' } });
    const token = (invited.json().url as string).split('/invite/')[1];
    expect((await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: { cookie: member.cookie } })).statusCode).toBe(200);

    const refused = await erase(owner);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'conflict']);
    expect(refused.json().error).toContain('Transfer ownership');

    // A plain member may go: the owner's team stays, one seat freer.
    expect((await erase(member)).json()).toEqual({ status: 'erased' });
    const team = (await t.app.inject({ method: 'GET', url: '/api/team', headers: { cookie: owner.cookie } })).json();
    expect(team.members.map((m: { userId: string }) => m.userId)).toEqual([owner.user.id]);
    expect(await tracesInTables(t.database.db, needlesOf(member))).toEqual([]);
  });

  it('leaves nothing of the account in any table or in the store; payments stay, nameless; figures stay exact', async () => {
    const bystander = await busyAccount();
    const person = await busyAccount();
    // The needles are really there before: the scan can see them.
    expect((await tracesInTables(t.database.db, needlesOf(person))).length).toBeGreaterThan(10);
    expect(tracesInDirectory(objectsDir, [person.user.id]).length).toBeGreaterThan(0);

    const response = await erase(person);
    expect([response.statusCode, response.json()]).toEqual([200, { status: 'erased' }]);

    expect(await tracesInTables(t.database.db, needlesOf(person))).toEqual([]);
    expect(tracesInDirectory(objectsDir, [person.user.id])).toEqual([]);
    // The session is over and the cookie cleared; the account cannot sign in.
    expect(response.cookies.find((c) => c.name === 'genie_session')?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.cookie } })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.user.email, password: person.password } });
    expect(login.statusCode).toBe(401);

    // The payment is kept for the books, naming no one.
    const kept = await t.database.db.select().from(payments).where(isNull(payments.userId));
    expect(kept.map((p) => [p.amountUsd, p.status, p.plan])).toEqual([['99.00', 'confirmed', 'pro']]);

    // The running totals equal what the raw rows say.
    const [users] = await rowsOf<{ total: number; raw: number }>(t.database.db, sql`select (select coalesce(sum(users), 0)::int from user_totals) as total, (select count(*)::int from users) as raw`);
    expect(users!.total).toBe(users!.raw);
    const [storage] = await rowsOf<{ total: number; raw: number }>(t.database.db, sql`select (select coalesce(sum(bytes), 0)::int from file_storage_totals) as total, (select coalesce(sum(size), 0)::int from files) as raw`);
    expect(storage!.total).toBe(storage!.raw);
    const [paid] = await rowsOf<{ total: string; raw: string }>(t.database.db, sql`select (select coalesce(sum(amount_usd), 0)::text from payment_totals where status = 'confirmed') as total, (select coalesce(sum(amount_usd), 0)::text from payments where status = 'confirmed') as raw`);
    expect(paid!.total).toBe(paid!.raw);

    // The bystander lost nothing.
    expect((await tracesInTables(t.database.db, [bystander.user.id])).length).toBeGreaterThan(10);
    expect(await t.database.db.select({ name: files.originalName }).from(files).where(eq(files.userId, bystander.user.id))).toEqual([{ name: `${bystander.user.username}.png` }]);
    expect(tracesInDirectory(objectsDir, [bystander.user.id]).length).toBeGreaterThan(0);
  });

  it('is resumable: a store outage halfway leaves the account closed, and the next run finishes it (twice is harmless)', async () => {
    const person = await busyAccount();
    store.failing = true;
    const response = await erase(person);
    store.failing = false;
    expect([response.statusCode, response.json()]).toEqual([202, { status: 'erasing' }]);
    // Closed already: no session, and sign-in says why.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.cookie } })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.user.email, password: person.password } });
    expect([login.statusCode, login.json().error]).toEqual([403, 'This account is being erased and can no longer sign in.']);

    expect((await t.app.accountsTick()).erasuresFinished).toBe(1);
    expect(await tracesInTables(t.database.db, needlesOf(person))).toEqual([]);
    expect(tracesInDirectory(objectsDir, [person.user.id])).toEqual([]);
    expect((await t.app.accountsTick()).erasuresFinished).toBe(0);
  });
});
