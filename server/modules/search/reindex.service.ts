import { AppError, notFound } from '../../lib/app-error';
import type { Db } from '../../db/database';
import { searchRepository as repo } from './search.repository';

export interface ReindexDeps {
  db: Db;
  /** The file if the user may change it (files module: uploader, team owner or admin); else a 404 or 403. */
  requireModifiableFile(userId: string, fileId: string): Promise<unknown>;
  /** The indexer looks at its queue now. */
  nudge(): void;
}

/**
 * Retry (issue 47): a file whose indexing failed goes back to the queue with its count of reader
 * failures cleared. Its owner (or whoever may change it) asks through the file manager; an admin
 * by id.
 */
export function createReindexService(deps: ReindexDeps) {
  const { db } = deps;
  async function requeue(fileId: string) {
    if (!(await repo.requeueFailed(db, fileId))) throw new AppError('conflict', 'Only a file whose indexing failed can be retried.');
    deps.nudge();
    return { id: fileId, indexStatus: 'pending' as const };
  }
  return {
    async retryAsUser(userId: string, fileId: string) {
      await deps.requireModifiableFile(userId, fileId);
      return requeue(fileId);
    },
    async retryAsAdmin(fileId: string) {
      if (!(await repo.fileExists(db, fileId))) throw notFound('That file');
      return requeue(fileId);
    },
  };
}

export type ReindexService = ReturnType<typeof createReindexService>;
