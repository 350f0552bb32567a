import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@contract/languages';
import { SERVER_SENTENCES } from '@contract/server-sentences';
import { scanSchemas, scanServer, type Found } from '../../tests/support/sentence-scan';

/**
 * Issue 44's check for the server's sentences: every sentence the server's code can answer a
 * person with is in contract/server-sentences.ts, and every language has a translation of each
 * (client/src/locales/<language>/server.json) with the same {{values}}.
 */
const sourceFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

/**
 * Files whose sentences no reader of Genie's screens sees: the admin console's own (its operator
 * reads the server's English, as in the command line's), payment webhooks and the payment admin
 * API, the OpenAI-compatible API and MCP server (programs), and the host and origin checks that
 * answer a misconfigured proxy or another site.
 */
const FOR_OPERATORS_AND_PROGRAMS = new Set([
  'server/modules/admin/admin-auth.service.ts',
  'server/modules/admin/admin-cursor.ts',
  'server/modules/admin/admin-users.service.ts',
  'server/modules/admin/require-admin.ts',
  'server/modules/demo-requests/demo-requests.service.ts',
  'server/modules/promotions/promotions.service.ts',
  'server/modules/payments/payments.service.ts',
  'server/modules/payments/btcpay-webhook.ts',
  'server/modules/payments/btcpay-webhook.routes.ts',
  'server/plugins/same-origin.ts',
  'server/plugins/static-client.ts',
  'contract/admin.ts',
  'contract/openai.ts',
]);

/** Single sentences of a file that is otherwise for readers: the admin console's filters. */
const ADMIN_SCHEMA_SENTENCES = new Set([
  'That user was not found.',
  'Search is too long.',
  'That cursor is not valid.',
  'Status is active or suspended.',
  'premiumUntil must be an ISO date and time.',
  'The note is too long.',
  'Send status, plan or premiumUntil.',
  'That action is not one the log records.',
  'Admin name is too long.',
  'from must be an ISO date and time.',
  'to must be an ISO date and time.',
]);

/**
 * Skeletons that are frames, not sentences: the error handler's "<field>: <message>" (the client
 * translates the message after the field's name) and its "Invalid <part>: <zod's message>" for a
 * request a form never sends.
 */
const FRAMES = new Set(['{{}}: {{}}', 'Invalid {{}}: {{}}']);

const found: Found[] = [...scanServer([...sourceFiles('server'), ...sourceFiles('contract')]), ...scanSchemas(sourceFiles('contract'))].filter(
  (item) => !FOR_OPERATORS_AND_PROGRAMS.has(item.file) && !ADMIN_SCHEMA_SENTENCES.has(item.skeleton) && !FRAMES.has(item.skeleton),
);

const english = Object.values(SERVER_SENTENCES) as string[];
const skeletonOf = (template: string) => template.replace(/\{\{\w+\}\}/g, '{{}}');
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
/**
 * A found skeleton as the start of a pattern: each hole any text (a plural's "s" included), and
 * open at the end, for a sentence the server builds in two parts (found as its first).
 */
const startOf = (skeleton: string) => new RegExp(`^${skeleton.split('{{}}').map(escape).join('.*')}`, 's');

/**
 * A found sentence is covered when the catalogue has it with the same holes, or spells out each of
 * its variants (a plural, a library's name), or holds it whole (a helper's argument such as "That
 * conversation" of notFound, or "invite people" of "Only the team's owner and admins can ...").
 */
function covered(skeleton: string): boolean {
  const pattern = startOf(skeleton);
  return english.some((template) => skeletonOf(template) === skeleton || pattern.test(template) || template.includes(skeleton));
}

type Texts = { [key: string]: string };
const localeOf = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../client/src/locales/${language}/server.json`, import.meta.url), 'utf8')) as Texts;
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('the server’s sentences', () => {
  it('are found in the server’s code (the scan itself works)', () => {
    const skeletons = found.map((item) => item.skeleton);
    expect(skeletons).toContain('That conversation');
    expect(skeletons).toContain('Please sign in to continue.');
    expect(skeletons).toContain('You are sending messages too quickly ({{}} a minute). Try again in {{}} second{{}}.');
    expect(skeletons).toContain('Username may use letters, digits, dots, dashes and underscores');
    expect(found.length).toBeGreaterThan(250);
  });

  it('each have a key in contract/server-sentences.ts', () => {
    const missing = found.filter((item) => !covered(item.skeleton)).map((item) => `${item.file}: ${item.skeleton}`);
    expect(missing, 'add these to SERVER_SENTENCES and to every client/src/locales/<language>/server.json').toEqual([]);
  });

  it('are each still said somewhere (no stale key)', () => {
    const patterns = found.map((item) => startOf(item.skeleton));
    const stale = english.filter((template) => !patterns.some((pattern) => pattern.test(template)));
    expect(stale).toEqual([]);
  });

  it('are written once each, so a sentence names one key', () => {
    expect(english.filter((text, at) => english.indexOf(text) !== at)).toEqual([]);
  });

  it('are the English of client/src/locales/en/server.json, word for word', () => {
    expect(localeOf('en')).toEqual(SERVER_SENTENCES);
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`have a ${language} translation each, with the same values`, () => {
      const texts = localeOf(language);
      const keys = new Set(Object.keys(texts).map(base));
      expect(Object.keys(SERVER_SENTENCES).filter((key) => !keys.has(base(key))), 'missing').toEqual([]);
      const differing = Object.entries(texts).filter(([key, text]) => {
        const source = (SERVER_SENTENCES as Texts)[key] ?? (SERVER_SENTENCES as Texts)[`${base(key)}_other`] ?? '';
        return variables(source).join() !== variables(text).join();
      });
      expect(differing.map(([key]) => key), 'values differ').toEqual([]);
    });
  }
});
