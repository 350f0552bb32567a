// One writer per table (issue 46 item 2, docs/decisions.md "Data: one writer per table"): each
// table is inserted into, updated and deleted from by one file, its owner; other code calls the
// owner. A write elsewhere fails lint with a sentence naming the file and the table. Writes are
// found in server/ production files as Drizzle calls (`.insert(messages)`, `.update(files)`,
// `.delete(conversations)`, on any database or transaction) and as SQL text (`insert into messages`,
// `update ${files} set`, `delete from passages`); the tables' names come from server/db/schema/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Table → the one file that writes it. */
export const TABLE_OWNERS = {
  conversations: 'server/modules/conversations/conversation-writes.ts',
  messages: 'server/modules/conversations/conversation-writes.ts',
  interactions: 'server/modules/chat/chat.repository.ts',
  feature_events: 'server/modules/chat/chat.repository.ts',
  files: 'server/modules/files/file-writes.ts',
  folders: 'server/modules/files/folders.repository.ts',
  uploads: 'server/modules/files/uploads.repository.ts',
  passages: 'server/modules/search/index-queue.repository.ts',
  index_turns: 'server/modules/search/index-queue.repository.ts',
  passage_embeddings: 'server/modules/search/embeddings.repository.ts',
  model_usage: 'server/modules/team-controls/team-controls.repository.ts',
  team_policies: 'server/modules/team-controls/team-controls.repository.ts',
  projects: 'server/modules/projects/projects.repository.ts',
  prompts: 'server/modules/prompts/prompts.repository.ts',
  api_keys: 'server/modules/api-keys/api-keys.repository.ts',
  disabled_mcp_tools: 'server/modules/mcp-tools/mcp-tools.repository.ts',
  user_exports: 'server/modules/accounts/exports.repository.ts',
  admins: 'server/modules/admin/admin-auth.repository.ts',
  admin_sessions: 'server/modules/admin/admin-auth.repository.ts',
  admin_audit_log: 'server/modules/admin/admin-auth.repository.ts',
  admin_actions: 'server/modules/admin/admin-users.repository.ts',
  users: 'server/modules/auth/auth.repository.ts',
  sessions: 'server/modules/auth/auth.repository.ts',
  password_reset_tokens: 'server/modules/auth/password-reset.repository.ts',
  email_verification_tokens: 'server/modules/auth/email-verification.repository.ts',
  user_identities: 'server/modules/auth/oidc.repository.ts',
  oidc_domain_teams: 'server/modules/auth/oidc.repository.ts',
  teams: 'server/modules/teams/teams.repository.ts',
  team_members: 'server/modules/teams/teams.repository.ts',
  team_invitations: 'server/modules/teams/teams.repository.ts',
  demo_requests: 'server/modules/demo-requests/demo-requests.repository.ts',
  payments: 'server/modules/payments/payments.repository.ts',
  payment_events: 'server/modules/payments/payments.repository.ts',
  invoices: 'server/modules/payments/invoices.repository.ts',
  renewal_reminders: 'server/modules/payments/renewal-reminders.repository.ts',
  promos: 'server/modules/promotions/promotions.repository.ts',
  schemes: 'server/modules/promotions/promotions.repository.ts',
  notifications: 'server/modules/promotions/promotions.repository.ts',
};

const NOT_PRODUCTION = /(\.test\.|(^|\/)migrations\/|(^|\/)schema\/)/;

/** Drizzle variable name → SQL table name, from server/db/schema/*.ts. */
function tableNames(root) {
  const names = new Map();
  const schemas = execFileSync('git', ['ls-files', 'server/db/schema/'], { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.ts'));
  for (const file of schemas) {
    for (const [, variable, table] of readFileSync(`${root}/${file}`, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) names.set(variable, table);
  }
  return names;
}

/** The tables a source text writes, by Drizzle call or by SQL text. */
export function writtenTables(text, names) {
  const tables = new Set();
  const known = new Set(names.values());
  for (const [, variable] of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    if (names.has(variable)) tables.add(names.get(variable));
  }
  const sqlWrite = /\b(?:insert\s+into|delete\s+from|update)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/gi;
  for (const match of text.matchAll(sqlWrite)) {
    const [whole, variable, raw] = match;
    const table = variable ? names.get(variable) : raw?.toLowerCase();
    if (!table || !known.has(table)) continue;
    // `update x` is SQL only when a `set` follows (prose says "update messages" too).
    if (/^update/i.test(whole) && !/^\s+set\b/i.test(text.slice(match.index + whole.length))) continue;
    tables.add(table);
  }
  return tables;
}

/** Every write of a table outside its owner, as { file, table, owner }. */
export function strayWrites(root) {
  const names = tableNames(root);
  const files = execFileSync('git', ['ls-files', 'server/'], { cwd: root, encoding: 'utf8' }).split('\n');
  const stray = [];
  for (const file of files) {
    if (!/\.(ts|mts|js|mjs)$/.test(file) || NOT_PRODUCTION.test(file)) continue;
    for (const table of writtenTables(readFileSync(`${root}/${file}`, 'utf8'), names)) {
      const owner = TABLE_OWNERS[table];
      if (owner !== file) stray.push({ file, table, owner });
    }
  }
  return stray;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stray = strayWrites(fileURLToPath(new URL('../..', import.meta.url)));
  for (const { file, table, owner } of stray) {
    console.error(
      owner
        ? `${file} writes the table ${table}, whose one writer is ${owner}: call a function of the owner instead.`
        : `${file} writes the table ${table}, which has no owner in scripts/lint/table-owners.mjs: add it to TABLE_OWNERS.`,
    );
  }
  if (stray.length > 0) process.exit(1);
  console.log(`Every table is written by its owner only (${Object.keys(TABLE_OWNERS).length} tables).`);
}
