// `npm run admin -- create <name>` and `npm run admin -- reset-password <name>`: manage admin
// accounts against the configured database (DATABASE_URL, or the PGlite data in DATA_DIR, which
// must not be open in a running server at the same time). The password is ADMIN_NEW_PASSWORD
// when set, otherwise a generated one printed once.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/config';
import { DataDirInUseError } from '../server/db/data-dir-lock';
import { openDatabase } from '../server/db/open-database';
import { AppError } from '../server/lib/app-error';
import { systemClock } from '../server/lib/clock';
import { createAdminAuthService } from '../server/modules/admin/admin-auth.service';
import { runCommand } from './lib/run-command';

const USAGE = 'Usage: npm run admin -- create <name>\n       npm run admin -- reset-password <name>\nSet ADMIN_NEW_PASSWORD to choose the password; otherwise one is generated and printed once.';

async function main() {
  const [command, name] = process.argv.slice(2);
  if ((command !== 'create' && command !== 'reset-password') || !name) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const given = process.env.ADMIN_NEW_PASSWORD;
  const password = given && given.length > 0 ? given : randomBytes(18).toString('base64url');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const service = createAdminAuthService({ db: database.db, clock: systemClock });
    const admin = command === 'create' ? await service.createAdmin(name, password) : await service.resetPassword(name, password);
    console.log(command === 'create' ? `Admin "${admin.username}" created.` : `Password of admin "${admin.username}" reset; their old tokens no longer work.`);
    if (!given) console.log(`Password (shown only once): ${password}`);
  } finally {
    await database.close();
  }
}

runCommand(main, [AppError, DataDirInUseError]);
