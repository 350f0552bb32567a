import { placeholdersOf, type PromptCreate, type PromptPatch, type SavedPrompt } from '@contract/prompts';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordTeamEvent } from '../admin/audit-log';
import { promptsRepository as repo } from './prompts.repository';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findVisible>>>;

const toPrompt = (row: Row): SavedPrompt => ({
  id: row.id,
  title: row.title,
  body: row.body,
  scope: row.teamId ? 'team' : 'private',
  placeholders: placeholdersOf(row.body),
  createdBy: row.createdBy,
  canEdit: Boolean(row.canEdit),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The prompt library (issue 42), by the rules of projects: private or the team's; a team prompt
 * is changed by its creator and the team's owner and admins, and shared or unshared by its creator.
 */
export function createPromptsService(deps: { db: Db; clock: Clock; teamToShareWith: (userId: string) => Promise<string> }) {
  const { db, clock } = deps;

  async function visible(userId: string, id: string): Promise<Row> {
    const row = await repo.findVisible(db, userId, id);
    if (!row) throw notFound('That prompt');
    return row;
  }

  return {
    async list(userId: string): Promise<SavedPrompt[]> {
      return (await repo.listVisible(db, userId)).map(toPrompt);
    },

    async create(userId: string, body: PromptCreate): Promise<SavedPrompt> {
      const teamId = body.scope === 'team' ? await deps.teamToShareWith(userId) : null;
      const id = await repo.insert(db, { userId, teamId, title: body.title, body: body.body });
      if (teamId) await recordTeamEvent(db, { action: 'shared_with_team', actorUserId: userId, teamId, details: { what: 'prompt', id, name: body.title }, at: clock.now() });
      return toPrompt(await visible(userId, id));
    },

    async update(userId: string, id: string, patch: PromptPatch): Promise<SavedPrompt> {
      const row = await visible(userId, id);
      if (!row.canEdit) throw new AppError('forbidden', 'Only the prompt’s creator and the team’s owner and admins can change a team prompt.');
      const scope = row.teamId ? 'team' : 'private';
      const scopeChanges = patch.scope !== undefined && patch.scope !== scope;
      if (scopeChanges && row.userId !== userId) throw new AppError('forbidden', 'Only the prompt’s creator can change who it is shared with.');
      await repo.update(
        db,
        id,
        {
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.body !== undefined ? { body: patch.body } : {}),
          ...(scopeChanges ? { teamId: patch.scope === 'team' ? await deps.teamToShareWith(userId) : null } : {}),
        },
        clock.now(),
      );
      const updated = await visible(userId, id);
      if (scopeChanges) {
        const action = patch.scope === 'team' ? 'shared_with_team' : 'unshared_from_team';
        const teamId = (updated.teamId ?? row.teamId)!;
        await recordTeamEvent(db, { action, actorUserId: userId, teamId, details: { what: 'prompt', id, name: updated.title }, at: clock.now() });
      }
      return toPrompt(updated);
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await visible(userId, id);
      if (!row.canEdit) throw new AppError('forbidden', 'Only the prompt’s creator and the team’s owner and admins can delete a team prompt.');
      await repo.remove(db, id);
    },
  };
}

export type PromptsService = ReturnType<typeof createPromptsService>;
