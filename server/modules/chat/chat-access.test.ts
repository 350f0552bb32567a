import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import { promos } from '../../db/schema/commerce';
import { files, folders } from '../../db/schema/files';
import { fakeProviderEnv, minimalPdf, storeUserFile } from '../../../tests/fakes/chat-helpers';
import { FAKE_PNG_BASE64, startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { LAW_PREMIUM_MESSAGE } from './chat-limits';

/** Legal mode, attachments, images and bad input on POST /api/chat. */
describe('chat access, attachments and images', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let store: LocalDiskStore;
  let storeDir: string;
  let alice: { cookie: string; user: { id: string } };
  let bob: { cookie: string; user: { id: string } };

  beforeAll(async () => {
    fake = await startFakeModelServer();
    storeDir = mkdtempSync(join(tmpdir(), 'genie-chat-store-'));
    store = new LocalDiskStore(storeDir);
    t = await createTestApp({
      env: fakeProviderEnv(fake.url, { GENIE_IMAGE_MODEL: 'openai-compatible:fake-image', CHAT_RATE_LIMIT_PER_MINUTE: '1000' }),
      deps: { objectStore: store },
    });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(storeDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.setBehaviour({ kind: 'normal' });
    fake.requests.length = 0;
  });

  const chat = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload });

  it('refuses legal mode to a free user with 403 premium_required and an upgrade sentence', async () => {
    const response = await chat(alice.cookie, { message: 'Is a verbal contract binding in Texas?', mode: 'law' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: LAW_PREMIUM_MESSAGE, code: 'premium_required', field: 'mode' });
    expect(LAW_PREMIUM_MESSAGE).toContain('Upgrade to Premium');
    expect(fake.requests).toHaveLength(0);
  });

  it('opens legal mode to a free user while a free-tier promotion is live, and not after it expires', async () => {
    const [promo] = await t.database.db
      .insert(promos)
      .values({ action: 'activate_free_tier', name: 'Free tier week', expiresAt: new Date(Date.now() + 3_600_000) })
      .returning();
    const open = await chat(alice.cookie, { message: 'Is a verbal contract binding in Texas?', mode: 'law' });
    expect(open.statusCode).toBe(200);
    await t.database.db.update(promos).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(promos.id, promo!.id));
    const closed = await chat(alice.cookie, { message: 'And in Ohio?', mode: 'law' });
    expect(closed.statusCode).toBe(403);
  });

  it('reads an attached PDF and sends its text to the provider', async () => {
    const pdf = await storeUserFile(t.database.db, store, alice.user.id, {
      name: 'lease.pdf',
      type: 'application/pdf',
      bytes: minimalPdf(['Residential lease agreement', 'The monthly rent is 1200 euros.']),
    });
    const response = await chat(alice.cookie, {
      message: 'What is the rent?',
      attachments: [{ url: `/api/files/${pdf.id}/download`, name: 'lease.pdf', type: 'application/pdf', size: pdf.size }],
    });
    expect(response.statusCode).toBe(200);
    const userText = fake.requests[0]!.body!.messages!.at(-1)!.content as string;
    expect(userText).toContain('What is the rent?');
    expect(userText).toContain(`Attached file "lease.pdf" (application/pdf, ${pdf.size} bytes, 1 pages)`);
    expect(userText).toContain('The monthly rent is 1200 euros.');
  });

  it('accepts a file by id and by objectPath, and says how many files when there is no text', async () => {
    const note = await storeUserFile(t.database.db, store, alice.user.id, {
      name: 'notes.md',
      type: 'text/markdown',
      bytes: Buffer.from('# Launch\nShip on Friday.'),
    });
    const response = await chat(alice.cookie, {
      message: '  ',
      attachments: [
        { url: note.id, name: 'notes.md', type: 'text/markdown', size: note.size },
        { url: note.objectPath, name: 'notes.md', type: 'text/markdown', size: note.size },
      ],
    });
    expect(response.statusCode).toBe(200);
    const userText = fake.requests[0]!.body!.messages!.at(-1)!.content as string;
    expect(userText.startsWith("I've attached 2 files.")).toBe(true);
    expect(userText).toContain('Ship on Friday.');
  });

  it.each([
    ['another user’s file id', 'bob-file-id'],
    ['another user’s download URL', 'bob-download'],
    ['an outside URL', 'http://127.0.0.1/secret.txt'],
    ['a path that is not a file', '/etc/passwd'],
  ])('refuses %s with 400', async (_label, kind) => {
    const bobFile = await storeUserFile(t.database.db, store, bob.user.id, {
      name: 'private.txt',
      type: 'text/plain',
      bytes: Buffer.from('Bob only'),
    });
    const url = kind === 'bob-file-id' ? bobFile.id : kind === 'bob-download' ? `/api/files/${bobFile.id}/download` : kind;
    const response = await chat(alice.cookie, { message: 'read it', attachments: [{ url, name: 'private.txt', type: 'text/plain', size: 8 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Attachment "private.txt" is not one of your files. Attach files from your file library.',
      code: 'invalid_input',
      field: 'attachments',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('generates an image into the user’s "Generated images" folder and returns its download address', async () => {
    const response = await chat(alice.cookie, { message: 'a lamp on a desk', generateImage: true });
    expect(response.statusCode).toBe(200);
    const { image } = response.json();
    expect(image).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/download$/);
    const fileId = image.split('/')[3];
    const [file] = await t.database.db.select().from(files).where(and(eq(files.id, fileId), eq(files.userId, alice.user.id)));
    expect(file).toMatchObject({ category: 'image', mimeType: 'image/png', size: Buffer.from(FAKE_PNG_BASE64, 'base64').length });
    const [folder] = await t.database.db.select().from(folders).where(eq(folders.id, file!.folderId!));
    expect(folder!.name).toBe('Generated images');
    const imageRequest = fake.requests.find((r) => r.path === '/v1/images/generations');
    expect(imageRequest!.body!.prompt).toBe('a lamp on a desk');

    // A second image lands in the same folder.
    const again = (await chat(alice.cookie, { message: 'a second lamp', generateImage: true })).json();
    const [second] = await t.database.db.select().from(files).where(eq(files.id, again.image.split('/')[3]));
    expect(second!.folderId).toBe(folder!.id);
  });

  it.each([
    [{ message: '' }, 'message'],
    [{ message: 'hi', character: 'merlin' }, 'character'],
    [{ message: 'hi', mode: 'poetry' }, 'mode'],
    [{ message: 'hi', generateImage: 'yes' }, 'generateImage'],
    [{ message: 'hi', conversationId: 'nope' }, 'conversationId'],
    [{ message: 'x'.repeat(20_001) }, 'message'],
  ])('answers bad input %j with 400 naming %s', async (payload, field) => {
    const response = await chat(alice.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field });
  });

  it('answers another user’s conversation id with 404 and a visitor with 401', async () => {
    const own = (await chat(bob.cookie, { message: 'mine' })).json();
    const foreign = await chat(alice.cookie, { message: 'hi', conversationId: own.conversationId });
    expect(foreign.statusCode).toBe(404);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/chat', payload: { message: 'hi' } });
    expect(visitor.statusCode).toBe(401);
  });
});
