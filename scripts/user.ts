// `npm run user -- reset-password <email>`: the operator's password reset for a user, when Genie
// sends no mail (SMTP_URL unset) or the user cannot reach theirs. Runs against the configured
// database (DATABASE_URL, or the PGlite data in DATA_DIR, which must not be open in a running
// server at the same time). The password is USER_NEW_PASSWORD when set, otherwise a generated one
// printed once. Every session of the account ends, and its unused reset links stop working.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/config';
import { DataDirInUseError } from '../server/db/data-dir-lock';
import { openDatabase } from '../server/db/open-database';
import { AppError } from '../server/lib/app-error';
import { systemClock } from '../server/lib/clock';
import { createAuthService } from '../server/modules/auth/auth.service';
import { createPasswordResetService } from '../server/modules/auth/password-reset.service';
import { UserDataChanges } from '../server/modules/auth/session-cache';
import { createPublicLinks } from '../server/lib/public-links';
import { runCommand } from './lib/run-command';

const USAGE = 'Usage: npm run user -- reset-password <email>\nSet USER_NEW_PASSWORD to choose the password; otherwise one is generated and printed once.';

async function main() {
  const [command, email] = process.argv.slice(2);
  if (command !== 'reset-password' || !email) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const given = process.env.USER_NEW_PASSWORD;
  const password = given && given.length > 0 ? given : randomBytes(18).toString('base64url');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const auth = createAuthService({ db: database.db, clock: systemClock, userDataChanges: new UserDataChanges() });
    const resets = createPasswordResetService({ db: database.db, clock: systemClock, auth, mailer: null, links: createPublicLinks(config.PUBLIC_URL), mailsPerHour: 1, warn: console.error });
    const user = await resets.resetByOperator(email.trim().toLowerCase(), password);
    console.log(`Password of "${user.username}" <${user.email}> reset; every session of the account has ended.`);
    if (!given) console.log(`Password (shown only once): ${password}`);
  } finally {
    await database.close();
  }
}

runCommand(main, [AppError, DataDirInUseError]);
