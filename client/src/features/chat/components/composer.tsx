import { FileSearch, ImagePlus, Loader2, Mic, MicOff, Paperclip, SendHorizontal, Square } from 'lucide-react';
import { memo, useImperativeHandle, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { CHAT_MESSAGE_MAX_CHARS, type Attachment } from '@contract/chat';
import type { SearchScope } from '@contract/search';
import { cn } from '@/lib/utils';
import { useMentionCandidates } from '../api/mention-candidates';
import { canSendMessage } from '../lib/can-send';
import { activeMention, knowledgeOf, withoutMention, type ActiveMention, type Mention } from '../lib/mention';
import { useDictation } from '../hooks/use-speech';
import type { SendInput } from '../hooks/use-chat-session';
import { AttachmentChips } from './attachment-chips';
import { MENTION_LISTBOX_ID, MentionChips, MentionListbox, mentionOptionId } from './mention-picker';
import { usePrompts } from '../api/projects';
import { placeholdersOf } from '@contract/prompts';
import { PromptLibraryDialog } from './prompt-library-dialog';
import { PROMPT_LISTBOX_ID, PlaceholderDialog, PromptListbox, promptChoices, promptOptionId, slashQuery, type PromptChoice } from './prompt-picker';

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

const toolButton =
  'flex h-9 w-9 items-center justify-center rounded-xl text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 aria-pressed:bg-genie-100 aria-pressed:text-genie-700';

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
  const [text, setText] = useState('');
  const [generateImage, setGenerateImage] = useState(false);
  // "Search my files" stays on for the following messages until it is turned off.
  const [searchFiles, setSearchFiles] = useState(false);
  const [scope, setScope] = useState<SearchScope>('all');
  // Files and folders named with @: the answer is searched in them only. They stay, like the toggle.
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [typing, setTyping] = useState<ActiveMention | null>(null);
  // Escape closes the picker for this @ until another one is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingCaret = useRef<number | null>(null);
  const pickerOpen = typing !== null && typing.start !== dismissedAt;
  const candidates = useMentionCandidates(typing?.query ?? '', pickerOpen);
  const options = pickerOpen ? (candidates.data ?? []) : [];
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const dictation = useDictation((heard) => setText((current) => (current.trim() ? `${current.trimEnd()} ${heard}` : heard)));

  useImperativeHandle(ref, () => ({
    insertPrompt(prompt: { title: string; body: string }) {
      pickPrompt({ key: 'inserted', note: '', ...prompt });
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

  /** Follows the caret: an "@name" just before it opens the picker. */
  function trackMention(value: string, caret: number | null) {
    const next = caret === null ? null : activeMention(value, caret);
    if (next?.start !== typing?.start || next?.query !== typing?.query) setActiveIndex(0);
    if (next === null || next.start !== dismissedAt) setDismissedAt(null);
    setTyping(next);
  }

  function pickMention(mention: Mention) {
    if (!typing) return;
    const rest = withoutMention(text, typing);
    pendingCaret.current = rest.caret;
    setText(rest.text);
    setTyping(null);
    setMentions((current) => (current.some((m) => m.kind === mention.kind && m.id === mention.id) ? current : [...current, mention]));
    setSearchFiles(true);
  }

  function toggleSearchFiles() {
    setSearchFiles((on) => !on);
    // Off means no files at all: the narrowing goes with it.
    if (searchFiles) setMentions([]);
  }

  // "/" at the start of an empty message opens the prompt library (issue 42).
  const slash = slashQuery(text);
  const [slashDismissed, setSlashDismissed] = useState(false);
  const slashOpen = slash !== null && !slashDismissed && !pickerOpen;
  const savedPrompts = usePrompts(slash !== null);
  const choices = slashOpen ? promptChoices(savedPrompts.data?.prompts ?? [], slash) : [];
  const [promptIndex, setPromptIndex] = useState(0);
  const [asking, setAsking] = useState<PromptChoice | null>(null);
  const [managingPrompts, setManagingPrompts] = useState(false);

  function pickPrompt(choice: PromptChoice) {
    setPromptIndex(0);
    if (placeholdersOf(choice.body).length > 0) {
      setText('');
      setAsking(choice);
    } else {
      setText(choice.body);
      textareaRef.current?.focus();
    }
  }

  /** The prompt picker's keys; true when the key was its own. */
  function onPromptKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setSlashDismissed(true);
      return true;
    }
    if (choices.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setPromptIndex((index) => (index + step + choices.length) % choices.length);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      pickPrompt(choices[Math.min(promptIndex, choices.length - 1)]!);
      return true;
    }
    return false;
  }

  const canSend = canSendMessage(sending, text, attachments.length);

  function submit() {
    if (!canSend) return;
    if (onSend({ text, attachments: [...attachments], generateImage, knowledge: searchFiles ? knowledgeOf(scope, mentions) : undefined })) {
      setText('');
      setGenerateImage(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (pickerOpen && onPickerKey(event)) return;
    if (slashOpen && onPromptKey(event)) return;
    const plain = !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
    if (event.key === 'ArrowUp' && plain && text === '' && onEditLastMessage) {
      event.preventDefault();
      onEditLastMessage();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  /** The picker's keys; true when the key was its own. */
  function onPickerKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (event.key === 'Escape') {
      event.preventDefault();
      // Not also "stop the reply" or "close the dialog": this Escape only closes the picker.
      event.stopPropagation();
      setDismissedAt(typing!.start);
      return true;
    }
    if (options.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + options.length) % options.length);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      pickMention(options[Math.min(activeIndex, options.length - 1)]!);
      return true;
    }
    return false;
  }

  function onFilesPicked(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) onUploadFiles(files);
  }

  return (
    <form
      className="relative rounded-2xl border border-slate-200 bg-white p-2 shadow-lg shadow-slate-900/5 focus-within:border-genie-300 focus-within:ring-4 focus-within:ring-genie-100"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {pickerOpen && (
        <MentionListbox
          query={typing.query}
          candidates={options}
          loading={candidates.isFetching}
          activeIndex={activeIndex}
          onPick={pickMention}
          onHover={setActiveIndex}
        />
      )}
      {slashOpen && <PromptListbox choices={choices} activeIndex={Math.min(promptIndex, Math.max(0, choices.length - 1))} onPick={pickPrompt} onHover={setPromptIndex} onManage={() => setManagingPrompts(true)} />}
      <PromptLibraryDialog
        open={managingPrompts}
        onClose={() => {
          setManagingPrompts(false);
          requestAnimationFrame(() => textareaRef.current?.focus());
        }}
      />
      <PlaceholderDialog
        prompt={asking}
        onDone={(filled) => {
          setAsking(null);
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
        Message
      </label>
      <textarea
        id="chat-message"
        ref={textareaRef}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (slashQuery(event.target.value) === null) setSlashDismissed(false);
          trackMention(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => trackMention(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setTyping(null)}
        onKeyDown={onKeyDown}
        placeholder="Type your message..."
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
        <input ref={fileInputRef} type="file" multiple hidden onChange={onFilesPicked} data-testid="attach-input" />
        <button type="button" aria-label="Attach" title="Attach files" className={toolButton} disabled={uploading} onClick={() => fileInputRef.current?.click()}>
          {uploading ? <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" /> : <Paperclip aria-hidden="true" className="h-5 w-5" />}
        </button>
        <button
          type="button"
          aria-label="Generate image"
          title="Generate an image with this message"
          aria-pressed={generateImage}
          className={toolButton}
          onClick={() => setGenerateImage((on) => !on)}
        >
          <ImagePlus aria-hidden="true" className="h-5 w-5" />
        </button>
        <button
          type="button"
          aria-label="Search my files"
          title="Answer from your files, with citations (type @ in the message to pick files or folders)"
          aria-pressed={searchFiles}
          className={cn(toolButton, 'w-auto gap-1.5 px-2 text-xs font-medium')}
          onClick={toggleSearchFiles}
        >
          <FileSearch aria-hidden="true" className="h-5 w-5" />
          <span className="hidden whitespace-nowrap sm:inline">Search my files</span>
        </button>
        {searchFiles && mentions.length === 0 && (
          <label className="flex items-center">
            <span className="sr-only">Which files to search</span>
            <select
              value={scope}
              onChange={(event) => setScope(event.target.value as SearchScope)}
              className="h-8 rounded-lg border border-slate-200 bg-white px-1.5 text-xs text-slate-700 outline-none focus-visible:ring-2 focus-visible:ring-genie-300"
            >
              <option value="all">All files</option>
              <option value="private">My files</option>
              <option value="team">Team files</option>
            </select>
          </label>
        )}
        {voiceEnabled && dictation.supported && (
          <button
            type="button"
            aria-label={dictation.listening ? 'Stop dictation' : 'Dictate'}
            title="Dictate a message"
            aria-pressed={dictation.listening}
            className={cn(toolButton, dictation.listening && 'animate-pulse text-rose-600')}
            onClick={dictation.listening ? dictation.stop : dictation.start}
          >
            {dictation.listening ? <MicOff aria-hidden="true" className="h-5 w-5" /> : <Mic aria-hidden="true" className="h-5 w-5" />}
          </button>
        )}
        <span className="ml-auto hidden pr-2 text-[11px] text-slate-500 sm:inline">Enter to send · Shift+Enter for a new line</span>
        {sending ? (
          <button
            type="button"
            onClick={onStop}
            title="Stop generating (Esc)"
            className="ml-auto inline-flex h-10 items-center gap-2 rounded-xl bg-slate-900 px-4 text-sm font-semibold text-slate-50 shadow-sm transition hover:bg-slate-700 sm:ml-0"
          >
            <Square aria-hidden="true" className="h-3.5 w-3.5 fill-current" />
            Stop
          </button>
        ) : (
          <button
            type="submit"
            disabled={!canSend}
            className={cn(
              'ml-auto inline-flex h-10 items-center gap-2 rounded-xl bg-gradient-to-r px-4 text-sm font-semibold text-white shadow-sm transition hover:brightness-110 disabled:opacity-50 sm:ml-0',
              accentGradient,
            )}
          >
            <SendHorizontal aria-hidden="true" className="h-4 w-4" />
            Send
          </button>
        )}
      </div>
    </form>
  );
});
