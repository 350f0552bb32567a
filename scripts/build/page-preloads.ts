import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * The chunks of the page a visitor opens, asked for by the HTML itself instead of after the app's
 * first script has run (issue 19: /files' chunks waited ~100 ms behind client.js's download and
 * evaluation, and then behind each other's imports). A small classic script in <head> adds a
 * `<link rel="modulepreload">` for each chunk of the opened path, with their static imports, so
 * they download beside client.js. It is an external, hashed file: the CSP allows no inline script.
 *
 * The table names the modules app/router.tsx loads for each path (loadOpenedPage); a module that
 * is renamed is reported here at build time rather than silently preloading nothing.
 */
const QUERY_SHELL = 'client/src/app/query-shell.tsx';
const REQUIRE_AUTH = 'client/src/features/auth/components/require-auth.tsx';
const FIRST_DATA = 'client/src/app/first-data.ts';
const signedIn = (page: string) => [QUERY_SHELL, REQUIRE_AUTH, FIRST_DATA, `client/src/app/routes/${page}.tsx`];
export const PAGE_MODULES: Record<string, string[]> = {
  '/': ['client/src/app/routes/landing.tsx'],
  '/chat': signedIn('chat'),
  '/files': signedIn('files'),
  '/profile': signedIn('profile'),
  '/team': signedIn('team'),
};

interface Chunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
}

export function pagePreloads(): Plugin {
  return {
    name: 'genie-page-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is typeof item & Chunk => item.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        // The entry and what it imports are preloaded by the HTML already.
        const inHtml = new Set<string>();
        const addAll = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of (bundle[fileName] as Chunk | undefined)?.imports ?? []) addAll(imported, into);
        };
        if (entry) addAll(entry.fileName, inHtml);
        const table: Record<string, string[]> = {};
        for (const [path, modules] of Object.entries(PAGE_MODULES)) {
          const files = new Set<string>();
          for (const module of modules) {
            const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
            if (!chunk) this.error(`page-preloads: no chunk is built from ${module} (named for ${path})`);
            addAll(chunk.fileName, files);
          }
          table[path] = [...files].filter((f) => !inHtml.has(f)).map((f) => `/${f}`);
        }
        const source =
          `// Written at build time by scripts/build/page-preloads.ts.\n` +
          `(function () {\n  var chunks = ${JSON.stringify(table)}[location.pathname.replace(/\\/$/, '') || '/'] || [];\n` +
          `  for (var i = 0; i < chunks.length; i++) {\n    var link = document.createElement('link');\n` +
          `    link.rel = 'modulepreload';\n    link.crossOrigin = '';\n    link.href = chunks[i];\n    document.head.appendChild(link);\n  }\n})();\n`;
        const fileName = `assets/page-preloads-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset' || typeof html.source !== 'string' || !html.source.includes('<script type="module"')) {
          this.error('page-preloads: index.html with its module script is not in the bundle');
        }
        // Before the entry's module script, so the links go out in the same breath as client.js.
        html.source = html.source.replace('<script type="module"', `<script src="/${fileName}"></script>\n    <script type="module"`);
      },
    },
  };
}
