import { PERSONA_IDS, type PersonaId } from '@contract/personas';
import type { Config } from '../../config';
import { personaSetting } from '../../persona-settings';
import { localContextTokens } from './local/local-models';

/**
 * Which model answers for each persona, decided once from the configuration.
 *
 * 1. `GENIE_MODEL_<PERSONA>` when its provider is configured;
 * 2. else the persona's own provider (default→venice, gino→openai, gina→anthropic, g→xai) with
 *    its default model, when that provider has a key;
 * 3. else any configured model (the other personas' explicit choices first, then keyed providers);
 * 4. else null: the offline engine answers.
 */

export const PROVIDERS = ['openai', 'anthropic', 'xai', 'venice', 'ollama', 'openai-compatible', 'local'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ModelChoice {
  provider: ProviderName;
  modelId: string;
}

/** `<provider>:<model id>`: what users see as "Powered by" and what messages.model stores. */
export const modelLabel = (choice: ModelChoice) => `${choice.provider}:${choice.modelId}`;

const PERSONA_PROVIDER: Record<PersonaId, ProviderName> = {
  default: 'venice',
  gino: 'openai',
  gina: 'anthropic',
  g: 'xai',
};

/** Models used when only a key is given. Ollama and generic servers have no default: name one. */
export const DEFAULT_MODEL_IDS: Partial<Record<ProviderName, string>> = {
  venice: 'llama-3.3-70b',
  openai: 'gpt-4o',
  anthropic: 'claude-sonnet-4-5',
  xai: 'grok-3',
};

/**
 * The context size assumed for a provider's models when GENIE_MODEL_CONTEXT_<PERSONA> is unset:
 * the default models' sizes for the hosted providers (the smallest where sizes differ), and for
 * self-hosted servers a size most current local models reach (Ollama's own default num_ctx is
 * 4096, and it cuts an overlong prompt silently rather than refusing it). A provider that refuses
 * a prompt and reports its real size teaches Genie that size (context-budget.ts).
 */
export const DEFAULT_CONTEXT_TOKENS: Record<ProviderName, number> = {
  openai: 128_000,
  anthropic: 200_000,
  xai: 131_072,
  venice: 32_768,
  ollama: 4_096,
  'openai-compatible': 8_192,
  // Only a fallback: a local model's size is read from its file at start (localContextTokens).
  local: 4_096,
};

/** The context size in tokens of a persona's model: configured, or its provider's usual size. */
export function configuredContextTokens(config: Config, persona: PersonaId, choice: ModelChoice): number {
  const configured = personaSetting(config, 'GENIE_MODEL_CONTEXT', persona);
  if (choice.provider === 'local') return Math.min(configured ?? Infinity, localContextTokens(config, choice.modelId) ?? DEFAULT_CONTEXT_TOKENS.local);
  return configured ?? DEFAULT_CONTEXT_TOKENS[choice.provider];
}

export function parseModelRef(ref: string | undefined): ModelChoice | null {
  if (!ref) return null;
  const colon = ref.indexOf(':');
  const provider = ref.slice(0, colon) as ProviderName;
  const modelId = ref.slice(colon + 1);
  if (colon < 0 || !PROVIDERS.includes(provider) || !modelId) return null;
  return { provider, modelId };
}

/** True when the provider can be called: a key for hosted ones, an address for self-hosted ones. */
export function providerConfigured(config: Config, provider: ProviderName): boolean {
  switch (provider) {
    case 'openai':
      return Boolean(config.OPENAI_API_KEY);
    case 'anthropic':
      return Boolean(config.ANTHROPIC_API_KEY);
    case 'xai':
      return Boolean(config.XAI_API_KEY);
    case 'venice':
      return Boolean(config.VENICE_API_KEY);
    case 'ollama':
      // Ollama needs no key; naming it in a GENIE_MODEL_* variable uses its default local address.
      return Boolean(config.OLLAMA_BASE_URL) || explicitChoices(config).some((c) => c.provider === 'ollama');
    case 'openai-compatible':
      return Boolean(config.OPENAI_COMPATIBLE_BASE_URL);
    case 'local':
      // Nothing to reach: the file named is checked when Genie starts (local/prepare-local-models.ts).
      return true;
  }
}

function explicitChoices(config: Config): ModelChoice[] {
  return PERSONA_IDS.map((id) => parseModelRef(personaSetting(config, 'GENIE_MODEL', id))).filter(
    (c): c is ModelChoice => c !== null,
  );
}

export type ModelCatalogue = Record<PersonaId, ModelChoice | null>;

export function buildCatalogue(config: Config): ModelCatalogue {
  const usable = (c: ModelChoice | null) => (c && providerConfigured(config, c.provider) ? c : null);
  const keyed = (provider: ProviderName): ModelChoice | null => {
    const modelId = DEFAULT_MODEL_IDS[provider];
    return modelId && providerConfigured(config, provider) ? { provider, modelId } : null;
  };
  const fallbacks = [
    ...explicitChoices(config).map(usable),
    ...(['venice', 'openai', 'anthropic', 'xai'] as const).map(keyed),
  ].filter((c): c is ModelChoice => c !== null);

  const catalogue = {} as ModelCatalogue;
  for (const id of PERSONA_IDS) {
    catalogue[id] =
      usable(parseModelRef(personaSetting(config, 'GENIE_MODEL', id))) ??
      keyed(PERSONA_PROVIDER[id]) ??
      fallbacks[0] ??
      null;
  }
  return catalogue;
}

/** The image model, when GENIE_IMAGE_MODEL names a configured provider that can draw. */
export function imageModelChoice(config: Config): ModelChoice | null {
  const choice = parseModelRef(config.GENIE_IMAGE_MODEL);
  if (!choice || choice.provider === 'anthropic' || choice.provider === 'local') return null;
  return providerConfigured(config, choice.provider) || choice.provider === 'ollama' ? choice : null;
}

/** Providers whose chat models take images as input; others get the image named in text. */
export const VISION_PROVIDERS: readonly ProviderName[] = ['openai', 'anthropic', 'xai'];

/**
 * Providers Genie offers MCP tools to (issue 40): every one. The servers it reads through its own
 * chat-completions stream, the hosted providers through their SDK (sdk-tools.ts), and a local
 * model through node-llama-cpp's function calling (local/local-language-model.ts, issue 45).
 */
export const TOOL_PROVIDERS: readonly ProviderName[] = PROVIDERS;
