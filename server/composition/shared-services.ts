import type { FastifyInstance } from 'fastify';
import { createMailer } from '../adapters/mail/mailer';
import type { ObjectStore } from '../adapters/storage/object-store';
import { systemClock } from '../lib/clock';
import { createPublicLinks, NO_PUBLIC_URL } from '../lib/public-links';
import { UserDataChanges } from '../modules/auth/session-cache';
import { createFilesServices, filesLimitsOf } from '../modules/files/files.plugin';
import type { AppDeps } from './app-deps';

/** What many modules share: the clock, the files, the session cache's change feed, mail and its links. */
/** `onFileStored` nudges the indexer: an explicit dependency of the uploads, not a match on their URL. */
export function createSharedServices(app: FastifyInstance, deps: AppDeps, objectStore: ObjectStore, localModelNotices: readonly string[], onFileStored: () => void) {
  const { config } = deps;
  const db = deps.database.db;
  const clock = deps.clock ?? systemClock;
  // Not awaited: a slow or unreachable store must not hold the start; a problem is logged once.
  app.addHook('onReady', async () => {
    const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : '*';
    void objectStore.prepareBrowserUploads?.(origin).then((problem) => problem && app.log.warn(problem));
  });
  const files = createFilesServices({ db, store: objectStore, clock, secret: deps.sessionSecret, ...filesLimitsOf(config), onFileStored });
  const userDataChanges = deps.userDataChanges ?? new UserDataChanges();
  const mailer = deps.mailer === undefined ? createMailer(config) : deps.mailer;
  if (mailer) app.addHook('onClose', () => mailer.close());
  // Mail links are built from PUBLIC_URL alone (lib/public-links.ts): with mail but no PUBLIC_URL,
  // every mail with a link is refused, and the operator hears it once at start.
  const links = createPublicLinks(config.PUBLIC_URL);
  for (const notice of localModelNotices) app.log.warn(notice);
  if (mailer && !links.configured) app.log.warn(NO_PUBLIC_URL);
  return { db, clock, objectStore, files, userDataChanges, mailer, links };
}

export type SharedServices = ReturnType<typeof createSharedServices>;
