import { describe, expect, it } from 'vitest';
import { filesOfFolderPick, isZip, walkDroppedEntries } from './dropped-tree';

/** A stand-in for the browser's FileSystem entries of a drop: the few members the walk uses. */
type Tree = { [name: string]: Tree | string | null };

function entryOf(name: string, node: Tree | string | null, parent = ''): FileSystemEntry {
  const fullPath = `${parent}/${name}`;
  if (node !== null && typeof node === 'object') {
    const children = Object.entries(node).map(([child, sub]) => entryOf(child, sub, fullPath));
    return {
      name,
      fullPath,
      isDirectory: true,
      isFile: false,
      createReader: () => {
        // Two entries a batch, then an empty one, as readEntries answers in batches.
        let at = 0;
        return {
          readEntries: (done: (entries: FileSystemEntry[]) => void) => {
            const batch = children.slice(at, at + 2);
            at += 2;
            setTimeout(() => done(batch));
          },
        };
      },
    } as unknown as FileSystemEntry;
  }
  return {
    name,
    fullPath,
    isDirectory: false,
    isFile: true,
    // null: a file the browser cannot read.
    file: (done: (file: File) => void, fail: (error: Error) => void) =>
      setTimeout(() => (node === null ? fail(new Error('NotReadableError')) : done(new File([node], name)))),
  } as unknown as FileSystemEntry;
}

describe('walkDroppedEntries', () => {
  it('keeps every file with its path inside the drop, in name order, leaving out system noise', async () => {
    const clients = entryOf('Clients', {
      'b.txt': 'bee',
      Acme: { 'invoice.pdf': 'pdf', '.DS_Store': 'x', Old: { 'z.txt': 'z', 'a.txt': 'a' } },
      'a.txt': 'ay',
      __MACOSX: { '._a.txt': 'x' },
    });
    const tree = await walkDroppedEntries([clients, entryOf('notes.md', '# notes')]);
    expect(tree.files.map((f) => [f.path, f.file.name, f.file.size])).toEqual([
      ['Clients/a.txt', 'a.txt', 2],
      ['Clients/Acme/invoice.pdf', 'invoice.pdf', 3],
      ['Clients/Acme/Old/a.txt', 'a.txt', 1],
      ['Clients/Acme/Old/z.txt', 'z.txt', 1],
      ['Clients/b.txt', 'b.txt', 3],
      ['notes.md', 'notes.md', 7],
    ]);
    expect(tree.skipped).toEqual([]);
  });

  it('names a file the browser cannot read, and stops reading at the limit with a sentence', async () => {
    const tree = await walkDroppedEntries([entryOf('Box', { 'a.txt': 'a', 'b.txt': null, 'c.txt': 'c', 'd.txt': 'd', 'e.txt': 'e' })], 3);
    expect(tree.files.map((f) => f.path)).toEqual(['Box/a.txt', 'Box/c.txt', 'Box/d.txt']);
    expect(tree.skipped).toEqual([
      { path: 'Box/b.txt', reason: 'The browser could not read this file.' },
      { path: '…', reason: 'The rest was not read: an import takes at most 3 files.' },
    ]);
  });
});

describe('filesOfFolderPick', () => {
  const picked = (path: string) => Object.assign(new File(['x'], path.split('/').pop()!), { webkitRelativePath: path }) as File;
  it('takes the paths the folder picker gives, without noise, up to the limit', () => {
    const tree = filesOfFolderPick([picked('Scans/p1.png'), picked('Scans/Thumbs.db'), picked('Scans/2026/p2.png'), picked('Scans/p3.png')], 2);
    expect(tree.files.map((f) => f.path)).toEqual(['Scans/p1.png', 'Scans/2026/p2.png']);
    expect(tree.skipped).toEqual([{ path: '…', reason: 'The rest was not read: an import takes at most 2 files.' }]);
  });
});

describe('isZip', () => {
  it('knows a ZIP by its name or its type, and nothing else', () => {
    expect([
      isZip(new File([], 'Archive.ZIP')),
      isZip(new File([], 'download', { type: 'application/zip' })),
      isZip(new File([], 'x.bin', { type: 'application/x-zip-compressed' })),
      isZip(new File([], 'report.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })),
    ]).toEqual([true, true, true, false]);
  });
});
