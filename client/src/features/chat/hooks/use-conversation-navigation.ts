import { useCallback, type RefObject } from 'react';
import type { ChatMode } from '@contract/chat';
import type { PersonaId } from '@contract/personas';
import type { ComposerHandle } from '../components/composer';
import type { useChatSession } from './use-chat-session';
import { useSharedConversationId } from './use-chat-url';

/**
 * Moving between conversations: one's own (its mode and persona restored), a teammate's shared
 * one (read-only, issue 42), or a new chat (in a project or not). On a phone the sidebar gives way.
 */
export function useConversationNavigation({
  session,
  setMode,
  onRestorePersona,
  closeSidebarOnPhone,
  stickNow,
  clearAttachments,
  composerRef,
}: {
  session: ReturnType<typeof useChatSession>;
  setMode(mode: ChatMode): void;
  onRestorePersona(id: PersonaId): void;
  closeSidebarOnPhone(): void;
  stickNow(): void;
  clearAttachments(): void;
  composerRef: RefObject<ComposerHandle | null>;
}) {
  const onOpenConversation = useCallback(
    async (id: string) => {
      const conversation = await session.openConversation(id);
      if (conversation) {
        setMode(conversation.mode);
        onRestorePersona(conversation.persona);
        closeSidebarOnPhone();
        requestAnimationFrame(stickNow);
      }
    },
    [session.openConversation, stickNow, onRestorePersona],
  );

  const [sharedId, setSharedId] = useSharedConversationId();
  const onNewChat = useCallback(() => {
    session.newChat();
    clearAttachments();
    setSharedId(null);
  }, [session.newChat, setSharedId]);

  const onNewChatIn = useCallback(
    (projectId: string) => {
      session.newChat(projectId);
      clearAttachments();
      setSharedId(null);
      requestAnimationFrame(() => composerRef.current?.focus());
    },
    [session.newChat, setSharedId],
  );
  // A teammate's shared conversation, opened from a project: on a phone the sidebar gives way to it, as for one's own.
  const onOpenShared = useCallback(
    (id: string) => {
      setSharedId(id);
      closeSidebarOnPhone();
    },
    [setSharedId],
  );
  const onOpenOwn = useCallback(
    (id: string) => {
      setSharedId(null);
      void onOpenConversation(id);
    },
    [onOpenConversation, setSharedId],
  );

  return { sharedId, onNewChat, onNewChatIn, onOpenShared, onOpenOwn };
}
