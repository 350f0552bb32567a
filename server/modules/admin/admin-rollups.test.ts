import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { featureEvents, interactions } from '../../db/schema/chat';
import { payments } from '../../db/schema/commerce';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/users';
import { signUp, type TestApp } from '../../../tests/support/test-app';
import { createFolder, PNG_1PX, uploadThroughApi } from '../../../tests/support/files';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';

/**
 * The dashboard and analytics read trigger-maintained rollups (server/db/schema/rollups.ts). Each
 * step below changes the source tables the way the app (or a cascade, or a bulk import) does, and
 * the figures must stay exactly what the raw rows say.
 */
type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** The figures computed the slow way, straight from the source tables. */
async function rawFigures(db: Db) {
  const byPersona = await rowsOf(
    db,
    sql`select persona as character, count(*)::int as count, sum(response_time_ms)::int as ms, (count(*) filter (where success))::int as ok,
          (count(*) filter (where feedback = 'positive'))::int as pos, (count(*) filter (where feedback = 'negative'))::int as neg
        from interactions group by persona order by count(*) desc, persona`,
  );
  const total = byPersona.reduce((sum, r) => sum + (r.count as number), 0);
  const sumOf = (key: string) => byPersona.reduce((sum, r) => sum + (r[key] as number), 0);
  const features = await rowsOf(
    db,
    sql`select feature, action, count(*)::int as count from feature_events group by 1, 2 order by count(*) desc, feature, action limit 8`,
  );
  const storage = await rowsOf(db, sql`select category, count(*)::int as count, sum(size)::bigint as bytes from files group by 1 order by 1`);
  const [money] = await rowsOf(
    db,
    sql`select count(*)::int as total, (count(*) filter (where status = 'confirmed'))::int as confirmed,
          coalesce(sum(amount_usd) filter (where status = 'confirmed'), 0)::float8 as usd from payments`,
  );
  const [people] = await rowsOf(db, sql`select count(*)::int as n from users`);
  return {
    overview: {
      totalInteractions: total,
      avgResponseTime: total === 0 ? 0 : Math.round(sumOf('ms') / total),
      successRate: total === 0 ? 0 : Math.round((sumOf('ok') / total) * 1000) / 10,
      positiveFeedback: sumOf('pos'),
      negativeFeedback: sumOf('neg'),
    },
    characterUsage: byPersona.map((r) => ({ character: r.character, count: r.count, avgResponseTime: Math.round((r.ms as number) / (r.count as number)) })),
    featureUsage: features,
    usageByType: Object.fromEntries(storage.map((r) => [r.category, { count: r.count, bytes: Number(r.bytes) }])),
    totalFiles: storage.reduce((sum, r) => sum + (r.count as number), 0),
    totalPayments: money!.total,
    confirmedPayments: money!.confirmed,
    totalUSD: money!.usd,
    totalUsers: people!.n,
  };
}

describe('admin rollups stay exact', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let alice: Awaited<ReturnType<typeof signUp>>;

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  /** What the console shows, in the shape of rawFigures. */
  const shown = async () => {
    const [dashboard, analytics] = await Promise.all([get('/api/admin/dashboard'), get('/api/admin/analytics')]);
    return {
      overview: analytics.overview,
      characterUsage: analytics.characterUsage,
      featureUsage: analytics.featureUsage,
      usageByType: dashboard.storageStats.usageByType,
      totalFiles: dashboard.storageStats.totalFiles,
      totalPayments: dashboard.totalPayments,
      confirmedPayments: dashboard.confirmedPayments,
      totalUSD: dashboard.revenueStats.totalUSD,
      totalUsers: dashboard.userStats.totalUsers,
    };
  };
  const expectShownToMatchRaw = async () => {
    const figures = await shown();
    expect(figures).toEqual(await rawFigures(t.database.db));
    return figures;
  };
  const chat = async (cookie: string, character: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message: 'hello there', character, mode: 'chat' } });
    expect(response.statusCode).toBe(200);
    return response.json() as { messageId: string };
  };
  const feedback = async (messageId: string, value: 'positive' | 'negative') => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat/feedback', headers: { cookie: alice.cookie }, payload: { messageId, feedback: value } });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createAdminTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '100000', CHAT_DAILY_MESSAGES_FREE: '100000' } });
    headers = await adminHeaders(t.app);
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('counts a bulk import of a thousand rows per table in one statement each', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into interactions (user_id, persona, mode, response_time_ms, success, feedback)
      select ${alice.user.id}::uuid, (array['default','gino','gina','g'])[1 + g % 4], 'chat', g, g % 5 <> 0, (array[null,'positive','negative'])[1 + g % 3]
      from generate_series(1, 1000) g`);
    await db.execute(sql`insert into feature_events (feature, action) select 'feature' || (g % 10), 'action' || (g % 2) from generate_series(1, 1000) g`);
    await db.execute(sql`insert into files (user_id, original_name, stored_name, mime_type, category, size, object_path)
      select ${alice.user.id}::uuid, 'bulk-' || g, 'bulk-' || g, 'application/pdf', (array['image','document','other'])[1 + g % 3], g * 1000, 'users/bulk/' || g
      from generate_series(1, 1000) g`);
    await db.execute(sql`insert into payments (cryptocurrency, amount, amount_usd, status, tx_hash)
      select 'BTC', 0.001, 10.25, (array['confirmed','pending'])[1 + g % 2], 'bulk-tx-' || g from generate_series(1, 1000) g`);
    const figures = await expectShownToMatchRaw();
    expect(figures.overview.totalInteractions).toBe(1000);
    expect(figures.totalFiles).toBe(1000);
    expect(figures.usageByType.image).toEqual({ count: 333, bytes: 1000 * (3 * 333 * 334) / 2 });
    expect(figures.totalPayments).toBe(1000);
    expect(figures.confirmedPayments).toBe(500);
    expect(figures.totalUSD).toBe(5125);
    expect(figures.totalUsers).toBe(1);
  });

  it('adds each chat exchange, also forty at once', async () => {
    const before = (await shown()).overview.totalInteractions;
    await chat(alice.cookie, 'gina');
    await Promise.all(Array.from({ length: 40 }, (_, i) => chat(alice.cookie, i % 2 === 0 ? 'gino' : 'g')));
    const figures = await expectShownToMatchRaw();
    expect(figures.overview.totalInteractions).toBe(before + 41);
  });

  it('moves an interaction between the feedback totals when the thumbs change', async () => {
    const { messageId } = await chat(alice.cookie, 'default');
    const before = (await shown()).overview;
    await feedback(messageId, 'positive');
    const up = await expectShownToMatchRaw();
    expect([up.overview.positiveFeedback, up.overview.negativeFeedback]).toEqual([before.positiveFeedback + 1, before.negativeFeedback]);
    await feedback(messageId, 'negative');
    const down = await expectShownToMatchRaw();
    expect([down.overview.positiveFeedback, down.overview.negativeFeedback]).toEqual([before.positiveFeedback, before.negativeFeedback + 1]);
    expect(down.overview.totalInteractions).toBe(before.totalInteractions);
  });

  it('follows uploads, renames, moves, deletes and folder deletes of files', async () => {
    const before = await shown();
    const folder = await createFolder(t.app, alice.cookie, 'Pictures');
    const kept = await uploadThroughApi(t.app, alice.cookie, { name: 'a.png', bytes: PNG_1PX, type: 'image/png' });
    const removed = await uploadThroughApi(t.app, alice.cookie, { name: 'b.txt', bytes: Buffer.from('twelve bytes'), type: 'text/plain' });
    await uploadThroughApi(t.app, alice.cookie, { name: 'c.png', bytes: PNG_1PX, type: 'image/png', folderId: folder.id });
    const added = await expectShownToMatchRaw();
    expect(added.totalFiles).toBe(before.totalFiles + 3);
    expect(added.usageByType.image.bytes).toBe(before.usageByType.image.bytes + 2 * PNG_1PX.length);

    const rename = await t.app.inject({ method: 'PATCH', url: `/api/files/${kept.id}`, headers: { cookie: alice.cookie }, payload: { originalName: 'renamed.png', folderId: folder.id } });
    expect(rename.statusCode).toBe(200);
    expect(await expectShownToMatchRaw()).toEqual(added);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/files/${removed.id}`, headers: { cookie: alice.cookie } })).statusCode).toBe(200);
    const afterDelete = await expectShownToMatchRaw();
    expect(afterDelete.totalFiles).toBe(before.totalFiles + 2);
    expect(afterDelete.usageByType.document.bytes).toBe(before.usageByType.document.bytes);

    // The folder now holds both pictures: its delete cascades to their rows.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/${folder.id}`, headers: { cookie: alice.cookie } })).statusCode).toBe(200);
    expect(await expectShownToMatchRaw()).toEqual(before);
  });

  it('stays exact when two users delete folder trees at the same moment', async () => {
    const before = await shown();
    const owners = [alice, await signUp(t.app)];
    for (let round = 0; round < 3; round++) {
      const tops = [];
      for (const owner of owners) {
        const top = await createFolder(t.app, owner.cookie, `Tree ${round}`);
        let parent = top.id;
        for (let depth = 0; depth < 4; depth++) {
          parent = (await createFolder(t.app, owner.cookie, `Level ${depth}`, parent)).id;
          // Thirty files over every category in each folder: each folder's delete touches most total rows.
          await t.database.db.execute(sql`insert into files (user_id, folder_id, original_name, stored_name, mime_type, category, size, object_path)
            select ${owner.user.id}::uuid, ${parent}::uuid, 'f' || g, 'f' || g, 'application/octet-stream',
                   (array['image','video','audio','document','other'])[1 + g % 5], g, '/objects/users/' || ${owner.user.id} || '/' || gen_random_uuid()
            from generate_series(1, 30) g`);
        }
        tops.push({ owner, id: top.id });
      }
      const deletes = await Promise.all(
        tops.map(({ owner, id }) => t.app.inject({ method: 'DELETE', url: `/api/folders/${id}`, headers: { cookie: owner.cookie } })),
      );
      expect(deletes.map((response) => [response.statusCode, response.json().deletedFiles])).toEqual([
        [200, 120],
        [200, 120],
      ]);
    }
    const after = await expectShownToMatchRaw();
    expect([after.totalFiles, after.usageByType]).toEqual([before.totalFiles, before.usageByType]);
  });

  it('moves a payment between totals when its status changes', async () => {
    const before = await shown();
    // bulk-tx-1 was imported pending (odd numbers).
    await t.database.db.update(payments).set({ status: 'confirmed' }).where(eq(payments.txHash, 'bulk-tx-1'));
    const after = await expectShownToMatchRaw();
    expect([after.totalPayments, after.confirmedPayments, after.totalUSD]).toEqual([before.totalPayments, before.confirmedPayments + 1, before.totalUSD + 10.25]);
  });

  it('follows a deleted user: files cascade away, interactions and events stay counted', async () => {
    const usersBefore = (await shown()).totalUsers;
    const bob = await signUp(t.app);
    await chat(bob.cookie, 'gino');
    await uploadThroughApi(t.app, bob.cookie, { name: 'bob.png', bytes: PNG_1PX, type: 'image/png' });
    const withBob = await expectShownToMatchRaw();
    expect(withBob.totalUsers).toBe(usersBefore + 1);
    await t.database.db.delete(users).where(eq(users.id, bob.user.id));
    const after = await expectShownToMatchRaw();
    expect(after.totalUsers).toBe(usersBefore);
    expect(after.totalFiles).toBe(withBob.totalFiles - 1);
    expect(after.overview).toEqual(withBob.overview);
    expect(after.featureUsage).toEqual(withBob.featureUsage);
  });

  it('follows deletes of interactions and events, and empties on truncate', async () => {
    const db = t.database.db;
    await db.delete(interactions).where(eq(interactions.persona, 'gina'));
    await db.delete(featureEvents).where(eq(featureEvents.feature, 'feature3'));
    const after = await expectShownToMatchRaw();
    expect(after.characterUsage.map((r: { character: string }) => r.character)).not.toContain('gina');
    // passages refer to files (issue 16's search index), invoices to payments (issue 41): a truncate takes them along.
    await db.execute(sql`truncate interactions, feature_events, files, passages, passage_embeddings, payments, invoices`);
    const empty = await expectShownToMatchRaw();
    expect(empty.overview.totalInteractions).toBe(0);
    expect(empty.featureUsage).toEqual([]);
    expect(empty.usageByType).toEqual({});
    expect([empty.totalPayments, empty.totalUSD]).toEqual([0, 0]);
    await db.insert(files).values({ userId: alice.user.id, originalName: 'x', storedName: 'x', mimeType: 'image/png', category: 'image', size: 7, objectPath: 'users/x/again' });
    expect((await expectShownToMatchRaw()).usageByType).toEqual({ image: { count: 1, bytes: 7 } });
  });
});
