import { execSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnGenie, startGenieProcess, stopGenie, tempDir } from './support/genie-process';
import { uploadBytes } from './support/files';
import { newAccount, postJson, signUpOverHttp, waitFor, type Account } from './support/http';

/**
 * Issue 47: an upgrade keeps everything. The release before this wave (commit 34dc462, its own
 * source and migrations, exported with `git archive`, not checked out) builds and fills a data
 * directory; then the current code starts on it, applies its migrations, and every account,
 * file, conversation, citation and search passage is there.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RELEASE = '34dc462';
const CONTRACT = 'Termination. Either party may end this agreement with ninety days of written termination notice.';

async function loginStatus(baseUrl: string, account: Account) {
  const response = await postJson(`${baseUrl}/api/auth/login`, { email: account.email, password: account.password });
  await response.arrayBuffer();
  return response.status;
}

/**
 * The release runs on today's node_modules, which no longer hold the packages removed since. Its
 * only such import is @fastify/helmet, which it resolved only to reach `helmet` beside it (issue 46
 * declared `helmet` itself and dropped the plugin). A package standing where the release looks
 * first (release/server/node_modules) hands it the real `helmet`: the release runs its own code,
 * headers included, not a stub.
 */
function standInForRemovedPackages(release: string) {
  const helmet = join(release, 'server', 'node_modules', '@fastify', 'helmet');
  mkdirSync(helmet, { recursive: true });
  writeFileSync(join(helmet, 'package.json'), JSON.stringify({ name: '@fastify/helmet', version: '13.2.0', main: 'index.js' }));
  writeFileSync(join(helmet, 'index.js'), "module.exports = require('helmet');\n");
}

describe(`upgrading a data directory made by release ${RELEASE}`, () => {
  const work = tempDir('genie-rel-upgrade-');
  const release = join(work.dir, 'release');
  const data = join(work.dir, 'data');
  afterAll(() => work.remove());

  it('keeps every row and file, and search works, under the current code', async () => {
    mkdirSync(release);
    execSync(`git archive ${RELEASE} | tar -x -C ${JSON.stringify(release)}`, { cwd: ROOT, stdio: 'pipe' });
    symlinkSync(join(ROOT, 'node_modules'), join(release, 'node_modules'));
    standInForRemovedPackages(release);

    const old = spawnGenie({ DATA_DIR: data, CHAT_RATE_LIMIT_PER_MINUTE: '100000' }, 180_000, { cwd: release });
    const oldUrl = await old.ready;
    const accounts: Account[] = [];
    let cookie = '';
    let fileId = '';
    let chat: { conversationId: string; messageId: string; content: string; citations?: { fileId: string }[] };
    try {
      for (let i = 0; i < 5; i++) {
        const account = newAccount('upgrade');
        const session = await signUpOverHttp(oldUrl, account);
        accounts.push(account);
        if (i === 0) cookie = session;
      }
      fileId = (await uploadBytes(oldUrl, cookie, { name: 'contract.txt', type: 'text/plain', bytes: Buffer.from(CONTRACT) })).id;
      await waitFor(async () => {
        const response = await fetch(`${oldUrl}/api/search?q=termination`, { headers: { cookie } });
        return ((await response.json()) as { results: unknown[] }).results.length === 1;
      }, 60_000, 'the contract to be indexed by the old release');
      const answer = await postJson(`${oldUrl}/api/chat`, { message: 'How can the agreement be ended?', knowledge: { scope: 'all' } }, { cookie });
      expect(answer.status).toBe(200);
      chat = (await answer.json()) as typeof chat;
      expect(chat.citations?.map((c) => c.fileId)).toEqual([fileId]);
    } finally {
      expect((await stopGenie(old)).code).toBe(0);
    }

    const current = await startGenieProcess({ DATA_DIR: data });
    try {
      const statuses = [];
      for (const account of accounts) statuses.push(await loginStatus(current.url, account));
      expect(statuses).toEqual(accounts.map(() => 200));
      const me = await fetch(`${current.url}/api/auth/me`, { headers: { cookie } });
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(accounts[0]!.email);

      const download = await fetch(`${current.url}/api/files/${fileId}/download`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(await download.text()).toBe(CONTRACT);

      const detail = await fetch(`${current.url}/api/conversations/${chat!.conversationId}`, { headers: { cookie } });
      const messages = ((await detail.json()) as { messages: { id: string; content: string; citations?: unknown }[] }).messages;
      const reply = messages.find((m) => m.id === chat!.messageId);
      expect(reply?.content).toBe(chat!.content);
      expect(reply?.citations).toEqual(chat!.citations);

      const search = await fetch(`${current.url}/api/search?q=termination`, { headers: { cookie } });
      expect(((await search.json()) as { results: { fileId: string }[] }).results.map((r) => r.fileId)).toEqual([fileId]);
      // And the upgraded database takes new writes.
      const later = newAccount('upgraded');
      await signUpOverHttp(current.url, later);
      expect(await loginStatus(current.url, later)).toBe(200);
    } finally {
      expect((await stopGenie(current)).code).toBe(0);
    }
  });
});
