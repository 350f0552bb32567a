import { BookMarked } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { BUILT_IN_TEMPLATES } from '@contract/prompt-templates';
import { fillPlaceholders, placeholdersOf } from '@contract/prompts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { chatText, useChatTexts } from '../texts';

export const PROMPT_LISTBOX_ID = 'prompt-listbox';
export const promptOptionId = (index: number) => `prompt-option-${index}`;

/** One choice of the "/" picker: a saved prompt, or one of the six built-in templates. */
export interface PromptChoice {
  key: string;
  title: string;
  body: string;
  note: string;
}

/** "/query" as the whole message so far opens the picker; the query filters by title. */
export const slashQuery = (text: string): string | null => {
  const match = /^\/(\S*)$/.exec(text);
  return match ? match[1]!.toLowerCase() : null;
};

/** Saved prompts first, then the built-in templates, those whose title holds the query. */
export function promptChoices(saved: readonly { id: string; title: string; body: string; scope: string; createdBy: string }[], query: string): PromptChoice[] {
  const all: PromptChoice[] = [
    ...saved.map((p) => ({ key: p.id, title: p.title, body: p.body, note: p.scope === 'team' ? chatText('prompts.team', { name: p.createdBy }) : chatText('prompts.mine') })),
    ...BUILT_IN_TEMPLATES.map((t) => ({ key: `template-${t.slug}`, title: t.name, body: t.body, note: chatText('prompts.template') })),
  ];
  return all.filter((c) => c.title.toLowerCase().includes(query)).slice(0, 20);
}

/**
 * The prompts matching "/query", above the message box. Focus stays in the message box, which
 * points at the active option with aria-activedescendant; arrows move, Enter picks, Escape closes.
 */
export function PromptListbox({
  choices,
  activeIndex,
  onPick,
  onHover,
  onManage,
}: {
  choices: PromptChoice[];
  activeIndex: number;
  onPick(choice: PromptChoice): void;
  onHover(index: number): void;
  /** Opens the prompt library, where prompts are saved and deleted. */
  onManage(): void;
}) {
  const { t } = useChatTexts();
  return (
    <div className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/10 sm:right-auto sm:w-96">
      <p className="border-b border-slate-100 px-3 py-2 text-xs text-slate-500">{t('prompts.insertSaved')}</p>
      <ul id={PROMPT_LISTBOX_ID} role="listbox" aria-label={t('prompts.listLabel')} className="max-h-64 overflow-y-auto p-1">
        {choices.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">{t('prompts.noMatch')}</li>}
        {choices.map((choice, index) => (
          <li
            key={choice.key}
            id={promptOptionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onHover(index)}
            onClick={() => onPick(choice)}
            className={`flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-sm ${index === activeIndex ? 'bg-genie-50 text-genie-900' : 'text-slate-700'}`}
          >
            <BookMarked aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
            <span className="min-w-0 flex-1 truncate">{choice.title}</span>
            <span className="text-xs text-slate-400">{choice.note}</span>
          </li>
        ))}
      </ul>
      <div className="border-t border-slate-100 p-1">
        <button
          type="button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={onManage}
          className="w-full rounded-xl px-3 py-2 text-left text-sm font-medium text-genie-700 hover:bg-genie-50"
        >
          {t('prompts.manage')}
        </button>
      </div>
    </div>
  );
}

/** Asks for a prompt's {{placeholders}}, then hands back the filled text. */
export function PlaceholderDialog({ prompt, onDone }: { prompt: { title: string; body: string } | null; onDone(text: string | null): void }) {
  const { t } = useChatTexts();
  const names = prompt ? placeholdersOf(prompt.body) : [];
  const [values, setValues] = useState<Record<string, string>>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    if (prompt) onDone(fillPlaceholders(prompt.body, values));
    setValues({});
  }
  return (
    <Dialog open={prompt !== null} onOpenChange={(open) => !open && (setValues({}), onDone(null))}>
      <DialogContent>
        <DialogTitle>{prompt?.title}</DialogTitle>
        <DialogDescription>{t('prompts.fillIn')}</DialogDescription>
        <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
          {names.map((name, i) => (
            <label key={name} className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              {name}
              <input
                autoFocus={i === 0}
                value={values[name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
                className="h-10 rounded-lg border border-slate-300 px-3 text-sm font-normal"
              />
            </label>
          ))}
          <button type="submit" className="self-end rounded-lg bg-genie-600 px-4 py-2 text-sm font-semibold text-white hover:bg-genie-700">
            {t('prompts.insert')}
          </button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
