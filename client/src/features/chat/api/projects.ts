import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary, SharedConversation } from '@contract/conversations';
import type { Project, ProjectConversations, ProjectList } from '@contract/projects';
import type { SavedPrompt, SharingScope } from '@contract/prompts';
import { apiRequest } from '@/lib/request';

/** Issue 42: projects, team sharing of conversations and the prompt library, as the chat page uses them. */

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/projects'], queryFn: async (): Promise<ProjectList> => (await apiRequest('GET', '/api/projects')).json() });
export const useProjects = () => useQuery(projectsQueryOptions());

export const projectConversationsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/projects', id, 'conversations'],
    queryFn: async (): Promise<ProjectConversations> => (await apiRequest('GET', `/api/projects/${encodeURIComponent(id)}/conversations`)).json(),
  });

export interface ProjectInput {
  name: string;
  instructions: string;
  scope: SharingScope;
  fileIds?: string[];
  folderIds?: string[];
}

export const createProject = async (input: ProjectInput): Promise<Project> => (await apiRequest('POST', '/api/projects', input)).json();
export const updateProject = async (id: string, input: Partial<ProjectInput>): Promise<Project> =>
  (await apiRequest('PATCH', `/api/projects/${encodeURIComponent(id)}`, input)).json();
export const deleteProject = async (id: string): Promise<void> => {
  await apiRequest('DELETE', `/api/projects/${encodeURIComponent(id)}`);
};

/** Share a conversation read-only with the team, or stop sharing it. */
export const setConversationShared = async (id: string, shared: boolean): Promise<ConversationSummary> =>
  (await apiRequest(shared ? 'POST' : 'DELETE', `/api/conversations/${encodeURIComponent(id)}/share`)).json();

export const sharedConversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/shared-conversations', id],
    queryFn: async (): Promise<SharedConversation> => (await apiRequest('GET', `/api/shared-conversations/${encodeURIComponent(id)}`)).json(),
    retry: false,
  });

/** "Continue in my chats": a copy of the shared conversation, as the caller's own. */
export const copySharedConversation = async (id: string): Promise<ConversationSummary> =>
  (await apiRequest('POST', `/api/shared-conversations/${encodeURIComponent(id)}/copy`)).json();

export const promptsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/prompts'], queryFn: async (): Promise<{ prompts: SavedPrompt[] }> => (await apiRequest('GET', '/api/prompts')).json() });
export const usePrompts = (enabled = true) => useQuery({ ...promptsQueryOptions(), enabled });

export const createPrompt = async (input: { title: string; body: string; scope: SharingScope }): Promise<SavedPrompt> =>
  (await apiRequest('POST', '/api/prompts', input)).json();
export const deletePrompt = async (id: string): Promise<void> => {
  await apiRequest('DELETE', `/api/prompts/${encodeURIComponent(id)}`);
};
