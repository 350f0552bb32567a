import type { PersonaId } from '@contract/personas';
import type { Config } from './config';

/**
 * Settings that come once per persona, named `<PREFIX>_<PERSONA>` (GENIE_MODEL_GINO,
 * MODEL_PRICE_G, …): one place that turns a persona into its setting's name, where each reader
 * of such a setting kept a table of four names of its own.
 */
const SUFFIX = { default: 'DEFAULT', gino: 'GINO', gina: 'GINA', g: 'G' } as const satisfies Record<PersonaId, string>;

/** Each per-persona setting's value, as config.ts parses it (the same schema for every persona). */
interface PersonaSettingValue {
  GENIE_MODEL: Config['GENIE_MODEL_DEFAULT'];
  GENIE_MODEL_LABEL: Config['GENIE_MODEL_LABEL_DEFAULT'];
  GENIE_MODEL_CONTEXT: Config['GENIE_MODEL_CONTEXT_DEFAULT'];
  MODEL_PRICE: Config['MODEL_PRICE_DEFAULT'];
}
export type PersonaSettingPrefix = keyof PersonaSettingValue;

// Every prefix with every persona names a setting of config.ts: a missing one fails to compile here.
type MissingSettings = Exclude<`${PersonaSettingPrefix}_${(typeof SUFFIX)[PersonaId]}`, keyof Config>;
const everySettingExists: [MissingSettings] extends [never] ? true : MissingSettings = true;
void everySettingExists;

export const personaSettingKey = (prefix: PersonaSettingPrefix, persona: PersonaId) => `${prefix}_${SUFFIX[persona]}` as keyof Config;

/** A persona's value of a per-persona setting. */
export function personaSetting<P extends PersonaSettingPrefix>(config: Config, prefix: P, persona: PersonaId): PersonaSettingValue[P] {
  // The cast holds by MissingSettings above and by config.ts giving each prefix one schema.
  return config[personaSettingKey(prefix, persona)] as PersonaSettingValue[P];
}
