import { useState, type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction } from 'react';
import { useMentionCandidates } from '../api/mention-candidates';
import { activeMention, withoutMention, type ActiveMention, type Mention } from '../lib/mention';

/**
 * The message box's "@" picker: files and folders named with @ narrow "Search my files" to them.
 * `pendingCaret` is where the caret goes once the box holds the text without the "@name".
 */
export function useMentionPicker({
  text,
  setText,
  pendingCaret,
  onMentioned,
}: {
  text: string;
  setText: Dispatch<SetStateAction<string>>;
  pendingCaret: RefObject<number | null>;
  /** A mention turns "Search my files" on. */
  onMentioned(): void;
}) {
  // Files and folders named with @: the answer is searched in them only. They stay, like the toggle.
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [typing, setTyping] = useState<ActiveMention | null>(null);
  // Escape closes the picker for this @ until another one is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const pickerOpen = typing !== null && typing.start !== dismissedAt;
  const candidates = useMentionCandidates(typing?.query ?? '', pickerOpen);
  const options = pickerOpen ? (candidates.data ?? []) : [];

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
    onMentioned();
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

  return { mentions, setMentions, typing, setTyping, pickerOpen, loading: candidates.isFetching, options, activeIndex, setActiveIndex, trackMention, pickMention, onPickerKey };
}
