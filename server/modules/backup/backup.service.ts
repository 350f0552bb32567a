import { chmod, readdir, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Config } from '../../config';
import { writeBackup, type BackupSources, type BackupSummary } from './backup-archive';

/**
 * Backups of a running embedded Genie (issue 47). The running server holds the data directory's
 * lock and the database's only handle, so every backup is made by it: `npm run backup` asks it
 * over a Unix socket in DATA_DIR (`control.sock`, mode 0600: only who may read the data may ask),
 * and BACKUP_DIR's scheduled backups are its own timer. See docs/decisions.md.
 */

export const CONTROL_SOCKET = 'control.sock';
/** A request line longer than this is no request of ours. */
const REQUEST_MAX_BYTES = 8192;
const SCHEDULED_NAME = /^genie-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d{3})?Z\.tar\.gz$/;
/** How often the schedule looks whether a backup is due (the due time is kept by the files' own times, across restarts). */
const SCHEDULE_CHECK_MS = 60_000;

export interface LastBackup {
  at: string;
  file: string;
  bytes: number;
}

export function createBackupService(sources: BackupSources, config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_EVERY_HOURS' | 'BACKUP_KEEP'>, log: { warn(message: string): void; info(message: string): void }) {
  /** One backup at a time: a second request waits for the first, then makes its own. */
  let queue: Promise<unknown> = Promise.resolve();
  let lastMade: LastBackup | null = null;
  let lastFailure: { at: string; message: string } | null = null;

  function backUp(target: string): Promise<BackupSummary> {
    const made = queue.then(() => writeBackup(sources, target));
    queue = made.catch(() => undefined);
    return made.then(
      (summary) => {
        lastMade = { at: summary.createdAt, file: summary.file, bytes: summary.bytes };
        lastFailure = null;
        return summary;
      },
      (error: unknown) => {
        lastFailure = { at: new Date().toISOString(), message: error instanceof Error ? error.message : String(error) };
        throw error;
      },
    );
  }

  /** The scheduled archives in BACKUP_DIR, newest first (by name: each is named by the time it was made). */
  async function scheduled(): Promise<{ name: string; mtimeMs: number; size: number }[]> {
    if (!config.BACKUP_DIR) return [];
    const names = await readdir(config.BACKUP_DIR).catch(() => [] as string[]);
    const found = await Promise.all(
      names.filter((name) => SCHEDULED_NAME.test(name)).map(async (name) => {
        const info = await stat(join(config.BACKUP_DIR!, name)).catch(() => null);
        return info ? { name, mtimeMs: info.mtimeMs, size: info.size } : null;
      }),
    );
    return found.filter((f) => f !== null).sort((a, b) => (a.name < b.name ? 1 : -1));
  }

  async function runScheduled() {
    if (!config.BACKUP_DIR) return;
    const dir = config.BACKUP_DIR;
    const newest = (await scheduled())[0];
    if (newest && Date.now() - newest.mtimeMs < config.BACKUP_EVERY_HOURS * 3_600_000) return;
    const name = `genie-backup-${new Date().toISOString().replace(/:/g, '-').replace('.', '-')}.tar.gz`;
    const summary = await backUp(join(dir, name));
    log.info(`Scheduled backup written: ${summary.file} (${summary.bytes} bytes, ${summary.objects} objects)`);
    for (const old of (await scheduled()).slice(config.BACKUP_KEEP)) await rm(join(dir, old.name), { force: true });
  }

  let timer: NodeJS.Timeout | null = null;
  let control: Server | null = null;

  return {
    backUp,

    /** One turn of the schedule (what the timer runs each minute): a backup when one is due, then the oldest beyond BACKUP_KEEP removed. */
    tick: runScheduled,

    /** For the admin System tab: the newest backup made by this process or found in BACKUP_DIR, and the last failure since. */
    async last(): Promise<{ lastBackup: LastBackup | null; failure: { at: string; message: string } | null; scheduled: boolean }> {
      const newest = (await scheduled())[0];
      const fromDir = newest ? { at: new Date(newest.mtimeMs).toISOString(), file: join(config.BACKUP_DIR!, newest.name), bytes: newest.size } : null;
      const lastBackup = !fromDir ? lastMade : !lastMade || fromDir.at > lastMade.at ? fromDir : lastMade;
      return { lastBackup, failure: lastFailure, scheduled: Boolean(config.BACKUP_DIR) };
    },

    /** Starts BACKUP_DIR's schedule: a backup when the newest there is older than BACKUP_EVERY_HOURS (checked each minute). */
    startSchedule() {
      if (!config.BACKUP_DIR || timer) return;
      const check = () =>
        void runScheduled().catch((error: unknown) => log.warn(`The scheduled backup failed: ${error instanceof Error ? error.message : String(error)}`));
      timer = setInterval(check, SCHEDULE_CHECK_MS);
      timer.unref();
      setTimeout(check, 5_000).unref();
    },

    /**
     * Listens on DATA_DIR/control.sock for `npm run backup`: one JSON line `{"backup": "<absolute
     * path>"}` in, one JSON line out (`{"ok": true, …summary}` or `{"error": "<sentence>"}`).
     */
    async listen(dataDir: string) {
      const path = join(dataDir, CONTROL_SOCKET);
      await rm(path, { force: true }); // left by a killed server; the data directory's lock says we are the only one
      control = createServer((socket) => {
        let received = '';
        socket.setTimeout(10_000, () => socket.destroy());
        socket.on('error', () => undefined);
        socket.on('data', (chunk) => {
          received += chunk.toString('utf8');
          if (received.length > REQUEST_MAX_BYTES) return socket.destroy();
          const end = received.indexOf('\n');
          if (end === -1) return;
          socket.setTimeout(0);
          const answer = (body: unknown) => socket.end(`${JSON.stringify(body)}\n`);
          let target: unknown;
          try {
            target = (JSON.parse(received.slice(0, end)) as { backup?: unknown }).backup;
          } catch {
            target = undefined;
          }
          if (typeof target !== 'string' || !target.startsWith('/')) return answer({ error: 'Send {"backup": "<absolute path of the archive to write>"}.' });
          backUp(target).then(
            (summary) => answer({ ok: true, ...summary }),
            (error: unknown) => answer({ error: `The backup failed: ${error instanceof Error ? error.message : String(error)}` }),
          );
        });
      });
      await new Promise<void>((resolve, reject) => {
        control!.once('error', reject);
        control!.listen(path, () => resolve());
      });
      control.on('error', (error) => log.warn(`The backup socket failed: ${error.message}`));
      await chmod(path, 0o600);
    },

    /** At shutdown: no new backups are asked for; one being written is waited for. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await new Promise<void>((resolve) => (control ? control.close(() => resolve()) : resolve()));
      await queue;
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Backups of the embedded database and objects: main.ts opens `npm run backup`'s socket on it. */
    backups: BackupService;
  }
}
