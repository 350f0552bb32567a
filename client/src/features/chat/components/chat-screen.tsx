import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { Attachment, ChatMode } from '@contract/chat';
import { CHAT_MODES } from '@contract/chat';
import { personaOrDefault, type PersonaId } from '@contract/personas';
import { usePersonaInLanguage } from '@/lib/persona-texts';
import { allowedMode, useTeamPolicy } from '@/lib/team-policy';
import { useIsPremium, useOffersUpgrade } from '../api/get-subscription';
import { useChatAttachments } from '../hooks/use-chat-attachments';
import { useChatSession } from '../hooks/use-chat-session';
import { useTemplateFromUrl } from '../hooks/use-chat-url';
import { useConversationNavigation } from '../hooks/use-conversation-navigation';
import { useBranchOut, useFeedback } from '../hooks/use-message-actions';
import { useStopOnEscape } from '../hooks/use-stop-on-escape';
import { useEditLastMessage } from '../hooks/use-edit-last-message';
import { useSidebarOpen } from '../hooks/use-sidebar-open';
import { useChatShortcuts } from '../hooks/use-chat-shortcuts';
import { speakableText, speechSynthesisSupported, useSpeechSynthesis } from '../hooks/use-speech';
import { ReplyAnnouncer, replyAnnouncement } from './reply-announcer';
import { SkipLink } from '@/components/ui/skip-link';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { useVoiceSetting } from '../hooks/use-voice-setting';
import type { ChatMessage } from '../lib/chat-message';
import { BrowseFilesDialog } from './browse-files-dialog';
import { ChatHeader } from './chat-header';
import { ChatSidebar } from './chat-sidebar';
import { Composer, type ComposerHandle } from './composer';
import { EmptyState } from './empty-state';
import { JumpToLatest } from './jump-to-latest';
import { MessageList } from './message-list';
import { ShortcutsDialog } from './shortcuts-dialog';
import { SharedConversationView } from './shared-conversation-view';
import { TypingPreview } from './typing-preview';
import { UpgradePrompt } from './upgrade-prompt';
import { useChatTexts } from '../texts';

export interface ChatScreenProps {
  personaId: PersonaId;
  /** The model answering for the persona now (GET /api/personas), for the header. */
  model?: string;
  onChangePersona(): void;
  /** Reopening a conversation restores the persona it was held with. */
  onRestorePersona(id: PersonaId): void;
  onOpenTour(): void;
  /** The files feature's browser in selection mode; `onPick` attaches the file and closes the modal. */
  renderFileBrowser(onPick: (attachment: Attachment) => void): ReactNode;
  /**
   * Uploads files to the user's library and answers them as attachments, with one sentence naming
   * any it left out (too large, past the 10 of a pick), or null.
   */
  uploadAttachments(files: File[]): Promise<{ attachments: Attachment[]; skipped: string | null }>;
  renderSignOut(compact: boolean): ReactNode;
  /** A live promotion opens Legal mode to every signed-in user: Legal loses its PRO badge meanwhile. */
  legalModeOpen?: boolean;
}

/** SPEC §2 Main chat screen: the sidebar, the conversation and the message box. */
export function ChatScreen({
  personaId,
  model,
  onChangePersona,
  onRestorePersona,
  onOpenTour,
  renderFileBrowser,
  uploadAttachments,
  renderSignOut,
  legalModeOpen = false,
}: ChatScreenProps) {
  const { t } = useChatTexts();
  // The persona's title, tagline, prompts and phrases in the page's language; its name stays.
  const persona = usePersonaInLanguage(personaOrDefault(personaId));
  const [chosenMode, setMode] = useState<ChatMode>('chat');
  // A mode the team's policy turns off (issue 43) is not used, even one a conversation was in.
  const mode = allowedMode(chosenMode, CHAT_MODES, useTeamPolicy().data);
  const { collapsed, toggleSidebar, closeSidebarOnPhone, openConversationSearch } = useSidebarOpen();
  const { attachments, setAttachments, browseOpen, setBrowseOpen, openBrowse, uploading, onPick, uploadFromSidebar, onRemoveAttachment } = useChatAttachments(uploadAttachments);
  const isPremium = useIsPremium();
  const offerUpgrade = useOffersUpgrade();
  const voice = useVoiceSetting();
  const speech = useSpeechSynthesis();
  const composerRef = useRef<ComposerHandle>(null);
  const { scrollerRef, contentRef, stickNow, atBottom } = useStickToBottom<HTMLDivElement, HTMLDivElement>();

  const voiceOn = voice.enabled && speech.supported;
  const [announcement, setAnnouncement] = useState('');
  const onReply = useCallback(
    (message: ChatMessage) => {
      setAnnouncement(replyAnnouncement(persona.name, speakableText(message.content)));
      if (voiceOn) speech.speak(message.id, message.content);
    },
    [voiceOn, speech.speak, persona.name],
  );
  const onFailedText = useCallback((text: string) => composerRef.current?.setText(text), []);
  const session = useChatSession({ persona, mode, onReply, onFailedText });

  const { sending, stop } = session;
  useStopOnEscape(sending, stop);
  const onStop = useCallback(() => void stop(), [stop]);
  // Read by Retry without making the callback (and the memoised list) change with every message.
  const messagesRef = useRef(session.messages);
  messagesRef.current = session.messages;
  const onRegenerate = useCallback(() => {
    const last = messagesRef.current.at(-1);
    if (!session.regenerate()) return;
    stickNow();
    // Retry sends the failed message again: the copy given back to the composer goes, or Enter
    // would send it a second time (issue 42). Anything the user typed since stays.
    if (last?.role === 'user') composerRef.current?.clearIf(last.content);
  }, [session.regenerate, stickNow]);

  const onSend = useCallback(
    (input: Parameters<typeof session.send>[0]) => {
      const accepted = session.send(input);
      if (accepted) {
        setAttachments([]);
        stickNow();
      }
      return accepted;
    },
    [session.send, stickNow],
  );

  const onContinue = useCallback(() => {
    if (session.continueReply()) stickNow();
  }, [session.continueReply, stickNow]);

  const onFeedback = useFeedback(session.setFeedback);

  const clearAttachments = useCallback(() => setAttachments([]), []);
  const { sharedId, onNewChat, onNewChatIn, onOpenShared, onOpenOwn } = useConversationNavigation({
    session,
    setMode,
    onRestorePersona,
    closeSidebarOnPhone,
    stickNow,
    clearAttachments,
    composerRef,
  });

  const onBranchOut = useBranchOut(session.conversationId, onOpenOwn);

  useTemplateFromUrl(composerRef);

  const onPickPrompt = useCallback((prompt: string) => composerRef.current?.setText(prompt), []);

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useChatShortcuts({
    search: openConversationSearch,
    'new-chat': () => {
      onNewChat();
      composerRef.current?.setText('');
    },
    help: () => setShortcutsOpen(true),
  });
  const { editRequest, onEditLastMessage } = useEditLastMessage(session.messages, session.sending);
  const onEditClosed = useCallback(() => composerRef.current?.focus(), []);

  const empty = session.messages.length === 0;

  return (
    <div className="flex h-dvh overflow-hidden bg-gradient-to-br from-slate-50 via-white to-genie-50/60">
      <SkipLink href="#chat-message" label={t('screen.skipToMessageBox')} onJump={() => composerRef.current?.focus()} />
      <ReplyAnnouncer announcement={announcement} />
      <ChatSidebar
        collapsed={collapsed}
        onToggle={toggleSidebar}
        persona={persona}
        mode={mode}
        onModeChange={setMode}
        isPremium={isPremium}
        offerUpgrade={offerUpgrade}
        legalModeOpen={legalModeOpen}
        onBrowseFiles={openBrowse}
        onUploadFiles={uploadFromSidebar}
        onChangePersona={onChangePersona}
        onOpenTour={onOpenTour}
        voiceEnabled={voice.enabled}
        voiceSupported={speechSynthesisSupported()}
        onToggleVoice={voice.toggle}
        conversationId={session.conversationId}
        onOpenConversation={onOpenOwn}
        onNewChat={onNewChat}
        projectId={session.projectId}
        onNewChatIn={onNewChatIn}
        onOpenShared={onOpenShared}
        renderSignOut={renderSignOut}
      />
      {!collapsed && (
        <button type="button" aria-label={t('screen.closeSidebar')} tabIndex={-1} onClick={toggleSidebar} className="fixed inset-0 z-20 bg-black/40 lg:hidden" />
      )}
      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
        <ChatHeader persona={persona} mode={mode} model={model} />
        {sharedId ? (
          <div className="min-h-0 flex-1 overflow-y-auto">
            <SharedConversationView id={sharedId} onBack={onNewChat} onContinued={onOpenOwn} />
          </div>
        ) : (
        <>
        <div ref={scrollerRef} data-scroll-container className="min-h-0 flex-1 overflow-y-auto">
          <div ref={contentRef} className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-3 py-6 sm:px-6">
            {empty && !session.loadingConversation && <EmptyState persona={persona} onChangePersona={onChangePersona} onPickPrompt={onPickPrompt} />}
            <MessageList
              key={session.viewId}
              messages={session.messages}
              persona={persona}
              speakingId={speech.speakingId}
              onFeedback={onFeedback}
              onContinue={onContinue}
              onRegenerate={session.sending ? undefined : onRegenerate}
              onEdit={session.sending ? undefined : session.edit}
              onShowVariant={session.showVariant}
              onBranchOut={session.sending ? undefined : onBranchOut}
              editRequest={editRequest}
              onEditClosed={onEditClosed}
              onReadAloud={voiceOn ? speech.speak : undefined}
              onStopReading={speech.stop}
            />
            <TypingPreview store={session.preview} tools={session.toolActivity} persona={persona} />
            {session.upgradeNotice && <UpgradePrompt message={session.upgradeNotice.message} />}
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6 sm:pb-5">
          {!atBottom && session.messages.length > 0 && <JumpToLatest onJump={stickNow} />}
          <Composer
            ref={composerRef}
            attachments={attachments}
            sending={session.sending}
            uploading={uploading}
            voiceEnabled={voiceOn}
            onSend={onSend}
            onStop={onStop}
            onRemoveAttachment={onRemoveAttachment}
            onUploadFiles={uploadFromSidebar}
            accentGradient={persona.gradient}
            onEditLastMessage={onEditLastMessage}
          />
        </div>
        </>
        )}
      </main>
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <BrowseFilesDialog open={browseOpen} onOpenChange={setBrowseOpen}>
        {browseOpen && renderFileBrowser(onPick)}
      </BrowseFilesDialog>
    </div>
  );
}
