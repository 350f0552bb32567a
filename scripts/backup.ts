// `npm run backup -- <file>`: one consistent archive (a gzipped tar) of an embedded Genie: its
// database, its file objects and its generated secret. A running server is asked to write it
// (over DATA_DIR/control.sock: it holds the database and keeps serving meanwhile); with none
// running, the data directory is opened here, under its lock. With DATABASE_URL, see the README
// ("Backups and upgrades") for pg_dump. Restore with `npm run restore -- <file>`.
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { DataDirInUseError } from '../server/db/data-dir-lock';
import { openPglite } from '../server/db/pglite';
import { BackupError, writeBackup, type BackupSummary } from '../server/modules/backup/backup-archive';
import { CONTROL_SOCKET } from '../server/modules/backup/backup.service';
import { runCommand } from './lib/run-command';

const USAGE = 'Usage: npm run backup -- <file.tar.gz>';

/** Asks the running server; null when none listens on the socket. */
function askRunningServer(dataDir: string, target: string): Promise<BackupSummary | null> {
  return new Promise((resolvePromise, reject) => {
    const socket = connect(join(dataDir, CONTROL_SOCKET));
    let answer = '';
    let connected = false;
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ backup: target })}\n`);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolvePromise(null);
      else reject(error);
    });
    socket.on('end', () => {
      try {
        const body = JSON.parse(answer) as (BackupSummary & { ok: true }) | { error: string };
        if ('error' in body) reject(new BackupError(body.error));
        else resolvePromise(body);
      } catch {
        reject(new BackupError('The running server gave no answer to the backup request.'));
      }
    });
  });
}

async function main() {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  if (config.DATABASE_URL) throw new BackupError('npm run backup copies the embedded database only. With DATABASE_URL, back up PostgreSQL with pg_dump (see the README, "Backups and upgrades").');
  const target = resolve(file);
  let summary = await askRunningServer(config.DATA_DIR, target);
  if (!summary) {
    const database = await openPglite(config.DATA_DIR);
    try {
      summary = await writeBackup({ database, dataDir: config.DATA_DIR, holdingDeletes: null }, target);
    } finally {
      await database.close();
    }
  }
  console.log(`Backup written: ${summary.file} (${summary.bytes.toLocaleString('en-US')} bytes, ${summary.objects} objects, as of ${summary.createdAt}).`);
}

runCommand(main, [BackupError, DataDirInUseError]);
