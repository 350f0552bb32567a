import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { childEnv, loaderArgs, packageRootOf, siblingEntry } from '../../../lib/child-entry';

const ROOT = packageRootOf(import.meta.url);
export const PROCESS_ENTRY = siblingEntry(import.meta.url, 'local-model-process');
/** How much of the process's stderr is kept to say why it ended. */
const STDERR_TAIL_CHARS = 2_000;

/**
 * Starts the local model's process (local-model-process.ts), not holding the server's process
 * open; `why` says how it ended, with the last line it wrote to stderr.
 */
export function spawnModelProcess(entry: URL) {
  const entryPath = fileURLToPath(entry);
  // No secrets: the model's process needs nothing of the server's settings. It runs with the
  // Node options the server runs with (an operator's flags, the egress recorder of
  // tests/peers/local-model-process.test.ts with its log), as part of the same server.
  const child = spawn(process.execPath, [...loaderArgs(entryPath), entryPath], {
    cwd: ROOT,
    env: childEnv(['NODE_OPTIONS', 'GENIE_EGRESS_LOG']),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  // It keeps the server's process alive only while the server waits on it (awaiting()).
  child.unref();
  let stderrTail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  (child.stderr as Socket | null)?.unref();
  const why = (code: number | null, signal: NodeJS.Signals | null) =>
    `the local model's process ended (${signal ?? `exit code ${code}`})${stderrTail.trim() ? `: ${stderrTail.trim().split('\n').at(-1)}` : ''}`;
  return { child, why };
}
