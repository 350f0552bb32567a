import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PROMPT_BODY_MAX_CHARS, PROMPT_TITLE_MAX_CHARS, placeholdersOf } from '@contract/prompts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorSentence } from '@/lib/error-sentence';
import { createPrompt, deletePrompt, promptsQueryOptions, usePrompts } from '../api/projects';
import { useChatTexts } from '../texts';

/**
 * The prompt library (issue 42): the saved prompts the caller sees, a form to save a new one
 * (private or shared with the team) and Delete for those the caller may change. Opened from the
 * "/" picker; the server's sentence is shown when it refuses (a team prompt without a team, say).
 */
export function PromptLibraryDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useChatTexts();
  const queryClient = useQueryClient();
  const prompts = usePrompts(open);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: promptsQueryOptions().queryKey });

  async function save(event: FormEvent) {
    event.preventDefault();
    // The dialog sits inside the composer's form in React's tree, where a submit would also send the message.
    event.stopPropagation();
    setSaving(true);
    setError(null);
    try {
      await createPrompt({ title, body, scope: shared ? 'team' : 'private' });
      setTitle('');
      setBody('');
      setShared(false);
      await refresh();
    } catch (caught) {
      setError(errorSentence(caught));
    } finally {
      setSaving(false);
    }
  }

  async function remove(id: string) {
    setError(null);
    try {
      await deletePrompt(id);
      await refresh();
    } catch (caught) {
      setError(errorSentence(caught));
    }
  }

  const names = placeholdersOf(body);
  const list = prompts.data?.prompts ?? [];
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{t('library.title')}</DialogTitle>
        <DialogDescription>{t('library.description', { placeholder: '{{name}}' })}</DialogDescription>
        <ul aria-label={t('library.listLabel')} className="mt-3 flex flex-col gap-1">
          {list.length === 0 && <li className="text-sm text-slate-500">{prompts.isLoading ? t('library.loading') : t('library.empty')}</li>}
          {list.map((p) => (
            <li key={p.id} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate font-medium text-slate-800">{p.title}</span>
              <span className="text-xs text-slate-500">{p.scope === 'team' ? t('prompts.team', { name: p.createdBy }) : t('prompts.mine')}</span>
              {p.canEdit && (
                <button type="button" onClick={() => void remove(p.id)} aria-label={t('library.delete', { title: p.title })} className="rounded-md p-1 text-slate-500 hover:bg-red-50 hover:text-red-700">
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
        <form onSubmit={save} className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {t('library.titleField')}
            <input value={title} maxLength={PROMPT_TITLE_MAX_CHARS} onChange={(e) => setTitle(e.target.value)} required className="h-10 rounded-lg border border-slate-300 px-3 text-sm font-normal" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {t('library.promptField')}
            <textarea value={body} maxLength={PROMPT_BODY_MAX_CHARS} onChange={(e) => setBody(e.target.value)} required rows={4} className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal" />
          </label>
          {names.length > 0 && <p className="text-xs text-slate-500">{t('library.asksFor', { names: names.join(', ') })}</p>}
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} className="h-4 w-4" />
            {t('library.share')}
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button type="submit" disabled={saving} className="self-end rounded-lg bg-genie-600 px-4 py-2 text-sm font-semibold text-white hover:bg-genie-700 disabled:opacity-60">
            {t('library.save')}
          </button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
