import { IMPORT_MAX_FILES } from '@contract/limits';
import { i18n } from '@/lib/i18n/i18n';
// Registers the `files` texts the reasons below are read from, in the page's language when they are made.
import '../texts';

/** A file of a dropped or chosen folder, with its path inside the drop ('Clients/Acme/invoice.pdf'). */
export interface PathedFile {
  path: string;
  file: File;
}

export interface Skipped {
  path: string;
  reason: string;
}

/** What a folder's walk found: its files (at most IMPORT_MAX_FILES) and what it left out. */
export interface DroppedTree {
  files: PathedFile[];
  skipped: Skipped[];
}

/** Files a system's own tools leave in folders, which nobody means to import (as the ZIP import). */
const NOISE = /(^|\/)(__MACOSX|\.DS_Store|Thumbs\.db|desktop\.ini)(\/|$)/i;

const tooMany = (limit: number): Skipped => ({
  path: '…',
  reason: i18n.t('files:skipped.restNotRead', { limit }),
});

const readBatch = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;
const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const pathOf = (entry: FileSystemEntry) => entry.fullPath.replace(/^\/+/, '') || entry.name;

/**
 * Walks the entries of a drop (DataTransferItem.webkitGetAsEntry, taken during the drop event)
 * depth first, keeping each file's path. Stops reading at `limit` files, so a dropped disk
 * cannot keep the page busy; a file the browser cannot read is named with why.
 */
export async function walkDroppedEntries(entries: readonly FileSystemEntry[], limit = IMPORT_MAX_FILES): Promise<DroppedTree> {
  const tree: DroppedTree = { files: [], skipped: [] };
  const stack = [...entries].reverse();
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const path = pathOf(entry);
    if (NOISE.test(path)) continue;
    if (tree.files.length >= limit) {
      tree.skipped.push(tooMany(limit));
      break;
    }
    if (isDirectory(entry)) {
      const reader = entry.createReader();
      const children: FileSystemEntry[] = [];
      // readEntries answers a batch at a time (100 in Chromium) until an empty one.
      for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) children.push(...batch);
      children.sort((a, b) => a.name.localeCompare(b.name));
      stack.push(...children.reverse());
    } else if (isFile(entry)) {
      try {
        tree.files.push({ path, file: await fileOf(entry) });
      } catch {
        tree.skipped.push({ path, reason: i18n.t('files:skipped.unreadable') });
      }
    }
  }
  return tree;
}

/** The files of a folder chosen with the folder picker (`webkitdirectory`), paths from webkitRelativePath. */
export function filesOfFolderPick(files: readonly File[], limit = IMPORT_MAX_FILES): DroppedTree {
  const tree: DroppedTree = { files: [], skipped: [] };
  for (const file of files) {
    const path = file.webkitRelativePath || file.name;
    if (NOISE.test(path)) continue;
    if (tree.files.length >= limit) {
      tree.skipped.push(tooMany(limit));
      break;
    }
    tree.files.push({ path, file });
  }
  return tree;
}

/** A ZIP by its type or, as browsers often leave the type empty or odd, by its name. */
export const isZip = (file: File) => /\.zip$/i.test(file.name) || file.type === 'application/zip' || file.type === 'application/x-zip-compressed';
