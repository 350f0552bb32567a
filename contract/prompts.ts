import { z } from 'zod';
import { sharingScopeSchema, type SharingScope } from './projects';

export type { SharingScope };

/** Issue 42: the prompt library. A saved prompt has a title and a body with {{placeholders}}. */

export const PROMPT_TITLE_MAX_CHARS = 120;
export const PROMPT_BODY_MAX_CHARS = 20_000;

const titleSchema = z
  .string({ error: 'A title must be text' })
  .trim()
  .min(1, 'A prompt needs a title')
  .max(PROMPT_TITLE_MAX_CHARS, `A title may be at most ${PROMPT_TITLE_MAX_CHARS} characters`);
const bodySchema = z
  .string({ error: 'A prompt must be text' })
  .min(1, 'A prompt cannot be empty')
  .max(PROMPT_BODY_MAX_CHARS, `A prompt may be at most ${PROMPT_BODY_MAX_CHARS} characters`)
  .refine((body) => body.trim() !== '', 'A prompt cannot be empty');

export const promptCreateSchema = z.object({ title: titleSchema, body: bodySchema, scope: sharingScopeSchema.default('private') });
export type PromptCreate = z.output<typeof promptCreateSchema>;

export const promptPatchSchema = z
  .object({ title: titleSchema.optional(), body: bodySchema.optional(), scope: sharingScopeSchema.optional() })
  .refine((b) => b.title !== undefined || b.body !== undefined || b.scope !== undefined, { message: 'Send a title, body or scope', path: ['title'] });
export type PromptPatch = z.output<typeof promptPatchSchema>;

export const savedPromptSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  scope: sharingScopeSchema,
  /** The placeholders of the body, in order of first use, without repeats. */
  placeholders: z.array(z.string()),
  createdBy: z.string(),
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedPrompt = z.infer<typeof savedPromptSchema>;
export const promptListSchema = z.object({ prompts: z.array(savedPromptSchema) });
export const promptIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a prompt id' }) });

/** A placeholder: {{name}}, the name being letters, digits, spaces, _ or - (at most 60 characters). */
const PLACEHOLDER = /\{\{\s*([\p{L}\p{N} _-]{1,60}?)\s*\}\}/gu;

/** The names of a body's placeholders, in order of first use, each once. */
export function placeholdersOf(body: string): string[] {
  const names: string[] = [];
  for (const match of body.matchAll(PLACEHOLDER)) {
    const name = match[1]!.trim();
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The body with each placeholder replaced by its value (a placeholder with no value is kept as typed). */
export function fillPlaceholders(body: string, values: Record<string, string>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name.trim()];
    return value === undefined ? whole : value;
  });
}
