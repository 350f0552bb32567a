import {
  FILE_PAGE_SIZE,
  type Breadcrumb,
  type CreateFolderBody,
  type FileListResponse,
  type FileScope,
  type Folder,
  type FolderPathBody,
  type FolderPathResponse,
  type ListFilesQuery,
  type UpdateFolderBody,
} from '@contract/files';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Db } from '../../db/database';
import type { FolderRow } from '../../db/schema/files';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/pg-errors';
import { recordTeamEvent } from '../admin/audit-log';
import { currentMember, mayModify, scopeOf, type Member } from './file-access';
import { toFolder, toListResponse } from './files.mappers';
import { filesRepository as repo } from './files.repository';
import { decodeFileCursor } from './list-cursor';
import { deleteObjects } from './stored-objects';

/** Folders a search shows (on its first page); files page on like any listing. */
const SEARCH_FOLDER_LIMIT = 200;
const FOLDER_DEPTH_LIMIT = 64;

const folderNameTaken = () => new AppError('conflict', 'A folder with that name already exists here.', 'name');

/** The refusal when a member may read a team folder or file but not change it. */
export const notYours = (what: 'folder' | 'file', action: string) =>
  new AppError('forbidden', `Only the person who added this ${what}, a team admin or the team owner can ${action} it.`);

/** The team id a new row of `scope` gets (a member without a team cannot add to a team library). */
export function teamIdFor(member: Member, scope: FileScope): string | null {
  if (scope === 'private') return null;
  if (!member.teamId) throw notFound('Your team');
  return member.teamId;
}

/** Folders and what a listing shows of them: browse, search, breadcrumbs, create, rename, move, delete. */
export function createFoldersService(deps: { db: Db; store: ObjectStore; clock: Clock }) {
  const { db, store, clock } = deps;

  /** A folder the user may read (their own private one, or their team's); another's is a 404. */
  const requireFolder = async (userId: string, folderId: string) => {
    const folder = await repo.findFolder(db, userId, folderId);
    if (!folder) throw notFound('That folder');
    return folder;
  };

  /** The folder and every folder below it, breadth first, and who made those below it. */
  const subtreeOf = async (userId: string, folderId: string) => {
    const all = [folderId];
    const makers = new Set<string>();
    let level = [folderId];
    for (let depth = 0; level.length > 0 && depth < FOLDER_DEPTH_LIMIT * 4; depth++) {
      const children = await repo.childFolders(db, userId, level);
      for (const child of children) makers.add(child.userId);
      level = children.map((child) => child.id);
      all.push(...level);
    }
    return { ids: all, makers: [...makers] };
  };

  /** Home's children down to the folder itself, in order. */
  const breadcrumbs = async (userId: string, folderId: string): Promise<Breadcrumb[]> => {
    const trail: Breadcrumb[] = [];
    let current: string | null = folderId;
    while (current && trail.length < FOLDER_DEPTH_LIMIT) {
      const folder: FolderRow = await requireFolder(userId, current);
      trail.unshift({ id: folder.id, name: folder.name });
      current = folder.parentId;
    }
    return trail;
  };

  return {
    requireFolder,
    breadcrumbs,

    /** The id of the user's private top-level folder of this name, made on first use (e.g. "Generated images"). */
    topFolderNamed(userId: string, name: string): Promise<string> {
      return repo.topFolderNamed(db, userId, name);
    },

    /**
     * A page of a folder's files (or of a search's), newest first. Folders are few and come whole
     * with the first page, so later pages (those with a cursor) carry files only. Home and search
     * list one library (`scope`, private by default); a folder is listed whichever library it is in.
     */
    async list(userId: string, query: ListFilesQuery): Promise<FileListResponse> {
      const cursor = query.cursor ? decodeFileCursor(query.cursor) : null;
      const limit = query.limit ?? FILE_PAGE_SIZE;
      const scope = query.scope ?? 'private';
      const withFolders = cursor === null;
      const member = currentMember(db, userId);
      if (query.search) {
        const text = query.search;
        const [folders, page] = await Promise.all([
          withFolders ? repo.searchFolders(db, userId, scope, text, SEARCH_FOLDER_LIMIT) : [],
          repo.searchFiles(db, userId, scope, text, cursor, limit),
        ]);
        return toListResponse(folders, page, await member);
      }
      const folderId = query.folderId ?? null;
      // All three at once: the listings filter on what the user may read too, so nothing leaks before the check.
      const [folder, folders, page] = await Promise.all([
        folderId ? repo.findFolder(db, userId, folderId) : null,
        withFolders ? repo.listFolders(db, userId, scope, folderId) : [],
        repo.listFiles(db, userId, scope, folderId, cursor, limit),
      ]);
      if (folderId && !folder) throw notFound('That folder');
      return toListResponse(folders, page, await member);
    },

    async createFolder(userId: string, body: CreateFolderBody): Promise<Folder> {
      const parentId = body.parentId ?? null;
      const member = await currentMember(db, userId);
      let teamId = teamIdFor(member, body.scope ?? 'private');
      if (parentId) {
        const parent = await requireFolder(userId, parentId);
        if (body.scope && body.scope !== scopeOf(parent)) {
          throw new AppError('invalid_input', `That folder is in your ${scopeOf(parent) === 'team' ? 'team' : 'private'} library; a folder inside it is too.`, 'scope');
        }
        teamId = parent.teamId;
        const depth = (await breadcrumbs(userId, parentId)).length;
        if (depth >= FOLDER_DEPTH_LIMIT) throw new AppError('invalid_input', `Folders nest at most ${FOLDER_DEPTH_LIMIT} deep.`, 'parentId');
      }
      try {
        return toFolder(await repo.insertFolder(db, { userId, teamId, name: body.name, parentId, createdAt: clock.now() }), member);
      } catch (error) {
        if (uniqueViolation(error) !== undefined) throw folderNameTaken();
        throw error;
      }
    },

    /**
     * The folder of this name inside `parentId` (null: the Home of `scope`), made when there is
     * none (a bulk import keeps an archive's folders, and adds to those already there).
     */
    async childFolderNamed(userId: string, parentId: string | null, name: string, scope: FileScope): Promise<{ id: string; created: boolean }> {
      const find = async () => {
        const parentScope = parentId ? scopeOf(await requireFolder(userId, parentId)) : scope;
        return (await repo.listFolders(db, userId, parentScope, parentId)).find((f) => f.name === name);
      };
      const existing = await find();
      if (existing) return { id: existing.id, created: false };
      try {
        return { id: (await this.createFolder(userId, { name, parentId, ...(parentId ? {} : { scope }) })).id, created: true };
      } catch (error) {
        // Made meanwhile by a twin request: use that one.
        const twin = error instanceof AppError && error.code === 'conflict' ? await find() : undefined;
        if (twin) return { id: twin.id, created: false };
        throw error;
      }
    },

    /** The folder at `names` below the parent, each level found or made (a dropped folder's tree). */
    async folderAtPath(userId: string, body: FolderPathBody): Promise<FolderPathResponse> {
      let id = body.parentId ?? null;
      let created = 0;
      for (const name of body.names) {
        const folder = await this.childFolderNamed(userId, id, name, body.scope ?? 'private');
        if (folder.created) created++;
        id = folder.id;
      }
      return { id: id!, created };
    },

    async updateFolder(userId: string, folderId: string, body: UpdateFolderBody): Promise<Folder> {
      const [folder, member] = await Promise.all([requireFolder(userId, folderId), currentMember(db, userId)]);
      if (!mayModify(member, folder)) throw notYours('folder', body.parentId === undefined ? 'rename' : 'move');
      // The new parent must be a folder the user may read (404 otherwise), in the same library;
      // the cycle check is the repository's, made under a lock so that concurrent moves cannot both pass it.
      if (body.parentId) {
        const parent = await requireFolder(userId, body.parentId);
        if (parent.teamId !== folder.teamId) {
          throw new AppError('invalid_input', 'A folder moves within its own library. To share its files, move the files themselves.', 'parentId');
        }
      }
      try {
        const updated = await repo.updateFolder(db, userId, folder.teamId ?? userId, folderId, { name: body.name, parentId: body.parentId });
        if (updated === 'cycle') throw new AppError('invalid_input', 'A folder cannot be moved into itself or one of its subfolders.', 'parentId');
        if (!updated) throw notFound('That folder');
        return toFolder(updated, member);
      } catch (error) {
        if (uniqueViolation(error) !== undefined) throw folderNameTaken();
        throw error;
      }
    },

    /**
     * The folder, everything inside it, and the bytes of every file in it. In a team library a
     * plain member deletes only a folder holding nothing but what they added themselves.
     */
    async deleteFolder(userId: string, folderId: string) {
      const [folder, member] = await Promise.all([requireFolder(userId, folderId), currentMember(db, userId)]);
      if (!mayModify(member, folder)) throw notYours('folder', 'delete');
      const subtree = await subtreeOf(userId, folderId);
      const contents = await repo.filesInFolders(db, userId, subtree.ids);
      const owners = new Set([...subtree.makers, ...contents.map((file) => file.userId)]);
      if (![...owners].every((owner) => mayModify(member, { userId: owner, teamId: folder.teamId }))) {
        throw new AppError('forbidden', 'This folder holds files or folders other members added: only a team admin or the team owner can delete it.');
      }
      const paths = contents.map((file) => file.path);
      await repo.deleteFolder(db, userId, folderId, subtree.ids);
      if (folder.teamId) {
        const details = { name: `${folder.name}/`, files: paths.length, folders: subtree.ids.length };
        await recordTeamEvent(db, { action: 'team_file_deleted', actorUserId: userId, teamId: folder.teamId, details, at: clock.now() });
      }
      await deleteObjects(store, paths);
      return { ok: true as const, deletedFiles: paths.length, deletedFolders: subtree.ids.length };
    },
  };
}

export type FoldersService = ReturnType<typeof createFoldersService>;
