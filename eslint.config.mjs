// ESLint checks the rules of STYLE.md that a type check cannot: which folder may import which
// (STYLE 2), no import cycles, query keys taken from queryOptions (STYLE 10), and
// typescript-eslint's recommended rules. It runs without type information: a TypeScript 6
// program of the whole project costs ~25 s of CPU, too much for every `npm test`
// (typescript-eslint cannot use TypeScript 7's compiler yet, so `typescript` is the 6.0
// compatibility package; `tsc` is TypeScript 7, under @typescript/native).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The folders directly inside `dir` (relative to the root): a new one is covered without editing this file. */
const foldersOf = (dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Zones for import-x/no-restricted-paths, paths relative to the repository root. The layers are
// the ones each folder's README.md states.
const featureZones = foldersOf('client/src/features').map((feature) => ({
  target: `./client/src/features/${feature}`,
  from: './client/src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move the shared code to client/src/lib or client/src/components, or compose both in client/src/app.',
}));

const clientZones = [
  { target: './client', from: './server', message: 'client/ and server/ never import each other: share through contract/.' },
  { target: './client', from: './tests', message: 'client/ never imports tests/.' },
  { target: './client/src/features', from: './client/src/app', message: 'Features never import app/: the pages in app/ compose features.' },
  { target: './client/src/components', from: ['./client/src/features', './client/src/app'], message: 'components/ never imports features/ or app/.' },
  { target: './client/src/lib', from: ['./client/src/features', './client/src/components', './client/src/app'], message: 'lib/ never imports features/, components/ or app/.' },
];

// A module uses another through its service or exported helpers, never its repository.
const repositoryZones = foldersOf('server/modules').map((module) => ({
  target: `./server/modules/${module}`,
  from: [`${root}server/modules/*/*.repository.ts`],
  except: [`${root}server/modules/${module}/*`],
  message: "A module never imports another module's repository: call its service.",
}));

const serverZones = [
  { target: './server', from: './client', message: 'server/ and client/ never import each other: share through contract/.' },
  { target: './server', from: './tests', message: 'server/ never imports tests/: pass what a test needs as an option of buildApp.' },
  { target: './server/lib', from: './server', except: ['./lib'], message: 'server/lib/ imports nothing else of server/.' },
  { target: './server/adapters', from: ['./server/modules', './server/db', './server/plugins'], message: 'server/adapters/ never imports modules/, db/ or plugins/.' },
  { target: './server/plugins', from: './server/modules', message: 'server/plugins/ never imports modules/.' },
  { target: './server/db', from: './server', except: ['./db', './lib'], message: 'server/db/ imports drizzle, the database drivers, Node and server/lib/ only.' },
  ...repositoryZones,
];

const contractZones = [
  {
    target: './contract',
    from: '.',
    except: ['./contract', './node_modules'],
    message: 'contract/ imports nothing else of the project.',
  },
];

const restrictedPaths = (zones) => ['error', { basePath: root, zones }];

// STYLE 10: a query key is written once, in its endpoint's queryOptions (or as a root exported
// beside them). A key retyped where a query is invalidated, removed or written silently stops
// matching the day the endpoint changes it.
const queryClientMethods = '/^(invalidateQueries|removeQueries|refetchQueries|cancelQueries|resetQueries|getQueryData|setQueryData|ensureQueryData|getQueriesData|setQueriesData)$/';
const retypedKeyMessage = "Take the key from the endpoint's queryOptions (xQueryOptions().queryKey) or the root key exported beside them, instead of retyping it (STYLE 10).";
const retypedQueryKeys = [
  `CallExpression[callee.property.name=${queryClientMethods}] > ObjectExpression > Property[key.name='queryKey'] > ArrayExpression`,
  `CallExpression[callee.property.name=${queryClientMethods}] > ArrayExpression:first-child`,
].map((selector) => ({ selector, message: retypedKeyMessage }));

export default defineConfig(
  {
    ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', 'bench/.work/', 'server/db/migrations/'],
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.json` })],
      // Without these, import-x reads no .ts file it imports, so no-cycle sees no graph at all.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // tsc's noUnusedLocals already reports unused locals and imports, and this rule was 60% of
      // the lint time.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...featureZones, ...clientZones]),
      'no-restricted-syntax': ['error', ...retypedQueryKeys],
    },
  },
  {
    files: ['server/**/*.ts'],
    // API tests beside the code build the app through tests/support/test-app.ts, as the test guide says.
    ignores: ['server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(serverZones) },
  },
  {
    files: ['contract/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(contractZones) },
  },
);
