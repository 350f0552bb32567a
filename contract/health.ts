import { z } from 'zod';

export const checkStatusSchema = z.enum(['ok', 'down', 'offline']);

/** A model Genie runs itself (`local:<file.gguf>`), as /api/health and the admin System tab report it. */
export const localModelHealthSchema = z.object({
  /** The file's name, without its directory. */
  file: z.string(),
  /** `not_loaded`: loads on the first chat (LOCAL_MODEL_PRELOAD loads it at start). */
  state: z.enum(['not_loaded', 'loading', 'loaded', 'failed']),
  contextSize: z.number().int(),
  threads: z.number().int(),
  /** Tokens written per second of writing, over the replies of the last minute; null with none. */
  tokensPerSecond: z.number().nullable(),
  /** Memory its weights and context take, in bytes (0 until loaded). */
  memoryBytes: z.number().int(),
  /** Replies being written and waiting their turn. */
  running: z.number().int(),
  waiting: z.number().int(),
});
export type LocalModelHealth = z.infer<typeof localModelHealthSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  checks: z.object({
    database: checkStatusSchema,
    /**
     * `low`: the disk holding DATA_DIR is nearly full (under 5% or 500 MB free). `full`: under
     * 17 MB free; uploads, chats and indexing answer 507 until space is freed, reads go on.
     */
    storage: z.enum(['ok', 'low', 'full', 'down']),
    models: checkStatusSchema,
  }),
  /** The disk holding DATA_DIR (embedded database, local files, session secret); absent when it cannot be measured. */
  disk: z.object({ freeBytes: z.number().int(), totalBytes: z.number().int(), status: z.enum(['ok', 'low', 'full']) }).optional(),
  /** Present when a persona runs a local model. */
  localModels: z.array(localModelHealthSchema).optional(),
  /** This process's resident memory in bytes; present with localModels (a model is most of it). */
  memoryRssBytes: z.number().int().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
