import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, FolderKanban, MoreHorizontal, Plus, Trash2, Users } from 'lucide-react';
import { memo, useState, type FormEvent } from 'react';
import { PROJECT_INSTRUCTIONS_MAX_CHARS, PROJECT_NAME_MAX_CHARS, type Project } from '@contract/projects';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { conversationsQueryOptions } from '../api/get-conversations';
import { ProjectPins, type ProjectPin } from './project-pins';
import { useChatTexts } from '../texts';
import { createProject, deleteProject, projectConversationsQueryOptions, projectsQueryOptions, updateProject, useProjects } from '../api/projects';

interface ProjectListProps {
  /** The project the chat on screen is in (or a new chat will start in). */
  activeProjectId: string | null;
  activeConversationId: string | null;
  onNewChatIn(projectId: string): void;
  onOpen(conversationId: string): void;
  /** A teammate's shared conversation: opened read-only. */
  onOpenShared(conversationId: string): void;
}

/** Issue 42: the sidebar's projects, above the conversation list; each opens to its conversations. */
export const ProjectList = memo(function ProjectList(props: ProjectListProps) {
  const { t } = useChatTexts();
  const projects = useProjects();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });

  async function onDelete(project: Project) {
    if (!window.confirm(t('projects.confirmDelete', { name: project.name }))) return;
    try {
      await deleteProject(project.id);
      await refresh();
      await queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    } catch {
      toast({ title: t('common:error'), description: t('projects.deleteFailed'), variant: 'destructive' });
    }
  }

  const list = projects.data?.projects ?? [];
  return (
    <section aria-labelledby="projects-heading" className="mt-3 flex flex-col">
      <div className="flex items-center justify-between px-3 pb-1">
        <h2 id="projects-heading" className="text-[11px] font-semibold uppercase tracking-[0.16em] text-white/50">
          {t('projects.heading')}
        </h2>
        <button type="button" onClick={() => setEditing('new')} className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium text-white/80 hover:bg-white/10">
          <Plus aria-hidden="true" className="h-3.5 w-3.5" /> {t('projects.new')}
        </button>
      </div>
      {editing && <ProjectForm project={editing === 'new' ? null : editing} onDone={() => { setEditing(null); void refresh(); }} />}
      {projects.isSuccess && list.length === 0 && !editing && <p className="px-3 py-1 text-xs text-white/50">{t('projects.empty')}</p>}
      <ul className="flex flex-col gap-0.5 px-2">
        {list.map((project) => {
          const expanded = open === project.id || props.activeProjectId === project.id;
          return (
            <li key={project.id}>
              <div className="group relative">
                <button
                  type="button"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : project.id)}
                  className={cn('flex w-full items-center gap-2 rounded-lg py-1.5 pl-2 pr-9 text-left text-sm text-white/80 hover:bg-white/10', props.activeProjectId === project.id && 'bg-white/10 text-white')}
                >
                  {expanded ? <ChevronDown aria-hidden="true" className="h-3.5 w-3.5" /> : <ChevronRight aria-hidden="true" className="h-3.5 w-3.5" />}
                  <FolderKanban aria-hidden="true" className="h-4 w-4 shrink-0" />
                  <span className="truncate">{project.name}</span>
                  {project.scope === 'team' && <Users aria-label={t('conversations.sharedWithTeam')} className="h-3 w-3 shrink-0 text-white/60" />}
                </button>
                <DropdownMenu>
                  <DropdownMenuTrigger aria-label={t('projects.actionsFor', { name: project.name })} className="absolute right-1 top-1/2 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-md text-white/60 hover:bg-white/15 hover:text-white">
                    <MoreHorizontal aria-hidden="true" className="h-4 w-4" />
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => props.onNewChatIn(project.id)}>
                      <Plus aria-hidden="true" /> {t('projects.newChatHere')}
                    </DropdownMenuItem>
                    {project.canEdit && <DropdownMenuItem onSelect={() => setEditing(project)}>{t('projects.edit')}</DropdownMenuItem>}
                    {project.canEdit && (
                      <DropdownMenuItem className="text-red-700 data-[highlighted]:bg-red-50" onSelect={() => void onDelete(project)}>
                        <Trash2 aria-hidden="true" /> {t('projects.delete')}
                      </DropdownMenuItem>
                    )}
                  </DropdownMenuContent>
                </DropdownMenu>
              </div>
              {expanded && <ProjectConversations project={project} {...props} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
});

function ProjectConversations({ project, activeConversationId, onOpen, onOpenShared, onNewChatIn }: ProjectListProps & { project: Project }) {
  const { t } = useChatTexts();
  const conversations = useQuery(projectConversationsQueryOptions(project.id));
  const items = conversations.data?.conversations ?? [];
  return (
    <ul aria-label={t('projects.conversationsIn', { name: project.name })} className="ml-5 flex flex-col gap-0.5 border-l border-white/10 pl-2">
      <li>
        <button type="button" onClick={() => onNewChatIn(project.id)} className="flex w-full items-center gap-1 rounded-md px-2 py-1 text-left text-xs text-white/70 hover:bg-white/10">
          <Plus aria-hidden="true" className="h-3 w-3" /> {t('projects.newChatIn', { name: project.name })}
        </button>
      </li>
      {conversations.isSuccess && items.length === 0 && <li className="px-2 py-1 text-xs text-white/50">{t('projects.noConversations')}</li>}
      {items.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            aria-current={c.id === activeConversationId}
            onClick={() => (c.mine ? onOpen(c.id) : onOpenShared(c.id))}
            className={cn('flex w-full flex-col rounded-md px-2 py-1 text-left text-xs text-white/80 hover:bg-white/10', c.id === activeConversationId && 'bg-white/15 text-white')}
          >
            <span className="truncate">{c.title}</span>
            {!c.mine && <span className="text-[10px] text-white/55">{t('projects.sharedBy', { owner: c.owner })}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** New project, or a project's name, instructions and sharing changed. */
function ProjectForm({ project, onDone }: { project: Project | null; onDone(): void }) {
  const { t } = useChatTexts();
  const [name, setName] = useState(project?.name ?? '');
  const [instructions, setInstructions] = useState(project?.instructions ?? '');
  const [scope, setScope] = useState<'private' | 'team'>(project?.scope ?? 'private');
  const [pins, setPins] = useState<ProjectPin[]>(() => [
    ...(project?.fileIds ?? []).map((id): ProjectPin => ({ kind: 'file', id })),
    ...(project?.folderIds ?? []).map((id): ProjectPin => ({ kind: 'folder', id })),
  ]);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setSaving(true);
    try {
      const fileIds = pins.filter((p) => p.kind === 'file').map((p) => p.id);
      const folderIds = pins.filter((p) => p.kind === 'folder').map((p) => p.id);
      if (project) await updateProject(project.id, { name, instructions, fileIds, folderIds, ...(project.scope !== scope ? { scope } : {}) });
      else await createProject({ name, instructions, scope, fileIds, folderIds });
      onDone();
    } catch (error) {
      toast({ title: t('common:error'), description: error instanceof Error ? error.message : t('projects.saveFailed'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={project ? t('projects.edit') : t('projects.new')} className="mx-2 mb-2 flex flex-col gap-1.5 rounded-lg bg-white/10 p-2 text-xs">
      <label className="flex flex-col gap-0.5">
        {t('projects.name')}
        <input autoFocus required value={name} maxLength={PROJECT_NAME_MAX_CHARS} onChange={(e) => setName(e.target.value)} className="h-8 rounded-md border border-white/20 bg-white/10 px-2 text-sm text-white outline-none" />
      </label>
      <label className="flex flex-col gap-0.5">
        {t('projects.instructions')}
        <textarea rows={3} value={instructions} maxLength={PROJECT_INSTRUCTIONS_MAX_CHARS} onChange={(e) => setInstructions(e.target.value)} className="rounded-md border border-white/20 bg-white/10 p-2 text-sm text-white outline-none" />
      </label>
      <label className="flex flex-col gap-0.5">
        {t('projects.audience')}
        <select value={scope} onChange={(e) => setScope(e.target.value as 'private' | 'team')} disabled={project !== null && !project.canEdit} className="h-8 rounded-md border border-white/20 bg-slate-900 px-2 text-sm text-white">
          <option value="private">{t('projects.onlyMe')}</option>
          <option value="team">{t('projects.myTeam')}</option>
        </select>
      </label>
      <ProjectPins pins={pins} onChange={setPins} />
      <p className="text-[11px] text-white/60">{t('projects.pinsHint')}</p>
      <div className="flex justify-end gap-1">
        <button type="button" onClick={onDone} className="rounded-md px-2 py-1 hover:bg-white/10">
          {t('common:cancel')}
        </button>
        <button type="submit" disabled={saving} className="rounded-md bg-white/90 px-2 py-1 font-semibold text-slate-900 disabled:opacity-60">
          {project ? t('common:save') : t('projects.create')}
        </button>
      </div>
    </form>
  );
}
