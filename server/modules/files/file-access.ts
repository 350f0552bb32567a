import { eq, type SQL } from 'drizzle-orm';
import { files } from '../../db/schema/files';

/**
 * Which files a user may read, as a condition on `files` that a query puts in its WHERE: search
 * and retrieval rank only passages of these files, so another's passage never reaches ranking.
 * Today a user reads only their own files; the team library widens this to the files of the
 * teams they belong to (same signature, so its callers do not change).
 */
export function readableFiles(userId: string): SQL {
  return eq(files.userId, userId);
}
