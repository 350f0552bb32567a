import type { FileScope, ImportSummary } from '@contract/files';
import { apiRequest, HttpError } from '@/lib/request';
import { uploadObject } from './upload-files';

/** What an import made, and the sentence that stopped it part way (the storage limit), if one did. */
export type ImportOutcome = ImportSummary & { stopped?: string };

export interface ImportTarget {
  folderId: string | null;
  scope: FileScope;
}

/**
 * A ZIP uploaded (not recorded as a file) and unpacked by POST /api/files/import into the target
 * folder, its folders kept. `onUploaded` marks the moment the bytes are up and the server unpacks.
 */
export async function importZip(file: File, target: ImportTarget, progress: { onProgress?: (fraction: number) => void; onUploaded?: () => void } = {}): Promise<ImportOutcome> {
  const objectPath = await uploadObject(file, progress.onProgress);
  progress.onUploaded?.();
  try {
    const response = await apiRequest('POST', '/api/files/import', {
      objectPath,
      folderId: target.folderId,
      ...(target.folderId ? {} : { scope: target.scope }),
    });
    return (await response.json()) as ImportSummary;
  } catch (error) {
    // 413: stopped by the storage limit, with what was imported before it.
    if (error instanceof HttpError && error.status === 413) {
      const body = JSON.parse(error.bodyText) as { error: string; imported: ImportSummary };
      return { ...body.imported, stopped: body.error };
    }
    throw error;
  }
}
