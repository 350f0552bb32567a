import { ConfigError } from '../../server/config';

/** An error class whose message is a sentence for the operator (no stack needed). */
type SentenceError = abstract new (...args: never[]) => Error;

/**
 * Runs a command-line script's `main` (npm run admin, user, backup, restore): a settings error or
 * one of `sentences` prints its message alone; anything else prints whole. Either exits 1.
 */
export function runCommand(main: () => Promise<void>, sentences: readonly SentenceError[]): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError || sentences.some((kind) => error instanceof kind)) console.error((error as Error).message);
    else console.error(error);
    process.exit(1);
  });
}
