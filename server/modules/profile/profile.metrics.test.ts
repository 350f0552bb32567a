import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserMetrics } from '@contract/profile';
import type { Db } from '../../db/database';
import { conversations, featureEvents, messages } from '../../db/schema/chat';
import { payments } from '../../db/schema/commerce';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/users';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

// Known activity written straight into the tables the chat, files and payments areas own, then
// read back through GET /api/user/metrics: every figure below is worked out by hand.

const at = (iso: string) => new Date(iso);

async function conversation(db: Db, userId: string) {
  const [row] = await db.insert(conversations).values({ userId, title: 'A talk', persona: 'default', mode: 'chat' }).returning();
  return row!.id;
}

async function message(db: Db, userId: string, conversationId: string, role: 'user' | 'assistant', createdAt: string) {
  await db.insert(messages).values({ userId, conversationId, role, content: `${role} at ${createdAt}`, createdAt: at(createdAt) });
}

let txCounter = 0;
async function payment(db: Db, userId: string, amountUsd: string, status: string) {
  txCounter += 1;
  await db.insert(payments).values({ userId, cryptocurrency: 'USDC', amount: amountUsd, amountUsd, status, plan: 'pro', txHash: `0xprofile${txCounter}` });
}

let fileCounter = 0;
async function file(db: Db, userId: string, category: string, size: number) {
  fileCounter += 1;
  await db.insert(files).values({
    userId,
    originalName: `f${fileCounter}`,
    storedName: `s${fileCounter}`,
    mimeType: 'application/octet-stream',
    category,
    size,
    objectPath: `objects/profile-${fileCounter}`,
  });
}

async function feature(db: Db, userId: string, name: string, times: number) {
  await db.insert(featureEvents).values(Array.from({ length: times }, () => ({ userId, feature: name, action: 'used' })));
}

describe('usage metrics from real activity', () => {
  let t: TestApp;
  let db: Db;
  const clock = new ManualClock(at('2026-11-02T10:00:00Z'));
  let cookie: string;

  const metrics = async (sessionCookie = cookie): Promise<UserMetrics> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/metrics', headers: { cookie: sessionCookie } });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
    db = t.database.db;
    const me = await signUp(t.app);
    cookie = me.cookie;
    const userId = me.user.id;
    await db.update(users).set({ createdAt: at('2026-10-13T23:00:00Z') }).where(eq(users.id, userId));

    // Questions on Oct 28, Oct 29, (none on Oct 30), Oct 31 23:59:59, Nov 1 00:00:00 and twice on Nov 2.
    const first = await conversation(db, userId);
    const second = await conversation(db, userId);
    const third = await conversation(db, userId);
    await message(db, userId, first, 'user', '2026-10-28T08:00:00Z');
    await message(db, userId, first, 'assistant', '2026-10-28T08:00:02Z');
    await message(db, userId, first, 'user', '2026-10-29T12:00:00Z');
    await message(db, userId, first, 'assistant', '2026-10-29T12:00:03Z');
    await message(db, userId, second, 'user', '2026-10-31T23:59:59Z');
    await message(db, userId, second, 'assistant', '2026-11-01T00:00:01Z');
    await message(db, userId, second, 'user', '2026-11-01T00:00:00Z');
    await message(db, userId, third, 'user', '2026-11-02T07:00:00Z');
    await message(db, userId, third, 'user', '2026-11-02T09:30:00Z');
    await message(db, userId, third, 'assistant', '2026-11-02T09:30:02Z');

    await payment(db, userId, '49.00', 'confirmed');
    await payment(db, userId, '199.99', 'confirmed');
    await payment(db, userId, '100.00', 'pending');
    await payment(db, userId, '25.00', 'failed');

    await feature(db, userId, 'dictionary', 3);
    await feature(db, userId, 'image_generation', 2);
    await feature(db, userId, 'chat', 1);

    await file(db, userId, 'image', 1_000);
    await file(db, userId, 'image', 2_500);
    await file(db, userId, 'video', 5_000_000_000);
    await file(db, userId, 'audio', 300);
    await file(db, userId, 'document', 42);

    // Someone else's activity, which must not leak into these figures.
    const other = await signUp(t.app);
    const theirs = await conversation(db, other.user.id);
    await message(db, other.user.id, theirs, 'user', '2026-10-30T10:00:00Z');
    await message(db, other.user.id, theirs, 'user', '2026-11-02T08:00:00Z');
    await payment(db, other.user.id, '999.00', 'confirmed');
    await feature(db, other.user.id, 'legal', 10);
    await file(db, other.user.id, 'other', 999);
  });
  afterAll(() => t.close());

  it('gives every SPEC §3 figure its exact value', async () => {
    clock.set(at('2026-11-02T10:00:00Z'));
    expect(await metrics()).toEqual({
      totalQuestions: 6,
      // Nov 1 00:00:00 and the two on Nov 2; Oct 31 23:59:59 is last month.
      questionsThisMonth: 3,
      totalSpent: 248.99,
      // 5% of 248.99 is 12.4495, rounded to the cent.
      platformFees: 12.45,
      // Nov 2, Nov 1, Oct 31; the empty Oct 30 ends the run.
      streakDays: 3,
      joinedDaysAgo: 20,
      favoriteFeature: 'Dictionary',
      totalConversations: 3,
      // 10 messages over 3 conversations.
      averageConversationLength: 3.3,
      cryptoTransactions: 2,
      storageUsed: 5_000_003_842,
      storageLimit: 25e9,
      storageBreakdown: [
        { category: 'image', files: 2, bytes: 3_500 },
        { category: 'video', files: 1, bytes: 5_000_000_000 },
        { category: 'audio', files: 1, bytes: 300 },
        { category: 'document', files: 1, bytes: 42 },
        { category: 'other', files: 0, bytes: 0 },
      ],
    });
  });

  it('keeps a streak whose last question was yesterday and drops it the day after', async () => {
    clock.set(at('2026-11-03T23:59:59Z'));
    expect((await metrics()).streakDays).toBe(3);
    clock.set(at('2026-11-04T00:00:00Z'));
    expect((await metrics()).streakDays).toBe(0);
  });

  it('starts this month afresh when the month turns', async () => {
    clock.set(at('2026-11-30T23:59:59Z'));
    expect(await metrics()).toMatchObject({ questionsThisMonth: 3, totalQuestions: 6, joinedDaysAgo: 48 });
    clock.set(at('2026-12-01T00:00:00Z'));
    expect(await metrics()).toMatchObject({ questionsThisMonth: 0, totalQuestions: 6, joinedDaysAgo: 49 });
  });

  it('counts the days of a streak only up to today, and a new question today extends it', async () => {
    clock.set(at('2026-11-01T12:00:00Z'));
    // On Nov 1 the Nov 2 questions lie in the future: the run is Nov 1 and Oct 31.
    expect(await metrics()).toMatchObject({ streakDays: 2, totalQuestions: 4, questionsThisMonth: 1 });
  });

  it('gives a user with no activity zeros, Chat and the default limit', async () => {
    clock.set(at('2026-11-02T10:00:00Z'));
    const fresh = await signUp(t.app);
    await db.update(users).set({ createdAt: at('2026-11-02T09:00:00Z') }).where(eq(users.id, fresh.user.id));
    expect(await metrics(fresh.cookie)).toEqual({
      totalQuestions: 0,
      questionsThisMonth: 0,
      totalSpent: 0,
      platformFees: 0,
      streakDays: 0,
      joinedDaysAgo: 0,
      favoriteFeature: 'Chat',
      totalConversations: 0,
      averageConversationLength: 0,
      cryptoTransactions: 0,
      storageUsed: 0,
      storageLimit: 25e9,
      storageBreakdown: ['image', 'video', 'audio', 'document', 'other'].map((category) => ({ category, files: 0, bytes: 0 })),
    });
  });

  it('names a feature it has no display name for from its words', async () => {
    clock.set(at('2026-11-02T10:00:00Z'));
    const fresh = await signUp(t.app);
    await feature(db, fresh.user.id, 'smart_search', 2);
    await feature(db, fresh.user.id, 'law', 1);
    expect((await metrics(fresh.cookie)).favoriteFeature).toBe('Smart Search');
    await feature(db, fresh.user.id, 'law', 2);
    // A tie goes to the alphabetically first id: 'law' before 'smart_search'.
    expect((await metrics(fresh.cookie)).favoriteFeature).toBe('Legal');
  });

  it('answers 401 to a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/metrics' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Please sign in to continue.', code: 'not_signed_in' });
  });
});
