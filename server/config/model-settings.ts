import { z } from 'zod';
import { booleanFlag, emptyAsUndefined, optionalString, optionalUrl } from './fields';

/**
 * A model reference `<provider>:<model id>`, e.g. `ollama:llama3.2` (model ids may contain colons),
 * or `local:<path to a .gguf file>` for a model Genie runs itself (server/adapters/llm/local).
 */
const modelRef = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(
      /^(openai|anthropic|xai|venice|ollama|openai-compatible|local):.+$/,
      'must be <provider>:<model id> with provider openai, anthropic, xai, venice, ollama, openai-compatible or local',
    )
    .optional(),
);
/** A model's context size in tokens; smaller than 512 would not hold Genie's own instructions. */
const contextTokens = z.preprocess(
  emptyAsUndefined,
  z.coerce.number({ error: 'must be a number of tokens' }).int('must be a whole number of tokens').min(512, 'must be at least 512 tokens').optional(),
);

/** "<in>,<out>": USD per million prompt and completion tokens, each a number of at least 0. */
const modelPrice = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^\s*\d+(\.\d+)?\s*,\s*\d+(\.\d+)?\s*$/, 'must be "<in>,<out>" in USD per million tokens, e.g. 0.15,0.60')
    .transform((v) => {
      const [input, output] = v.split(',').map((part) => Number(part.trim()));
      return { inPerMillion: input!, outPerMillion: output! };
    })
    .optional(),
);

/** The models: each persona's, embeddings and images, the providers' keys, a local model and chat's limits. */
export const modelSettings = {
  // ── models (server/adapters/llm/catalogue.ts; README "Connecting a model provider") ──
  /**
   * The embedding model passages get vectors from (hybrid retrieval, README "Search your
   * documents"): openai:<id>, ollama:<id>, openai-compatible:<id> (any /v1/embeddings), or local:<path>
   * once the local runtime is wired (server/adapters/llm/embeddings.ts). Unset: full-text search alone.
   */
  GENIE_EMBEDDING_MODEL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^(openai|ollama|openai-compatible|local):.+$/, 'must be <provider>:<model id> with provider openai, ollama, openai-compatible or local').optional(),
  ),
  /** Characters of a passage (after its file name and heading) sent to be embedded: ~400 tokens of English; lower it for a model with a small context. */
  GENIE_EMBEDDING_MAX_CHARS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(100_000).default(1500)),
  /** Each persona's model as `<provider>:<model id>`; unset picks a default from the keys given. */
  GENIE_MODEL_DEFAULT: modelRef,
  GENIE_MODEL_GINO: modelRef,
  GENIE_MODEL_GINA: modelRef,
  GENIE_MODEL_G: modelRef,
  /** What "Powered by …" says for each persona; unset shows a clean form of the model id (model-names.ts). */
  GENIE_MODEL_LABEL_DEFAULT: optionalString,
  GENIE_MODEL_LABEL_GINO: optionalString,
  GENIE_MODEL_LABEL_GINA: optionalString,
  GENIE_MODEL_LABEL_G: optionalString,
  /**
   * Each persona's model price in USD per million tokens, "<in>,<out>" (e.g. "0.15,0.60"), for the
   * team's usage and cost (issue 43); unset counts tokens at no cost.
   */
  MODEL_PRICE_DEFAULT: modelPrice,
  MODEL_PRICE_GINO: modelPrice,
  MODEL_PRICE_GINA: modelPrice,
  MODEL_PRICE_G: modelPrice,
  /**
   * Each persona's model context size in tokens (prompt and reply together); unset uses the
   * provider's usual size (catalogue.ts DEFAULT_CONTEXT_TOKENS), or less once the provider reports less.
   */
  GENIE_MODEL_CONTEXT_DEFAULT: contextTokens,
  GENIE_MODEL_CONTEXT_GINO: contextTokens,
  GENIE_MODEL_CONTEXT_GINA: contextTokens,
  GENIE_MODEL_CONTEXT_G: contextTokens,
  /** The image model for generateImage, `<provider>:<model id>`; unset means image generation is off. */
  GENIE_IMAGE_MODEL: modelRef,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  XAI_API_KEY: optionalString,
  XAI_BASE_URL: optionalUrl,
  VENICE_API_KEY: optionalString,
  VENICE_BASE_URL: optionalUrl,
  OLLAMA_API_KEY: optionalString,
  /** Ollama's OpenAI-compatible address, /v1 included (default http://127.0.0.1:11434/v1 when named). */
  OLLAMA_BASE_URL: optionalUrl,
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  /** Any /v1/chat/completions server (vLLM, LM Studio, llama.cpp server, OpenRouter), /v1 included. */
  OPENAI_COMPATIBLE_BASE_URL: optionalUrl,
  // ── a model inside Genie (`local:<path.gguf>`; server/adapters/llm/local; README "Fully local") ──
  /** CPU threads llama.cpp computes with; one fewer than the physical cores (at least 1) by default. */
  LOCAL_MODEL_THREADS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(256).optional()),
  /** The local model's context in tokens; the size it was trained with (read from the file) by default. */
  LOCAL_MODEL_CONTEXT: contextTokens,
  /**
   * Which llama.cpp build local models run on: auto (Metal on a Mac; CUDA or Vulkan when that build
   * is installed and a GPU answers; else the CPU), cuda, vulkan, metal, or off (the CPU). A GPU
   * named but unusable falls back to the CPU with one log line (llama-gpu.ts; README "Fully local").
   */
  LOCAL_MODEL_GPU: z.preprocess(emptyAsUndefined, z.enum(['auto', 'cuda', 'vulkan', 'metal', 'off']).default('auto')),
  /**
   * Replies the local model writes at once (sequences of one context, decoded in one batch);
   * from memory and cores by default (local-settings.ts), at most 16.
   */
  LOCAL_MODEL_PARALLEL: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(16).optional()),
  /** Load the local model while starting (start fails if it cannot load); otherwise on the first chat. */
  LOCAL_MODEL_PRELOAD: booleanFlag,
  /** Replies that may wait while the local model writes another; one more is answered 429 at once. */
  LOCAL_MODEL_QUEUE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000).default(8)),
  /**
   * Of those, the replies one account may have waiting; one more of its own is answered 429 while
   * other accounts still get in (generation-queue.ts). Waiting replies are served account by account.
   */
  LOCAL_MODEL_QUEUE_PER_ACCOUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000).default(2)),
  /**
   * Whether a new conversation's title is written by its persona's model (one short call after the
   * first reply; chat-title-model.ts). Off keeps the keyword titles, and saves the call.
   */
  GENIE_MODEL_TITLES: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1')),
  /** A provider that sends nothing for this long (before or between tokens) is cut off. */
  MODEL_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(60_000)),
  /** Chat messages a user may send per minute. */
  CHAT_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(20)),
  /** Chat messages per UTC day for free and for premium users. */
  CHAT_DAILY_MESSAGES_FREE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(100)),
  CHAT_DAILY_MESSAGES_PREMIUM: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(2000)),
};
