import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type UserConfig } from 'vite';
import { FIRST_SCREEN_DIR, FIRST_SCREEN_FILE } from '../../contract/first-screen.ts';

/** The module the server loads to draw a page's first screen as HTML. */
const ENTRY = 'src/app/server-render.tsx';

/**
 * Where the client build puts its server-side render, under the build's own folder
 * (contract/first-screen.ts names both): the server never serves this folder
 * (server/plugins/static-client.ts) and loads the file from it (server/plugins/page-server-render.ts).
 */
const SERVER_RENDER_DIR = FIRST_SCREEN_DIR;
const SERVER_RENDER_FILE = FIRST_SCREEN_FILE;

/**
 * After the client build: the same client code built again for Node, for app/server-render.tsx
 * (the file manager's first screen as HTML). Every package is bundled in, React's production
 * build included: the build may be moved out of the project (CLIENT_DIR), where no node_modules
 * is found beside it, and with lucide-react left to node_modules Node would load its 1,600 icon
 * modules on the first render.
 */
export function serverRender(config: Pick<UserConfig, 'resolve'>): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'genie-server-render',
    apply: 'build',
    configResolved(resolved) {
      root = resolved.root;
      outDir = resolve(resolved.root, resolved.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        mode: 'production',
        // The icons and scripts of public/ are the browser's, served from the client build itself.
        publicDir: false,
        plugins: [react()],
        resolve: config.resolve,
        ssr: { noExternal: true },
        // React's production build, whatever the server's environment says (Node's packages read
        // NODE_ENV when they load; a Vite build for Node leaves it to them).
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          ssr: resolve(root, ENTRY),
          outDir: resolve(outDir, SERVER_RENDER_DIR),
          emptyOutDir: true,
          sourcemap: false,
          minify: false,
          rolldownOptions: { output: { entryFileNames: SERVER_RENDER_FILE } },
        },
      });
    },
  };
}
