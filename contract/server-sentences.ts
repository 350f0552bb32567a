import { REQUEST_SENTENCES } from './server-sentences/requests';
import { ACCOUNT_SENTENCES } from './server-sentences/accounts';
import { PROFILE_SENTENCES } from './server-sentences/profile';
import { CHAT_SENTENCES } from './server-sentences/chat';
import { PROJECT_SENTENCES } from './server-sentences/projects';
import { FILE_SENTENCES } from './server-sentences/files';
import { TEAM_SENTENCES } from './server-sentences/teams';
import { BILLING_SENTENCES } from './server-sentences/billing';

/**
 * Every sentence the server can say to a person on Genie's screens (issue 44), by a stable key: the
 * English exactly as the server writes it (SPEC's texts, unchanged), with {{name}} where the
 * server puts a value. The server answers in this English; the client recognises a sentence here
 * and shows client/src/locales/<language>/server.json's translation of its key, the values put
 * back (client/src/lib/i18n/server-sentences.ts). A key ending in _one/_other is i18next's plural
 * pair for {{count}}.
 *
 * server/lib/server-sentences.test.ts reads the server's code and fails for a sentence that is not
 * here, and for a key a language lacks. Sentences meant for operators and programs (the admin
 * console's own, webhooks, the OpenAI-compatible API) are listed there, not here.
 */
export const SERVER_SENTENCES = {
  ...REQUEST_SENTENCES,
  ...ACCOUNT_SENTENCES,
  ...PROFILE_SENTENCES,
  ...CHAT_SENTENCES,
  ...PROJECT_SENTENCES,
  ...FILE_SENTENCES,
  ...TEAM_SENTENCES,
  ...BILLING_SENTENCES,
} as const;

export type ServerSentenceKey = keyof typeof SERVER_SENTENCES;
