import { z } from 'zod';
import { billingProblems, billingSettings } from './config/billing-settings';
import { filesProblems, filesSettings } from './config/files-settings';
import { modelSettings } from './config/model-settings';
import { serverSettings } from './config/server-settings';
import { signInProblems, signInSettings } from './config/sign-in-settings';
import { toolSettings } from './config/tool-settings';

/**
 * The environment, parsed once at start. Nothing else reads process.env: every setting the
 * product has is named in server/config/, one file per area, with its default, so a bad value
 * fails fast with its name.
 */
export const configSchema = z.object({
  ...serverSettings,
  ...billingSettings,
  ...signInSettings,
  ...filesSettings,
  ...modelSettings,
  ...toolSettings,
});

export type Config = z.infer<typeof configSchema>;

/** Settings that are only valid together (zod's object parse checks each one alone). */
function crossChecks(config: Config): string[] {
  return [...signInProblems(config), ...billingProblems(config), ...filesProblems(config)];
}

export class ConfigError extends Error {}

/** Parses the environment, naming every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = crossChecks(parsed.data);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return parsed.data;
}
