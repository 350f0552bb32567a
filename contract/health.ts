import { z } from 'zod';

export const checkStatusSchema = z.enum(['ok', 'down', 'offline']);

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  checks: z.object({
    database: checkStatusSchema,
    storage: checkStatusSchema,
    models: checkStatusSchema,
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
