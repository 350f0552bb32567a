import { execFile, execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_ENV, startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { uploadBytes } from './support/files';
import { newAccount, signUpOverHttp, waitFor, type Account } from './support/http';
import { createScratchDatabase } from './support/postgres';

/**
 * Issue 47: with DATA_DIR on a small tmpfs that fills up, the embedded server wedged: every
 * request, /api/health included, timed out, and freeing space did not bring it back. Here the disk
 * is filled beside the data: writes answer 507 with a sentence, health answers and says the disk
 * is full, reads go on, and once the space is freed everything works again without a restart,
 * with every acknowledged write still there.
 */

const FULL = 'The server has run out of storage space. Please try again later.';
/** Each request must answer within this: the wedge made them hang until the client gave up. */
const ANSWER_MS = 20_000;

const work = tempDir('genie-rel-diskfull-');
const mountPoint = join(work.dir, 'tmpfs');
/** Why the tmpfs could not be mounted (the test is then skipped with this reason); null once mounted. */
let refused: string | null = null;
try {
  mkdirSync(mountPoint);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint], { stdio: 'pipe' });
} catch (error) {
  refused = `a 64 MB tmpfs could not be mounted (needs root): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run backup` of the running server. The server checkpoints its database first: the
 * checkpoint that, failing for space, wedged the embedded database (as the one its timer runs
 * every few minutes did).
 */
async function backup(dataDir: string, archive: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', archive], {
      cwd: ROOT,
      env: { ...process.env, ...BASE_ENV, DATA_DIR: dataDir },
      timeout: ANSWER_MS * 3,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}

/** Fills the disk under `dir` with one file until the next byte has no room; returns its path. */
function fillDisk(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'a');
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 0x78);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as { code?: string }).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

/** fetch with a deadline: a wedged server fails the test instead of hanging it. */
function timedFetch(url: string, init: RequestInit = {}) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_MS) });
}

async function login(baseUrl: string, account: Account) {
  return (await loginAnswer(baseUrl, account)).status;
}

async function loginAnswer(baseUrl: string, account: Account) {
  const response = await timedFetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

async function chat(baseUrl: string, cookie: string, message: string) {
  const response = await timedFetch(`${baseUrl}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ message }) });
  return { status: response.status, body: (await response.json()) as { conversationId?: string; messageId?: string; content?: string; error?: string } };
}

/** The upload flow's first step (an upload URL) and its PUT, over a full disk. */
async function putBytes(baseUrl: string, cookie: string, bytes: Buffer) {
  const slot = await timedFetch(`${baseUrl}/api/objects/upload`, { method: 'POST', headers: { cookie } });
  if (slot.status !== 200) return { status: slot.status, body: (await slot.json()) as { error?: string } };
  const { uploadURL } = (await slot.json()) as { uploadURL: string };
  const put = await timedFetch(new URL(uploadURL, baseUrl).href, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: new Uint8Array(bytes) });
  return { status: put.status, body: (await put.json()) as { error?: string } };
}

/** An upload's bytes stored and completed, its file record not yet made: the object path for POST /api/files. */
async function storedObject(baseUrl: string, cookie: string, bytes: Buffer) {
  const slot = (await (await timedFetch(`${baseUrl}/api/objects/upload`, { method: 'POST', headers: { cookie } })).json()) as { uploadURL: string };
  const put = await timedFetch(new URL(slot.uploadURL, baseUrl).href, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const complete = await timedFetch(`${baseUrl}/api/files/upload-complete`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ fileURL: slot.uploadURL }),
  });
  return ((await complete.json()) as { objectPath: string }).objectPath;
}

async function health(baseUrl: string) {
  const response = await timedFetch(`${baseUrl}/api/health`);
  return { status: response.status, body: (await response.json()) as { status: string; checks: { database: string; storage: string }; disk?: { freeBytes: number; status: string } } };
}

async function searchCount(baseUrl: string, cookie: string, q: string) {
  const response = await timedFetch(`${baseUrl}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
  return ((await response.json()) as { results: unknown[] }).results.length;
}

describe.skipIf(refused !== null)(`a full disk under DATA_DIR (embedded database)${refused ? `: skipped, ${refused}` : ''}`, () => {
  let genie: Awaited<ReturnType<typeof startGenieProcess>> | undefined;
  const dataDir = join(mountPoint, 'data');

  beforeAll(async () => {
    genie = await startGenieProcess({ DATA_DIR: dataDir, CHAT_RATE_LIMIT_PER_MINUTE: '100000', CHAT_DAILY_MESSAGES_FREE: '100000' });
  });
  afterAll(async () => {
    if (!genie) return;
    // A wedged server never finishes draining: SIGKILL it after 30 s so the tmpfs can be unmounted.
    const stopped = stopGenie(genie);
    const timer = setTimeout(() => genie!.kill('SIGKILL'), 30_000);
    await stopped;
    clearTimeout(timer);
  }, 60_000);

  it('answers writes 507, keeps health and reads, and recovers by itself when space returns', async () => {
    const base = genie!.url;
    const owner = newAccount('diskfull');
    const cookie = await signUpOverHttp(base, owner);
    const acknowledged = { accounts: [owner], files: [] as { id: string; text: string }[], replies: [] as { conversationId: string; messageId: string; content: string }[] };
    const first = await uploadBytes(base, cookie, { name: 'before.txt', type: 'text/plain', bytes: Buffer.from('Pelicans nest before the disk fills.') });
    acknowledged.files.push({ id: first.id, text: 'Pelicans nest before the disk fills.' });
    await waitFor(async () => (await searchCount(base, cookie, 'pelicans')) === 1, 60_000, 'the first file to be indexed');
    const before = await chat(base, cookie, 'Hello before the disk fills');
    expect(before.status).toBe(200);
    acknowledged.replies.push(before.body as { conversationId: string; messageId: string; content: string });

    const HERONS = 'Herons wait for the space to come back before they are indexed.';
    const heronsObject = await storedObject(base, cookie, Buffer.from(HERONS));

    const filler = fillDisk(mountPoint);
    let herons: string | null = null;
    try {
      // A file record made on the full disk: refused with the sentence, or made and then indexed
      // once there is room (its passages cannot be written now; it must not be failed for that).
      const record = await timedFetch(`${base}/api/files`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ originalName: 'herons.txt', mimeType: 'text/plain', size: HERONS.length, objectPath: heronsObject }),
      });
      const recorded = (await record.json()) as { id?: string; error?: string };
      if (record.status === 201) {
        herons = recorded.id!;
        acknowledged.files.push({ id: herons, text: HERONS });
      } else expect({ status: record.status, error: recorded.error }).toEqual({ status: 507, error: FULL });

      // Writes: each answers, 507 with the sentence, or succeeds (then it must survive).
      const upload = await putBytes(base, cookie, Buffer.alloc(256 * 1024, 0x61));
      expect(upload).toEqual({ status: 507, body: expect.objectContaining({ error: FULL }) });
      for (let n = 0; n < 20; n++) {
        const reply = await chat(base, cookie, `Chat ${n} on a full disk ${'x'.repeat(4000)}`);
        if (reply.status === 200) acknowledged.replies.push(reply.body as { conversationId: string; messageId: string; content: string });
        else expect(reply).toEqual({ status: 507, body: expect.objectContaining({ error: FULL }) });
      }
      const refusedChat = await chat(base, cookie, `One more chat on a full disk ${'y'.repeat(4000)}`);
      expect(refusedChat).toEqual({ status: 507, body: expect.objectContaining({ error: FULL }) });

      // A backup on a full disk: it checkpoints the database, then cannot stage its copy beside the data.
      const backedUp = await backup(dataDir, join(work.dir, 'full-disk-backup.tar.gz'));
      expect(backedUp.output).toContain(
        'The backup failed: There is no room left on the disk that holds DATA_DIR (the copy is gathered there before it is packed). Free some space, then try again.',
      );
      expect(backedUp.output).not.toContain('ENOSPC');

      // Health answers, and says the disk is full.
      const full = await health(base);
      expect(full.status).toBe(200);
      expect(full.body.checks).toEqual({ database: 'ok', storage: 'full', models: expect.any(String) });
      expect(full.body.disk?.status).toBe('full');

      // Reads: the signed-in session, the file list, a conversation.
      const me = await timedFetch(`${base}/api/auth/me`, { headers: { cookie } });
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(owner.email);
      // A sign-in writes (its session and the sign-in's audit line): with not a byte free it may
      // be refused, with the sentence, never left hanging; with the rows' pages not yet full it signs in.
      const signIn = await loginAnswer(base, owner);
      if (signIn.status !== 200) expect(signIn).toEqual({ status: 507, body: expect.objectContaining({ error: FULL }) });
      const list = await timedFetch(`${base}/api/files`, { headers: { cookie } });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { files: { id: string }[] }).files.map((f) => f.id)).toContain(first.id);
      const conversation = await timedFetch(`${base}/api/conversations/${before.body.conversationId}`, { headers: { cookie } });
      expect(conversation.status).toBe(200);
      expect(await searchCount(base, cookie, 'pelicans')).toBe(1);
      const download = await timedFetch(`${base}/api/files/${first.id}/download`, { headers: { cookie } });
      expect(await download.text()).toBe('Pelicans nest before the disk fills.');
    } finally {
      rmSync(filler, { force: true });
    }

    // Space is back: without a restart, every kind of write works again.
    await waitFor(async () => (await health(base)).body.checks.storage !== 'full', 30_000, 'health to see the space back');
    const after = newAccount('diskfullafter');
    const afterCookie = await signUpOverHttp(base, after);
    acknowledged.accounts.push(after);
    const second = await uploadBytes(base, afterCookie, { name: 'after.txt', type: 'text/plain', bytes: Buffer.from('Flamingos return after the space is freed.') });
    acknowledged.files.push({ id: second.id, text: 'Flamingos return after the space is freed.' });
    await waitFor(async () => (await searchCount(base, afterCookie, 'flamingos')) === 1, 60_000, 'the file uploaded after to be indexed');
    if (herons) await waitFor(async () => (await searchCount(base, cookie, 'herons')) === 1, 60_000, 'the file recorded on the full disk to be indexed');
    const again = await chat(base, cookie, 'Hello after the space is back');
    expect(again.status).toBe(200);
    acknowledged.replies.push(again.body as { conversationId: string; messageId: string; content: string });

    // A backup named on a disk that is full (DATA_DIR has room): the sentence names the file's disk.
    const smallDisk = join(work.dir, 'small');
    mkdirSync(smallDisk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', smallDisk], { stdio: 'pipe' });
    try {
      fillDisk(smallDisk);
      const onFullDisk = join(smallDisk, 'genie.tar.gz');
      const refusedBackup = await backup(dataDir, onFullDisk);
      expect(refusedBackup.output).toContain(`The backup failed: There is no room left on the disk that holds ${onFullDisk}. Free some space there or name a file on another disk, then try again.`);
      expect(readdirSync(smallDisk)).toEqual(['filler']); // no partial archive left behind
    } finally {
      execFileSync('umount', ['-l', smallDisk], { stdio: 'pipe' });
    }

    // Nothing acknowledged is lost: after a clean stop and start too.
    await stopGenie(genie!);
    genie = await startGenieProcess({ DATA_DIR: dataDir, CHAT_RATE_LIMIT_PER_MINUTE: '100000', CHAT_DAILY_MESSAGES_FREE: '100000' });
    const restarted = genie.url;
    for (const account of acknowledged.accounts) expect(await login(restarted, account)).toBe(200);
    for (const file of acknowledged.files) {
      const owned = file.id === second.id ? afterCookie : cookie;
      const download = await timedFetch(`${restarted}/api/files/${file.id}/download`, { headers: { cookie: owned } });
      expect(await download.text()).toBe(file.text);
    }
    for (const reply of acknowledged.replies) {
      const detail = await timedFetch(`${restarted}/api/conversations/${reply.conversationId}`, { headers: { cookie } });
      const messages = ((await detail.json()) as { messages: { id: string; content: string }[] }).messages;
      expect(messages.find((m) => m.id === reply.messageId)?.content).toBe(reply.content);
    }
    expect(await searchCount(restarted, cookie, 'pelicans')).toBe(1);
  }, 300_000);
});

describe.skipIf(refused !== null)(`a full disk under DATA_DIR with PostgreSQL (uploads only)${refused ? `: skipped, ${refused}` : ''}`, () => {
  let genie: Awaited<ReturnType<typeof startGenieProcess>> | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    genie = await startGenieProcess({ DATA_DIR: join(mountPoint, 'data-pg'), DATABASE_URL: scratch.url });
  });
  afterAll(async () => {
    if (genie) await stopGenie(genie);
    await scratch?.drop();
  });

  it('answers an upload 507 with the sentence while the disk under DATA_DIR is full, and takes it once space is freed', async () => {
    const base = genie!.url;
    const cookie = await signUpOverHttp(base, newAccount('diskfullpg'));
    const filler = fillDisk(mountPoint);
    try {
      expect(await putBytes(base, cookie, Buffer.alloc(256 * 1024, 0x61))).toEqual({ status: 507, body: expect.objectContaining({ error: FULL }) });
      const full = await health(base);
      expect({ status: full.status, storage: full.body.checks.storage, disk: full.body.disk?.status }).toEqual({ status: 200, storage: 'full', disk: 'full' });
    } finally {
      rmSync(filler, { force: true });
    }
    const file = await uploadBytes(base, cookie, { name: 'after.txt', type: 'text/plain', bytes: Buffer.from('Room again.') });
    expect(await (await timedFetch(`${base}/api/files/${file.id}/download`, { headers: { cookie } })).text()).toBe('Room again.');
  }, 120_000);
});

afterAll(() => {
  if (refused === null) {
    try {
      execFileSync('umount', [mountPoint], { stdio: 'pipe' });
    } catch {
      execFileSync('umount', ['-l', mountPoint], { stdio: 'pipe' });
    }
  }
  work.remove();
});
