// The import rules of eslint.config.mjs, proved on small sources linted as if they lived at a
// given path. An import the resolver cannot follow is silently allowed by import-x, so each
// refusal here also proves the `@/` and `@contract/` aliases resolve.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids and messages ESLint reports for `code` saved at `path` (relative to the root). */
async function lint(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

/**
 * A source file under `dir` (from the root) whose name matches `name`, as a root-relative path
 * without its extension. Picked from disk because files come and go: a probe importing a file that
 * no longer exists would pass every "allowed" case without testing anything.
 */
function aSource(dir: string, name = /\.tsx?$/): string {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  const file = walk(join(root, dir)).find((f) => name.test(f) && /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  if (!file) throw new Error(`${dir} has no source file matching ${name}`);
  return relative(root, file).replace(/\.tsx?$/, '');
}

/** `path` (root-relative, no extension) after checking that it exists, for the same reason. */
function existing(path: string): string {
  if (!['.ts', '.tsx'].some((ext) => existsSync(join(root, path + ext)))) throw new Error(`${path} no longer exists: pick another file for this probe`);
  return path;
}

/** How a file at `probe` imports `target` (both root-relative) by relative path. */
function relativeImport(probe: string, target: string): string {
  const path = relative(dirname(join(root, probe)), join(root, target));
  return path.startsWith('.') ? path : `./${path}`;
}

/** How client code imports `target` (root-relative, under client/src) through the `@/` alias. */
const alias = (target: string) => `@/${relative('client/src', target)}`;

const FEATURE_RULE = {
  rule: 'import-x/no-restricted-paths',
  message: expect.stringContaining('A feature never imports another feature'),
};

describe('client features', () => {
  it('refuses an import of another feature, by alias or by relative path', async () => {
    const probe = 'client/src/features/chat/components/probe.tsx';
    const other = aSource('client/src/features/files');
    expect(await lint(probe, `import * as x from '${alias(other)}';\nexport default x;\n`)).toEqual([
      { rule: 'import-x/no-restricted-paths', message: `Unexpected path "${alias(other)}" imported in restricted zone. A feature never imports another feature: move the shared code to client/src/lib or client/src/components, or compose both in client/src/app.` },
    ]);
    expect(await lint(probe, `import * as x from '${relativeImport(probe, other)}';\nexport default x;\n`)).toEqual([FEATURE_RULE]);
  });

  it('allows the feature itself, shared client code, contract/ and the app composing features', async () => {
    const own = aSource('client/src/features/chat');
    const shared = [alias(own), alias(aSource('client/src/lib')), alias(aSource('client/src/components')), `@contract/${relative('contract', existing('contract/errors'))}`];
    const code = shared.map((source, i) => `import * as m${i} from '${source}';`).join('\n') + `\nexport default [${shared.map((_, i) => `m${i}`).join(', ')}];\n`;
    expect(await lint('client/src/features/chat/components/probe.tsx', code)).toEqual([]);
    const page = `import * as a from '${alias(aSource('client/src/features/files'))}';\nimport * as b from '${alias(own)}';\nexport default [a, b];\n`;
    expect(await lint('client/src/app/routes/probe.tsx', page)).toEqual([]);
  });

  it('keeps lib/ and components/ below the features, and the features below app/', async () => {
    const rules = async (probe: string, target: string) =>
      (await lint(probe, `import * as x from '${alias(target)}';\nexport default x;\n`)).map((m) => m.rule);
    const refused = ['import-x/no-restricted-paths'];
    expect(await rules('client/src/lib/probe.ts', aSource('client/src/features/files'))).toEqual(refused);
    expect(await rules('client/src/lib/probe.ts', aSource('client/src/components'))).toEqual(refused);
    expect(await rules('client/src/components/probe.tsx', aSource('client/src/app'))).toEqual(refused);
    expect(await rules('client/src/features/chat/probe.tsx', aSource('client/src/app'))).toEqual(refused);
    expect(await rules('client/src/components/probe.tsx', aSource('client/src/lib'))).toEqual([]);
  });

  it('refuses server/ from the client', async () => {
    const probe = 'client/src/lib/probe.ts';
    expect(await lint(probe, `import * as x from '${relativeImport(probe, existing('server/config'))}';\nexport default x;\n`)).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('client/ and server/ never import each other') },
    ]);
  });
});

describe('client query keys', () => {
  const RETYPED = {
    rule: 'no-restricted-syntax',
    message: "Take the key from the endpoint's queryOptions (xQueryOptions().queryKey) or the root key exported beside them, instead of retyping it (STYLE 10).",
  };

  it('refuses a key retyped where the query client invalidates, removes or writes a query', async () => {
    const code = [
      "import { QueryClient } from '@tanstack/react-query';",
      'const queryClient = new QueryClient();',
      "void queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] });",
      "queryClient.removeQueries({ queryKey: ['conversation', 'c1'] });",
      "queryClient.setQueryData(['profile'], null);",
      '',
    ].join('\n');
    expect(await lint('client/src/features/profile/api/probe.ts', code)).toEqual([RETYPED, RETYPED, RETYPED]);
  });

  it("allows the key where the endpoint's queryOptions define it, and keys taken from them", async () => {
    const code = [
      "import { QueryClient, queryOptions } from '@tanstack/react-query';",
      "export const PROBE_ROOT_KEY = ['probe'] as const;",
      "export const probeQueryOptions = (id: string) => queryOptions({ queryKey: [...PROBE_ROOT_KEY, id], queryFn: () => id });",
      'const queryClient = new QueryClient();',
      "void queryClient.invalidateQueries({ queryKey: probeQueryOptions('a').queryKey });",
      'void queryClient.invalidateQueries({ queryKey: PROBE_ROOT_KEY });',
      "queryClient.setQueryData(probeQueryOptions('a').queryKey, 'a');",
      '',
    ].join('\n');
    expect(await lint('client/src/features/personas/api/probe.ts', code)).toEqual([]);
  });
});

describe('server/', () => {
  const testApp = existing('tests/support/test-app');

  it('refuses tests/ and client/ in server code', async () => {
    const probe = 'server/modules/probe/probe.service.ts';
    expect(await lint(probe, `import * as x from '${relativeImport(probe, testApp)}';\nexport default x;\n`)).toEqual([
      { rule: 'import-x/no-restricted-paths', message: 'Unexpected path "../../../tests/support/test-app" imported in restricted zone. server/ never imports tests/: pass what a test needs as an option of buildApp.' },
    ]);
    expect(await lint(probe, `import * as x from '${alias(aSource('client/src/lib'))}';\nexport default x;\n`)).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('server/ and client/ never import each other') },
    ]);
  });

  it("refuses another module's repository, and allows its service and the module's own repository", async () => {
    const probe = 'server/modules/chat/probe.service.ts';
    const othersRepository = relativeImport(probe, aSource('server/modules/auth', /\.repository\.ts$/));
    expect(await lint(probe, `import * as x from '${othersRepository}';\nexport default x;\n`)).toEqual([
      { rule: 'import-x/no-restricted-paths', message: `Unexpected path "${othersRepository}" imported in restricted zone. A module never imports another module's repository: call its service.` },
    ]);
    const allowed = [aSource('server/modules/files', /\.service\.ts$/), aSource('server/modules/chat', /\.repository\.ts$/)].map((t) => relativeImport(probe, t));
    expect(await lint(probe, `import * as a from '${allowed[0]}';\nimport * as b from '${allowed[1]}';\nexport default [a, b];\n`)).toEqual([]);
  });

  it('keeps lib/, db/, adapters/ and plugins/ below the modules', async () => {
    const rules = async (probe: string, target: string) =>
      (await lint(probe, `import * as x from '${relativeImport(probe, target)}';\nexport default x;\n`)).map((m) => m.rule);
    const refused = ['import-x/no-restricted-paths'];
    const aService = aSource('server/modules/files', /\.service\.ts$/);
    expect(await rules('server/lib/probe.ts', existing('server/config'))).toEqual(refused);
    expect(await rules('server/db/probe.ts', aService)).toEqual(refused);
    // server/lib/ is the floor: it imports nothing else of server/, so db/ may build on it (the database's worker entry, pglite-remote.ts).
    expect(await rules('server/db/probe.ts', aSource('server/lib'))).toEqual([]);
    expect(await rules('server/adapters/probe.ts', aService)).toEqual(refused);
    expect(await rules('server/plugins/probe.ts', aService)).toEqual(refused);
    expect(await rules('server/plugins/probe.ts', aSource('server/lib'))).toEqual([]);
  });

  it('lets an API test beside the code use tests/support', async () => {
    const probe = 'server/modules/probe/probe.routes.test.ts';
    expect(await lint(probe, `import * as x from '${relativeImport(probe, testApp)}';\nexport default x;\n`)).toEqual([]);
  });
});

describe('contract/', () => {
  it('refuses anything of the project outside contract/', async () => {
    for (const target of [existing('server/config'), aSource('client/src/lib'), existing('tests/support/test-app')]) {
      const source = relativeImport('contract/probe.ts', target);
      expect(await lint('contract/probe.ts', `import * as x from '${source}';\nexport default x;\n`)).toEqual([
        { rule: 'import-x/no-restricted-paths', message: `Unexpected path "${source}" imported in restricted zone. contract/ imports nothing else of the project.` },
      ]);
    }
  });

  it('allows zod and other contract files', async () => {
    existing('contract/plan-catalogue');
    expect(await lint('contract/probe.ts', `import { z } from 'zod';\nimport { PLAN_IDS } from './plan-catalogue';\nexport const s = z.enum(PLAN_IDS);\n`)).toEqual([]);
  });
});

describe('import cycles', () => {
  it('refuses a value import that closes a circle (plans.ts imports plan-catalogue.ts)', async () => {
    expect(await lint('contract/plan-catalogue.ts', `import { planIdSchema } from './plans';\nexport const PLAN_IDS = ['starter'] as const;\nexport const s = planIdSchema;\n`)).toEqual([
      { rule: 'import-x/no-cycle', message: 'Dependency cycle detected' },
    ]);
  });
});
