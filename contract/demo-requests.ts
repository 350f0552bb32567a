import { z } from 'zod';
import { USE_CASES } from './use-cases';

export { USE_CASES } from './use-cases';

export const useCaseSchema = z.enum(USE_CASES.map((u) => u.value) as [string, ...string[]], {
  error: 'Choose one of the six use cases',
});

export const demoRequestStatusSchema = z.enum(['new', 'contacted', 'qualified']);
export type DemoRequestStatus = z.infer<typeof demoRequestStatusSchema>;

/** Public form of SPEC §5: name required, email required and of email type, a use case of six. */
export const createDemoRequestBodySchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name is too long'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(254, 'Email is too long')
    .pipe(z.email({ error: 'Enter a valid email address' })),
  usecase: useCaseSchema,
});
export type CreateDemoRequestBody = z.infer<typeof createDemoRequestBodySchema>;

export const demoRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  usecase: z.string(),
  notes: z.string().nullable(),
  status: demoRequestStatusSchema,
  createdAt: z.string(),
});
export type DemoRequest = z.infer<typeof demoRequestSchema>;

export const updateDemoRequestBodySchema = z.object({
  status: demoRequestStatusSchema,
  notes: z.string().max(2000).optional(),
});

/** SPEC §4: the fixed notes the admin buttons send. */
export const DEMO_STATUS_NOTES = { contacted: 'Contacted via email', qualified: 'Qualified prospect' } as const;
