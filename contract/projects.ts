import { z } from 'zod';
import { conversationSummarySchema } from './conversations';

/**
 * Issue 42: projects. A project groups conversations and carries instructions (added to the
 * persona's system prompt) and pinned files and folders ("Search my files" inside it searches
 * those by default). Private, or shared with the caller's team.
 */

export const PROJECT_NAME_MAX_CHARS = 120;
export const PROJECT_INSTRUCTIONS_MAX_CHARS = 8_000;
export const PROJECT_PINS_MAX = 50;

export const sharingScopeSchema = z.enum(['private', 'team'], { error: 'scope must be private or team' });
export type SharingScope = z.infer<typeof sharingScopeSchema>;

const nameSchema = z
  .string({ error: 'A name must be text' })
  .trim()
  .min(1, 'A project needs a name')
  .max(PROJECT_NAME_MAX_CHARS, `A project name may be at most ${PROJECT_NAME_MAX_CHARS} characters`);
const instructionsSchema = z
  .string({ error: 'Instructions must be text' })
  .max(PROJECT_INSTRUCTIONS_MAX_CHARS, `Instructions may be at most ${PROJECT_INSTRUCTIONS_MAX_CHARS} characters`);
const fileIdsSchema = z.array(z.uuid({ error: 'fileIds must be file ids' })).max(PROJECT_PINS_MAX, `Pin at most ${PROJECT_PINS_MAX} files`);
const folderIdsSchema = z.array(z.uuid({ error: 'folderIds must be folder ids' })).max(PROJECT_PINS_MAX, `Pin at most ${PROJECT_PINS_MAX} folders`);

/** POST /api/projects */
export const projectCreateSchema = z.object({
  name: nameSchema,
  instructions: instructionsSchema.default(''),
  scope: sharingScopeSchema.default('private'),
  fileIds: fileIdsSchema.default([]),
  folderIds: folderIdsSchema.default([]),
});
export type ProjectCreate = z.output<typeof projectCreateSchema>;

/** PATCH /api/projects/:id: any of the fields. */
export const projectPatchSchema = z
  .object({
    name: nameSchema.optional(),
    instructions: instructionsSchema.optional(),
    scope: sharingScopeSchema.optional(),
    fileIds: fileIdsSchema.optional(),
    folderIds: folderIdsSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Send at least one field to change', path: ['name'] });
export type ProjectPatch = z.output<typeof projectPatchSchema>;

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  instructions: z.string(),
  scope: sharingScopeSchema,
  fileIds: z.array(z.string()),
  folderIds: z.array(z.string()),
  /** Who made it (a username), and whether the caller may change it. */
  createdBy: z.string(),
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({ projects: z.array(projectSchema) });
export type ProjectList = z.infer<typeof projectListSchema>;

export const projectIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a project id' }) });

/**
 * GET /api/projects/:id/conversations: the caller's own conversations in it, and (a team project)
 * the ones teammates shared; `mine` tells them apart.
 */
export const projectConversationSchema = conversationSummarySchema.extend({ mine: z.boolean(), owner: z.string() });
export const projectConversationsSchema = z.object({ conversations: z.array(projectConversationSchema) });
export type ProjectConversations = z.infer<typeof projectConversationsSchema>;
