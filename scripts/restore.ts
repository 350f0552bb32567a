// `npm run restore -- <file>`: a backup made by `npm run backup` (or BACKUP_DIR's schedule) into
// an empty DATA_DIR; then `npm start` on it. It never writes into a data directory that holds
// anything, so it cannot overwrite a Genie's data.
import { loadConfig } from '../server/config';
import { loadPgliteDump } from '../server/db/pglite-client';
import { BackupError, restoreBackup } from '../server/modules/backup/backup-archive';
import { runCommand } from './lib/run-command';

const USAGE = 'Usage: npm run restore -- <file.tar.gz>   (into DATA_DIR, which must be empty)';

async function main() {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const restored = await restoreBackup(file, config.DATA_DIR, loadPgliteDump);
  console.log(`Restored the backup of ${restored.createdAt} (${restored.objects} objects) into ${config.DATA_DIR}. Start Genie on it with npm start.`);
}

runCommand(main, [BackupError]);
