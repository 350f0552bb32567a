import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_ENV, startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { uploadBytes } from './support/files';
import { newAccount, postJson, signUpOverHttp, waitFor, type Account } from './support/http';

/**
 * Issue 47: `npm run backup` copies a running embedded Genie while it takes writes, and
 * `npm run restore` brings every user, file, conversation, citation and search passage back on a
 * fresh data directory (the generated secret too).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const runScript = promisify(execFile);

/** Runs scripts/<name>.ts as `npm run <name>` does (tsx), with the reliability environment. */
async function script(name: 'backup' | 'restore', file: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await runScript(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, file], {
      cwd: ROOT,
      env: { ...process.env, ...BASE_ENV, ...env },
      timeout: 240_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}

async function loginStatus(baseUrl: string, account: Account) {
  const response = await postJson(`${baseUrl}/api/auth/login`, { email: account.email, password: account.password });
  await response.arrayBuffer();
  return response.status;
}

const CONTRACT = 'Termination. Either party may end this agreement with ninety days of written termination notice.';

describe('backup of a running embedded Genie, and restore', () => {
  const work = tempDir('genie-rel-backup-');
  const source = join(work.dir, 'source');
  const restored = join(work.dir, 'restored');
  const archive = join(work.dir, 'backups', 'genie.tar.gz');
  // No SESSION_SECRET: the generated one in DATA_DIR must come back with the restore.
  const env = { SESSION_SECRET: '', CHAT_RATE_LIMIT_PER_MINUTE: '100000' };
  afterAll(() => work.remove());

  it('backs up during writes, restores into an empty DATA_DIR, and every acknowledged thing is there', async () => {
    const first = await startGenieProcess({ ...env, DATA_DIR: source });
    const owner = newAccount('backup');
    let cookie = '';
    let file: { id: string };
    let chat: { conversationId: string; messageId: string; content: string; citations?: { fileId: string; snippet: string }[] };
    const before: Account[] = [owner];
    const during: Account[] = [];
    try {
      cookie = await signUpOverHttp(first.url, owner);
      file = await uploadBytes(first.url, cookie, { name: 'contract.txt', type: 'text/plain', bytes: Buffer.from(CONTRACT) });
      await waitFor(async () => {
        const response = await fetch(`${first.url}/api/search?q=termination`, { headers: { cookie } });
        return ((await response.json()) as { results: unknown[] }).results.length === 1;
      }, 60_000, 'the contract to be indexed');
      const answer = await postJson(`${first.url}/api/chat`, { message: 'How can the agreement be ended?', knowledge: { scope: 'all' } }, { cookie });
      expect(answer.status).toBe(200);
      chat = (await answer.json()) as typeof chat;
      expect(chat.citations?.map((c) => c.fileId)).toEqual([file.id]);
      for (let i = 0; i < 5; i++) {
        const account = newAccount('backupbefore');
        await signUpOverHttp(first.url, account);
        before.push(account);
      }

      // Writes go on while the backup runs: sign-ups and uploads, two at a time.
      let writing = true;
      const writer = async () => {
        while (writing) {
          const account = newAccount('backupduring');
          const session = await signUpOverHttp(first.url, account);
          await uploadBytes(first.url, session, { name: 'note.txt', type: 'text/plain', bytes: Buffer.from(`note of ${account.email}`) });
          during.push(account);
        }
      };
      const writers = Promise.all([writer(), writer()]);
      const backup = await script('backup', archive, { ...env, DATA_DIR: source });
      writing = false;
      await writers;
      expect(backup.output).toContain(`Backup written: ${archive}`);
      expect(backup.code).toBe(0);
      expect(during.length).toBeGreaterThan(0);
      // The server served on through the backup.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      expect((await stopGenie(first)).code).toBe(0);
    }

    // A restore never writes into a data directory that holds anything.
    const occupied = join(work.dir, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'something'), 'x');
    const refused = await script('restore', archive, { ...env, DATA_DIR: occupied });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${occupied} is not empty: restore into an empty DATA_DIR (it holds something).`);

    const restore = await script('restore', archive, { ...env, DATA_DIR: restored });
    expect(restore.code).toBe(0);
    expect(restore.output).toContain(`into ${restored}. Start Genie on it with npm start.`);
    expect(readFileSync(join(restored, 'session-secret'), 'utf8')).toBe(readFileSync(join(source, 'session-secret'), 'utf8'));

    const second = await startGenieProcess({ ...env, DATA_DIR: restored });
    try {
      // Every account answered before the backup began signs in; the owner's session still works.
      const statuses = [];
      for (const account of before) statuses.push(await loginStatus(second.url, account));
      expect(statuses).toEqual(before.map(() => 200));
      const me = await fetch(`${second.url}/api/auth/me`, { headers: { cookie } });
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(owner.email);

      const download = await fetch(`${second.url}/api/files/${file!.id}/download`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(await download.text()).toBe(CONTRACT);

      const detail = await fetch(`${second.url}/api/conversations/${chat!.conversationId}`, { headers: { cookie } });
      const messages = ((await detail.json()) as { messages: { id: string; content: string; citations?: unknown }[] }).messages;
      const reply = messages.find((m) => m.id === chat!.messageId);
      expect(reply?.content).toBe(chat!.content);
      expect(reply?.citations).toEqual(chat!.citations);

      const search = await fetch(`${second.url}/api/search?q=termination`, { headers: { cookie } });
      const results = ((await search.json()) as { results: { fileId: string }[] }).results;
      expect(results.map((r) => r.fileId)).toEqual([file!.id]);
    } finally {
      expect((await stopGenie(second)).code).toBe(0);
    }
  });
});
