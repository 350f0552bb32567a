import { Readable, type PassThrough } from 'node:stream';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import { folderPaths, safeSegment, UniqueNames } from './archive-names';
import { conversationJson, conversationMarkdown } from './conversation-markdown';
import { exportsRepository as repo } from './exports.repository';

const README = (username: string, createdAt: Date) => `Genie data export for ${username}
Made ${createdAt.toISOString()}.

profile.json          your account: email, username, team, plan
conversations/        every conversation, as .json (for programs) and .md (for people)
files/                every private file, in your folder tree (a name used twice gets " (2)");
                      the team library is the team's and is not in your export
payments.json         your payments, as recorded for the books
feedback.json         the replies you rated
`;

const text = (value: string) => Readable.from([Buffer.from(value, 'utf8')]);
const json = (value: unknown) => text(`${JSON.stringify(value, null, 2)}\n`);

/**
 * One user's data as a ZIP stream. Entries are added as pages of rows arrive, and each entry's
 * bytes are read only when the ZIP writer reaches it (addReadStreamLazy): one conversation or one
 * file's stream is open at a time, so memory stays bounded whatever the account holds.
 * The returned stream errors if any read fails.
 */
export async function exportArchive(deps: { db: Db; store: ObjectStore }, userId: string, now: Date): Promise<Readable> {
  const { db, store } = deps;
  // Imported by the first export, not at every start (issue 48).
  const { default: yazl } = await import('yazl');
  const zip = new yazl.ZipFile();
  // yazl's output is a PassThrough: destroying it with the error is what the reader (the store) sees.
  const output = zip.outputStream as PassThrough;
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on('error', fail);

  const lazy = (path: string, mtime: Date, open: () => Promise<Readable>) =>
    zip.addReadStreamLazy(path, { mtime }, (callback) => {
      open().then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as never),
      );
    });

  void (async () => {
    const profile = await repo.profileOf(db, userId);
    if (!profile) throw new Error('The account no longer exists.');
    lazy('README.txt', now, async () => text(README(profile.username, now)));
    lazy('profile.json', now, async () =>
      json({
        id: profile.id,
        email: profile.email,
        username: profile.username,
        createdAt: profile.createdAt.toISOString(),
        lastActiveAt: profile.lastActiveAt.toISOString(),
        team: profile.teamName ? { name: profile.teamName, role: profile.role } : null,
        plan: profile.plan,
        premiumUntil: profile.premiumUntil?.toISOString() ?? null,
      }),
    );
    lazy('payments.json', now, async () =>
      json((await repo.paymentsOf(db, userId)).map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }))),
    );
    lazy('feedback.json', now, async () =>
      json((await repo.feedbackOf(db, userId)).map((f) => ({ ...f, createdAt: f.createdAt.toISOString() }))),
    );

    const names = new UniqueNames();
    for (let page = await repo.conversationsPage(db, userId); page.length > 0; ) {
      for (const conversation of page) {
        const day = conversation.createdAt.toISOString().slice(0, 10);
        const base = names.claim('conversations', `${day} ${safeSegment(conversation.title)} ${conversation.id.slice(0, 8)}.json`);
        const stem = base.slice(0, -'.json'.length);
        lazy(base, conversation.updatedAt, async () => json(conversationJson(conversation, await repo.messagesOf(db, userId, conversation.id))));
        lazy(`${stem}.md`, conversation.updatedAt, async () => text(conversationMarkdown(conversation, await repo.messagesOf(db, userId, conversation.id))));
      }
      const last = page[page.length - 1]!;
      page = page.length < 200 ? [] : await repo.conversationsPage(db, userId, last);
    }

    const paths = folderPaths(await repo.foldersOf(db, userId));
    for (let page = await repo.filesPage(db, userId); page.length > 0; ) {
      for (const file of page) {
        const folder = file.folderId ? paths.get(file.folderId) : '';
        const path = names.claim(folder ? `files/${folder}` : 'files', safeSegment(file.originalName, 'file'));
        const key = file.objectPath.replace(/^\/objects\//, '');
        lazy(path, file.uploadedAt, () => store.get(key));
      }
      const last = page[page.length - 1]!;
      page = page.length < 200 ? [] : await repo.filesPage(db, userId, last);
    }
    zip.end();
  })().catch(fail);

  return output;
}
