import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_UPLOADS_AT_ONCE } from '@contract/limits';
import { HttpError } from '@/lib/request';
import { folderAtPath } from '../api/folder-at-path';
import { uploadOne } from '../api/upload-files';
import { importFolder } from './import-folder';

// The two requests a folder import makes, answered by hand so the test decides when each ends.
vi.mock('../api/upload-files', () => ({ uploadOne: vi.fn() }));
vi.mock('../api/folder-at-path', () => ({ folderAtPath: vi.fn() }));
const upload = vi.mocked(uploadOne);
const makeFolder = vi.mocked(folderAtPath);

const fileAt = (path: string) => ({ path, file: new File(['x'], path.split('/').at(-1)!) });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Uploads that end when the test says: each call's name, and a function that ends it. */
function heldUploads() {
  const pending: Array<{ name: string; end: (error?: Error) => void }> = [];
  upload.mockImplementation(
    (file: File) =>
      new Promise((resolve, reject) => {
        pending.push({ name: file.name, end: (error) => (error ? reject(error) : resolve({ id: `id-${file.name}` } as Awaited<ReturnType<typeof uploadOne>>)) });
      }),
  );
  return pending;
}

afterEach(() => vi.resetAllMocks());

describe('importFolder', () => {
  it('keeps three uploads in flight, starts the next as one ends, and lists the files in the folder order', async () => {
    const pending = heldUploads();
    const tree = { files: ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'].map(fileAt), skipped: [] };
    const progress: Array<[number, number]> = [];
    const imported = importFolder(tree, { folderId: null, scope: 'private' }, (done, total) => progress.push([done, total]));
    await tick();
    expect(IMPORT_UPLOADS_AT_ONCE).toBe(3);
    expect(pending.map((p) => p.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    pending[1]!.end();
    await tick();
    expect(pending.map((p) => p.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt']);
    for (const index of [3, 0, 2]) pending[index]!.end();
    await tick();
    pending[4]!.end();
    const outcome = await imported;
    expect(outcome.files.map((f) => f.path)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']);
    expect(outcome.files.map((f) => f.id)).toEqual(['id-a.txt', 'id-b.txt', 'id-c.txt', 'id-d.txt', 'id-e.txt']);
    expect(progress).toEqual([[0, 5], [1, 5], [2, 5], [3, 5], [4, 5], [5, 5]]);
  });

  it('makes a new folder once when several of its files start together', async () => {
    heldUploads();
    upload.mockImplementation(async (file: File) => ({ id: `id-${file.name}` }) as Awaited<ReturnType<typeof uploadOne>>);
    makeFolder.mockResolvedValue({ id: 'folder-1', created: 1 } as Awaited<ReturnType<typeof folderAtPath>>);
    const tree = { files: ['docs/a.txt', 'docs/b.txt', 'docs/c.txt'].map(fileAt), skipped: [] };
    const outcome = await importFolder(tree, { folderId: null, scope: 'private' });
    expect(makeFolder).toHaveBeenCalledTimes(1);
    expect(makeFolder.mock.calls[0]![0]).toEqual({ names: ['docs'], parentId: null, scope: 'private' });
    expect(upload.mock.calls.map(([, target]) => target)).toEqual(Array.from({ length: 3 }, () => ({ folderId: 'folder-1', scope: 'private' })));
    expect(outcome.folders).toBe(1);
  });

  it('starts no further file once the library is full, and says so with the server sentence', async () => {
    const pending = heldUploads();
    const tree = { files: ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'].map(fileAt), skipped: [] };
    const imported = importFolder(tree, { folderId: null, scope: 'private' });
    await tick();
    pending[0]!.end(new HttpError(507, JSON.stringify({ error: 'Your library is full.', code: 'storage_full' }), 'Insufficient Storage'));
    pending[1]!.end();
    pending[2]!.end();
    const outcome = await imported;
    expect(pending.map((p) => p.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(outcome.stopped).toBe('Your library is full.');
    expect(outcome.files.map((f) => f.path)).toEqual(['b.txt', 'c.txt']);
  });
});
