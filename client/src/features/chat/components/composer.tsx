import { memo, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { CHAT_MESSAGE_MAX_CHARS, type Attachment } from '@contract/chat';
import type { SearchScope } from '@contract/search';
import { composerInput, composerKeyAction } from '../lib/composer-send';
import { useDictation } from '../hooks/use-speech';
import type { SendInput } from '../hooks/use-chat-session';
import { useMentionPicker } from '../hooks/use-mention-picker';
import { usePromptPicker } from '../hooks/use-prompt-picker';
import { AttachmentChips } from './attachment-chips';
import { AttachButton, DictateButton, GenerateImageToggle, SearchFilesToggle } from './composer-tools';
import { MENTION_LISTBOX_ID, MentionChips, MentionListbox, mentionOptionId } from './mention-picker';
import { PromptLibraryDialog } from './prompt-library-dialog';
import { PROMPT_LISTBOX_ID, PlaceholderDialog, PromptListbox, promptOptionId } from './prompt-picker';
import { SendOrStopButton } from './send-button';
import { useChatTexts } from '../texts';

/** SPEC §9: the message box grows from 60 px to at most 128 px. */
export const COMPOSER_MIN_HEIGHT_PX = 60;
export const COMPOSER_MAX_HEIGHT_PX = 128;

export interface ComposerHandle {
  setText(text: string): void;
  /** Empties the box when it holds this text (a failed message's, given back, once Retry sends it). */
  clearIf(text: string): void;
  focus(): void;
  /** A prompt to insert: its placeholders are asked for first (issue 42: /chat?template=). */
  insertPrompt(prompt: { title: string; body: string }): void;
}

interface ComposerProps {
  ref?: Ref<ComposerHandle>;
  attachments: readonly Attachment[];
  sending: boolean;
  uploading: boolean;
  voiceEnabled: boolean;
  onSend(input: SendInput): boolean;
  /** While a reply streams, Send becomes Stop. */
  onStop(): void;
  onRemoveAttachment(url: string): void;
  onUploadFiles(files: File[]): void;
  accentGradient: string;
  /** Up-arrow in an empty message box: edit the last message sent (ChatScreen opens its edit box). */
  onEditLastMessage?(): void;
}

/**
 * The message box and its tools. Its text is local state, so typing re-renders only this
 * component, never the message list.
 */
export const Composer = memo(function Composer({
  ref,
  attachments,
  sending,
  uploading,
  voiceEnabled,
  onSend,
  onStop,
  onRemoveAttachment,
  onUploadFiles,
  accentGradient,
  onEditLastMessage,
}: ComposerProps) {
  const { t } = useChatTexts();
  const [text, setText] = useState('');
  const [generateImage, setGenerateImage] = useState(false);
  // "Search my files" stays on for the following messages until it is turned off.
  const [searchFiles, setSearchFiles] = useState(false);
  const [scope, setScope] = useState<SearchScope>('all');
  const pendingCaret = useRef<number | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const focusBox = () => textareaRef.current?.focus();
  const mention = useMentionPicker({ text, setText, pendingCaret, onMentioned: () => setSearchFiles(true) });
  const { mentions, setMentions, typing, pickerOpen, options, activeIndex } = mention;
  const prompts = usePromptPicker({ text, setText, mentionPickerOpen: pickerOpen, focus: focusBox });
  const { slashOpen, choices, promptIndex } = prompts;
  const dictation = useDictation((heard) => setText((current) => (current.trim() ? `${current.trimEnd()} ${heard}` : heard)));

  useImperativeHandle(ref, () => ({
    insertPrompt(prompt: { title: string; body: string }) {
      prompts.pickPrompt({ key: 'inserted', note: '', ...prompt });
    },
    setText(next: string) {
      setText(next);
      textareaRef.current?.focus();
    },
    clearIf(sent: string) {
      setText((current) => (current.trim() === sent.trim() ? '' : current));
    },
    focus() {
      textareaRef.current?.focus();
    },
  }));

  // Grow with the text between the SPEC's two heights.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    const height = Math.min(Math.max(textarea.scrollHeight, COMPOSER_MIN_HEIGHT_PX), COMPOSER_MAX_HEIGHT_PX);
    textarea.style.height = `${height}px`;
    textarea.style.overflowY = textarea.scrollHeight > COMPOSER_MAX_HEIGHT_PX ? 'auto' : 'hidden';
    if (pendingCaret.current !== null) {
      textarea.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [text]);

  function toggleSearchFiles() {
    setSearchFiles((on) => !on);
    // Off means no files at all: the narrowing goes with it.
    if (searchFiles) setMentions([]);
  }

  const input = composerInput({ sending, text, attachments, generateImage, searchFiles, scope, mentions });

  function submit() {
    if (!input) return;
    if (onSend(input)) {
      setText('');
      setGenerateImage(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (pickerOpen && mention.onPickerKey(event)) return;
    if (slashOpen && prompts.onPromptKey(event)) return;
    const { key, shiftKey, altKey, ctrlKey, metaKey } = event;
    const action = composerKeyAction({ key, shiftKey, altKey, ctrlKey, metaKey, isComposing: event.nativeEvent.isComposing }, text, Boolean(onEditLastMessage));
    if (action === 'edit-last') {
      event.preventDefault();
      onEditLastMessage?.();
    } else if (action === 'send') {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form
      className="relative rounded-2xl border border-slate-200 bg-white p-2 shadow-lg shadow-slate-900/5 focus-within:border-genie-300 focus-within:ring-4 focus-within:ring-genie-100"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {pickerOpen && typing && (
        <MentionListbox
          query={typing.query}
          candidates={options}
          loading={mention.loading}
          activeIndex={activeIndex}
          onPick={mention.pickMention}
          onHover={mention.setActiveIndex}
        />
      )}
      {slashOpen && <PromptListbox choices={choices} activeIndex={Math.min(promptIndex, Math.max(0, choices.length - 1))} onPick={prompts.pickPrompt} onHover={prompts.setPromptIndex} onManage={() => prompts.setManagingPrompts(true)} />}
      <PromptLibraryDialog
        open={prompts.managingPrompts}
        onClose={() => {
          prompts.setManagingPrompts(false);
          requestAnimationFrame(() => textareaRef.current?.focus());
        }}
      />
      <PlaceholderDialog
        prompt={prompts.asking}
        onDone={(filled) => {
          prompts.setAsking(null);
          if (filled !== null) setText(filled);
          requestAnimationFrame(() => textareaRef.current?.focus());
        }}
      />
      {attachments.length > 0 && (
        <div className="px-2 pb-2 pt-1">
          <AttachmentChips attachments={attachments} onRemove={onRemoveAttachment} />
        </div>
      )}
      {mentions.length > 0 && (
        <div className="px-2 pb-1 pt-1">
          <MentionChips mentions={mentions} onRemove={(gone) => setMentions((current) => current.filter((m) => m !== gone))} />
        </div>
      )}
      <label htmlFor="chat-message" className="sr-only">
        {t('composer.label')}
      </label>
      <textarea
        id="chat-message"
        ref={textareaRef}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          prompts.textChanged(event.target.value);
          mention.trackMention(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => mention.trackMention(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => mention.setTyping(null)}
        onKeyDown={onKeyDown}
        placeholder={t('composer.placeholder')}
        aria-autocomplete="list"
        aria-controls={pickerOpen ? MENTION_LISTBOX_ID : slashOpen ? PROMPT_LISTBOX_ID : undefined}
        aria-activedescendant={
          pickerOpen && options.length > 0
            ? mentionOptionId(Math.min(activeIndex, options.length - 1))
            : slashOpen && choices.length > 0
              ? promptOptionId(Math.min(promptIndex, choices.length - 1))
              : undefined
        }
        maxLength={CHAT_MESSAGE_MAX_CHARS}
        rows={1}
        style={{ minHeight: COMPOSER_MIN_HEIGHT_PX, maxHeight: COMPOSER_MAX_HEIGHT_PX }}
        className="block w-full resize-none bg-transparent px-2 py-2 text-[15px] leading-6 text-slate-900 outline-none placeholder:text-slate-400 focus-visible:outline-none"
      />
      <div className="flex items-center gap-1 pt-1">
        <AttachButton uploading={uploading} onUploadFiles={onUploadFiles} />
        <GenerateImageToggle on={generateImage} onToggle={() => setGenerateImage((on) => !on)} />
        <SearchFilesToggle on={searchFiles} onToggle={toggleSearchFiles} showScope={searchFiles && mentions.length === 0} scope={scope} onScopeChange={setScope} />
        {voiceEnabled && dictation.supported && <DictateButton dictation={dictation} />}
        <span className="ml-auto hidden min-w-0 truncate pr-2 text-[11px] text-slate-500 sm:inline">{t('composer.hint')}</span>
        <SendOrStopButton sending={sending} canSend={input !== null} onStop={onStop} accentGradient={accentGradient} />
      </div>
    </form>
  );
});
