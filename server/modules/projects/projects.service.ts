import type { Project, ProjectCreate, ProjectPatch } from '@contract/projects';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordTeamEvent } from '../admin/audit-log';
import { projectsRepository as repo } from './projects.repository';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findVisible>>>;

const toProject = (row: Row): Project => ({
  id: row.id,
  name: row.name,
  instructions: row.instructions,
  scope: row.teamId ? 'team' : 'private',
  fileIds: row.fileIds,
  folderIds: row.folderIds,
  createdBy: row.createdBy,
  canEdit: Boolean(row.canEdit),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What a chat inside a project is given: its instructions and its pinned files and folders. */
export interface ProjectContext {
  id: string;
  instructions: string;
  fileIds: string[];
  folderIds: string[];
}

const notAllowed = () => new AppError('forbidden', 'Only the project’s creator and the team’s owner and admins can change a team project.');

/**
 * Projects (issue 42). Anyone sees their private projects and their team's; a team project is
 * changed only by its creator and the team's owner and admins (403 for other members), and whether
 * it is shared is the creator's choice alone. Pinned files and folders must be ones the person
 * pinning them may read (404 otherwise, as for any file not theirs).
 */
export function createProjectsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function visible(userId: string, id: string): Promise<Row> {
    const row = await repo.findVisible(db, userId, id);
    if (!row) throw notFound('That project');
    return row;
  }

  async function checkPins(userId: string, fileIds: string[] | undefined, folderIds: string[] | undefined) {
    const fileSet = [...new Set(fileIds ?? [])];
    const folderSet = [...new Set(folderIds ?? [])];
    const counts = await repo.readableCounts(db, userId, fileSet, folderSet);
    if (counts.files !== fileSet.length) throw notFound('That file');
    if (counts.folders !== folderSet.length) throw notFound('That folder');
    return { fileIds: fileIds && fileSet, folderIds: folderIds && folderSet };
  }

  async function teamIdFor(userId: string): Promise<string> {
    const teamId = await repo.teamIdOf(db, userId);
    if (!teamId) throw new AppError('conflict', 'You are not in a team, so there is nobody to share this with.');
    return teamId;
  }

  return {
    async list(userId: string): Promise<Project[]> {
      return (await repo.listVisible(db, userId)).map(toProject);
    },

    async get(userId: string, id: string): Promise<Project> {
      return toProject(await visible(userId, id));
    },

    async create(userId: string, body: ProjectCreate): Promise<Project> {
      const pins = await checkPins(userId, body.fileIds, body.folderIds);
      const teamId = body.scope === 'team' ? await teamIdFor(userId) : null;
      const id = await repo.insert(db, {
        userId,
        teamId,
        name: body.name,
        instructions: body.instructions,
        fileIds: pins.fileIds ?? [],
        folderIds: pins.folderIds ?? [],
      });
      if (teamId) await recordTeamEvent(db, { action: 'shared_with_team', actorUserId: userId, teamId, details: { what: 'project', id, name: body.name }, at: clock.now() });
      return toProject(await visible(userId, id));
    },

    async update(userId: string, id: string, patch: ProjectPatch): Promise<Project> {
      const row = await visible(userId, id);
      if (!row.canEdit) throw notAllowed();
      const scope = row.teamId ? 'team' : 'private';
      if (patch.scope !== undefined && patch.scope !== scope && row.userId !== userId) {
        throw new AppError('forbidden', 'Only the project’s creator can change who it is shared with.');
      }
      const pins = await checkPins(userId, patch.fileIds, patch.folderIds);
      await repo.update(
        db,
        id,
        {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.instructions !== undefined ? { instructions: patch.instructions } : {}),
          ...(pins.fileIds !== undefined ? { fileIds: pins.fileIds } : {}),
          ...(pins.folderIds !== undefined ? { folderIds: pins.folderIds } : {}),
          ...(patch.scope !== undefined && patch.scope !== scope ? { teamId: patch.scope === 'team' ? await teamIdFor(userId) : null } : {}),
        },
        clock.now(),
      );
      const updated = await visible(userId, id);
      if (patch.scope !== undefined && patch.scope !== scope) {
        const action = patch.scope === 'team' ? 'shared_with_team' : 'unshared_from_team';
        const teamId = (updated.teamId ?? row.teamId)!;
        await recordTeamEvent(db, { action, actorUserId: userId, teamId, details: { what: 'project', id, name: updated.name }, at: clock.now() });
      }
      return toProject(updated);
    },

    async remove(userId: string, id: string): Promise<void> {
      const row = await visible(userId, id);
      if (!row.canEdit) throw notAllowed();
      await repo.remove(db, id);
    },

    /** The project a chat runs in, when the caller can see it; null otherwise. */
    async forChat(userId: string, id: string): Promise<ProjectContext | null> {
      const row = await repo.findVisible(db, userId, id);
      return row && { id: row.id, instructions: row.instructions, fileIds: row.fileIds, folderIds: row.folderIds };
    },

    /** The caller's team id (the prompt library shares with it too). */
    /** The team a user's prompt or project is shared with; 409 with a sentence when they have none. */
    teamToShareWith: teamIdFor,

    /** True when the caller can see this project (moving a conversation into it, copying one that is in it). */
    async canSee(userId: string, id: string): Promise<boolean> {
      return (await repo.findVisible(db, userId, id)) !== null;
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
