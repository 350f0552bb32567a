import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import type { ByteRange, ObjectInfo, ObjectStore } from './object-store';

const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;
/**
 * How much of an upload the temp file's write stream may buffer before it pauses the request.
 * Node's default (16 KiB) is less than one 64 KiB socket read, so every read would pause and
 * resume the socket and go to disk as a write of its own; with room for several reads, those that
 * arrive while a write is in flight go out together as one writev (about 170 instead of 1,600
 * for 100 MB). Bounded, so an upload still holds only about this much in memory.
 */
const UPLOAD_WRITE_BUFFER_BYTES = 1024 * 1024;

/** Objects as files under DATA_DIR/objects; writes land in a temp file renamed into place. */
export class LocalDiskStore implements ObjectStore {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file for a key; a key that could escape the root (`..`, absolute) is refused. */
  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
      throw new AppError('invalid_input', 'That object path is not valid.');
    }
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new AppError('invalid_input', 'That object path is not valid.');
    return path;
  }

  async put(key: string, body: Readable, options: { maxBytes: number }) {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = join(this.root, '.tmp', `${randomUUID()}.part`);
    await mkdir(dirname(tmp), { recursive: true });
    let size = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > options.maxBytes) callback(new AppError('too_large', `The file is larger than ${options.maxBytes} bytes.`));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(body, limiter, createWriteStream(tmp, { flags: 'wx', highWaterMark: UPLOAD_WRITE_BUFFER_BYTES }));
      await rename(tmp, path);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    await stat(path).catch(() => {
      throw new AppError('not_found', 'That file was not found.');
    });
    return createReadStream(path, range ? { start: range.start, end: range.end } : undefined);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, lastModified: info.mtime } : null;
    } catch (error) {
      if (error instanceof AppError) throw error;
      return null;
    }
  }

  async delete(key: string) {
    await this.deletesHeld;
    await rm(this.pathOf(key), { force: true });
  }

  /** Set while a backup copies the database and links the objects (server/modules/backup). */
  private deletesHeld: Promise<unknown> = Promise.resolve();

  /**
   * Runs `work` with deletes waiting: a backup's database copy and its links to the objects then
   * see the same objects (a file erased between the two would be a record without bytes).
   */
  async holdingDeletes<T>(work: () => Promise<T>): Promise<T> {
    const running = work();
    this.deletesHeld = running.catch(() => undefined);
    return running;
  }

  /** Removes a prefix's directories once empty (an erased account's ids must not stay as names). */
  async removeEmptyPrefix(prefix: string) {
    const path = this.pathOf(prefix.replace(/\/+$/, ''));
    // rmdir, not rm -r: a directory that still holds an object stays.
    await rmdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT' && error.code !== 'ENOTEMPTY') throw error;
    });
  }

  async *list(prefix: string): AsyncIterable<{ key: string } & ObjectInfo> {
    const start = resolve(this.root, prefix);
    if (!start.startsWith(this.root)) return;
    const walk = async function* (dir: string, root: string): AsyncGenerator<{ key: string } & ObjectInfo> {
      let handle;
      try {
        handle = await opendir(dir);
      } catch {
        return;
      }
      for await (const entry of handle) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== '.tmp') yield* walk(path, root);
        } else if (entry.isFile()) {
          const info = await stat(path);
          yield { key: relative(root, path).split(sep).join('/'), size: info.size, lastModified: info.mtime };
        }
      }
    };
    yield* walk(start, this.root);
  }

  async sweepTemporary(olderThan: Date) {
    const dir = join(this.root, '.tmp');
    let removed = 0;
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      return 0;
    }
    for await (const entry of handle) {
      const path = join(dir, entry.name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && info.mtime < olderThan) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  async ping() {
    try {
      await mkdir(this.root, { recursive: true });
      return true;
    } catch {
      return false;
    }
  }
}
