import { useState, type KeyboardEvent } from 'react';
import { placeholdersOf } from '@contract/prompts';
import { usePrompts } from '../api/projects';
import { promptChoices, slashQuery, type PromptChoice } from '../components/prompt-picker';

/**
 * "/" at the start of an empty message opens the prompt library (issue 42); a prompt with
 * placeholders asks for them first (`asking`), one without goes into the box whole.
 */
export function usePromptPicker({ text, setText, mentionPickerOpen, focus }: { text: string; setText(text: string): void; mentionPickerOpen: boolean; focus(): void }) {
  const slash = slashQuery(text);
  const [slashDismissed, setSlashDismissed] = useState(false);
  const slashOpen = slash !== null && !slashDismissed && !mentionPickerOpen;
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
      focus();
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

  /** A box that no longer starts with "/" lets the next "/" open the library again. */
  function textChanged(value: string) {
    if (slashQuery(value) === null) setSlashDismissed(false);
  }

  return { slashOpen, choices, promptIndex, setPromptIndex, asking, setAsking, managingPrompts, setManagingPrompts, pickPrompt, onPromptKey, textChanged };
}
