import type { ImageModel } from 'ai';
import type { Config } from '../../config';
import { buildCatalogue, imageModelChoice, modelLabel, type ModelChoice } from './catalogue';
import { createLocalLanguageModel } from './local/local-language-model';
import { localRuntimeFor } from './local/local-models';
import { ChatCompletionsModel } from './chat-completions';
import type { ChatModel } from './model-stream';
import { retryingFetch } from './retrying-fetch';
import { loadAiSdk } from './ai-sdk';

export const VENICE_DEFAULT_BASE_URL = 'https://api.venice.ai/api/v1';
export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434/v1';

/**
 * One model object per process and choice, reused by every chat: a provider's model builds its zod
 * schema for stream chunks in its constructor, and zod compiles a schema on its first parse, so a
 * model made per request paid both on every chat (milliseconds of CPU before the first token).
 */
const languageModels = new WeakMap<Config, Map<string, Promise<ChatModel>>>();

export function languageModelFor(config: Config, choice: ModelChoice): Promise<ChatModel> {
  let models = languageModels.get(config);
  if (!models) languageModels.set(config, (models = new Map()));
  const key = modelLabel(choice);
  let model = models.get(key);
  if (!model) {
    model = createLanguageModel(config, choice);
    // A failed import is not kept: the next chat tries again.
    model.catch(() => models.delete(key));
    models.set(key, model);
  }
  return model;
}

/** The providers whose chat models come from the ai SDK's packages (ai-sdk.ts), not Genie's own code. */
const SDK_PROVIDERS: readonly ModelChoice['provider'][] = ['openai', 'anthropic', 'xai'];

/** True when a configured model (a persona's, or the images') is made by the ai SDK's packages. */
export function configNeedsAiSdk(config: Config): boolean {
  const image = imageModelChoice(config);
  return Object.values(buildCatalogue(config)).some((choice) => choice !== null && SDK_PROVIDERS.includes(choice.provider)) || (image !== null && image.provider !== 'local' && image.provider !== 'anthropic');
}

/**
 * The model for a catalogue choice. Every other server that speaks /v1/chat/completions is read
 * by Genie's own stream (chat-completions.ts says why; plain `openai(model)` would use the
 * Responses API, which such servers lack); the hosted providers with their own SDK package use
 * it, and OpenAI itself uses `.chat()` so a custom OPENAI_BASE_URL proxy also works.
 */
async function createLanguageModel(config: Config, choice: ModelChoice): Promise<ChatModel> {
  switch (choice.provider) {
    case 'openai': {
      const { createOpenAI } = await loadAiSdk();
      return createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, fetch: retryingFetch }).chat(choice.modelId);
    }
    case 'anthropic': {
      const { createAnthropic } = await loadAiSdk();
      return createAnthropic({ apiKey: config.ANTHROPIC_API_KEY, baseURL: config.ANTHROPIC_BASE_URL, fetch: retryingFetch })(choice.modelId);
    }
    case 'xai': {
      const { createXai } = await loadAiSdk();
      return createXai({ apiKey: config.XAI_API_KEY, baseURL: config.XAI_BASE_URL, fetch: retryingFetch }).chat(choice.modelId);
    }
    case 'venice':
    case 'ollama':
    case 'openai-compatible': {
      const { baseURL, apiKey } = compatibleSettings(config, choice.provider);
      return new ChatCompletionsModel(baseURL, choice.modelId, apiKey);
    }
    case 'local':
      return createLocalLanguageModel(localRuntimeFor(config, choice.modelId), choice.modelId);
  }
}

export async function imageModelFor(config: Config, choice: ModelChoice): Promise<ImageModel | null> {
  if (choice.provider === 'anthropic' || choice.provider === 'local') return null;
  const { createOpenAI, createXai, createOpenAICompatible } = await loadAiSdk();
  switch (choice.provider) {
    case 'openai':
      return createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, fetch: retryingFetch }).image(choice.modelId);
    case 'xai':
      return createXai({ apiKey: config.XAI_API_KEY, baseURL: config.XAI_BASE_URL, fetch: retryingFetch }).image(choice.modelId);
    case 'venice':
    case 'ollama':
    case 'openai-compatible':
      return createOpenAICompatible({ name: choice.provider, ...compatibleSettings(config, choice.provider), includeUsage: true, fetch: retryingFetch }).imageModel(choice.modelId);
  }
}

type CompatibleProvider = 'venice' | 'ollama' | 'openai-compatible';

function compatibleSettings(config: Config, provider: CompatibleProvider): { baseURL: string; apiKey: string | undefined } {
  return {
    venice: { baseURL: config.VENICE_BASE_URL ?? VENICE_DEFAULT_BASE_URL, apiKey: config.VENICE_API_KEY },
    ollama: { baseURL: config.OLLAMA_BASE_URL ?? OLLAMA_DEFAULT_BASE_URL, apiKey: config.OLLAMA_API_KEY },
    'openai-compatible': { baseURL: config.OPENAI_COMPATIBLE_BASE_URL ?? '', apiKey: config.OPENAI_COMPATIBLE_API_KEY },
  }[provider];
}

