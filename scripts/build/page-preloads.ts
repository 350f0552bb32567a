import type { Plugin } from 'vite';

/**
 * The chunks of the page a visitor opens, named in that page's HTML instead of asked for after the
 * app's first script has run (issue 19: /files' chunks waited ~100 ms behind client.js's download
 * and evaluation, and then behind each other's imports). For each path below the build writes
 * `pages/<path>.html` (`pages/index.html` for `/`): index.html with a `<link rel="modulepreload">`
 * for each of the page's chunks and their static imports. The server sends that file for its path
 * (server/plugins/static-client.ts), so the browser's preload scanner asks for them with client.js.
 * (A script in <head> once added the links: a request of its own on every page, parser-blocking,
 * whose links went out only when it had arrived, ~60 ms after client.js's.)
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
  moduleIds: string[];
  imports: string[];
  isEntry: boolean;
}

/** Where the build writes a page's HTML (static-client.ts reads the names back): `pages/index.html` for `/`, `pages/chat.html` for `/chat`. */
const pageHtmlFileOf = (path: string) => `pages/${path === '/' ? 'index' : path.slice(1)}.html`;

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
            // The chunk built from the module, or the group chunk (vite.config.ts) it was put in.
            const chunk =
              chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module)) ??
              chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)));
            if (!chunk) this.error(`page-preloads: no chunk is built from ${module} (named for ${path})`);
            addAll(chunk.fileName, files);
          }
          table[path] = [...files].filter((f) => !inHtml.has(f)).map((f) => `/${f}`);
        }
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset' || typeof html.source !== 'string' || !html.source.includes('</head>')) {
          this.error('page-preloads: index.html with its <head> is not in the bundle');
        }
        const headEnd = html.source.lastIndexOf('</head>');
        for (const [path, chunks] of Object.entries(table)) {
          const links = chunks.map((chunk) => `  <link rel="modulepreload" crossorigin href="${chunk}">\n`).join('');
          this.emitFile({ type: 'asset', fileName: pageHtmlFileOf(path), source: `${html.source.slice(0, headEnd)}${links}${html.source.slice(headEnd)}` });
        }
      },
    },
  };
}
