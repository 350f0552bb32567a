import { existsSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How the server starts a child process of its own code (the extraction workers, the local model):
 * the entry file beside the caller's file (`.ts` when run from source, `.js` once compiled into
 * dist/server), the arguments that let Node run it, and an environment holding no secrets.
 */

/** `./<name>.ts` or `./<name>.js` beside the file at `callerUrl`, whichever the caller itself is. */
export function siblingEntry(callerUrl: string, name: string): URL {
  return new URL(`./${name}${extname(fileURLToPath(callerUrl))}`, callerUrl);
}

/** Node's arguments before the entry: TypeScript is loaded through tsx, compiled JavaScript as it is. */
export const loaderArgs = (entryPath: string): string[] => (entryPath.endsWith('.ts') ? ['--import', 'tsx'] : []);

/** The folder with package.json above `fileUrl`: the child's working directory, so tsx finds tsconfig.json. */
export function packageRootOf(fileUrl: string): string {
  let dir = dirname(fileURLToPath(fileUrl));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/**
 * A child's environment: what Node needs to run, and none of the server's settings (keys,
 * passwords). `alsoPass` names more of the server's variables the child is given as they are.
 */
export function childEnv(alsoPass: readonly string[] = []): Record<string, string> {
  const env: Record<string, string> = { NODE_ENV: process.env.NODE_ENV ?? 'production' };
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT', ...alsoPass]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
