import { FileSearch, ImagePlus, Loader2, Mic, MicOff, Paperclip } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import type { SearchScope } from '@contract/search';
import { cn } from '@/lib/utils';
import type { useDictation } from '../hooks/use-speech';
import { useChatTexts } from '../texts';

const toolButton =
  'flex h-9 w-9 items-center justify-center rounded-xl text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 aria-pressed:bg-genie-100 aria-pressed:text-genie-700';

/** Attach: the hidden file input and its button (a spinner while files upload). */
export function AttachButton({ uploading, onUploadFiles }: { uploading: boolean; onUploadFiles(files: File[]): void }) {
  const { t } = useChatTexts();
  const fileInputRef = useRef<HTMLInputElement>(null);

  function onFilesPicked(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) onUploadFiles(files);
  }

  return (
    <>
      <input ref={fileInputRef} type="file" multiple hidden onChange={onFilesPicked} data-testid="attach-input" />
      <button type="button" aria-label={t('tools.attach')} title={t('tools.attachTitle')} className={toolButton} disabled={uploading} onClick={() => fileInputRef.current?.click()}>
        {uploading ? <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" /> : <Paperclip aria-hidden="true" className="h-5 w-5" />}
      </button>
    </>
  );
}

export function GenerateImageToggle({ on, onToggle }: { on: boolean; onToggle(): void }) {
  const { t } = useChatTexts();
  return (
    <button type="button" aria-label={t('tools.generateImage')} title={t('tools.generateImageTitle')} aria-pressed={on} className={toolButton} onClick={onToggle}>
      <ImagePlus aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}

/** "Search my files", and which files while no file or folder is named with @. */
export function SearchFilesToggle({
  on,
  onToggle,
  showScope,
  scope,
  onScopeChange,
}: {
  on: boolean;
  onToggle(): void;
  showScope: boolean;
  scope: SearchScope;
  onScopeChange(scope: SearchScope): void;
}) {
  const { t } = useChatTexts();
  return (
    <>
      <button
        type="button"
        aria-label={t('tools.searchFiles')}
        title={t('tools.searchFilesTitle')}
        aria-pressed={on}
        className={cn(toolButton, 'w-auto gap-1.5 px-2 text-xs font-medium')}
        onClick={onToggle}
      >
        <FileSearch aria-hidden="true" className="h-5 w-5" />
        <span className="hidden whitespace-nowrap sm:inline">{t('tools.searchFiles')}</span>
      </button>
      {showScope && (
        <label className="flex items-center">
          <span className="sr-only">{t('tools.scope')}</span>
          <select
            value={scope}
            onChange={(event) => onScopeChange(event.target.value as SearchScope)}
            className="h-8 rounded-lg border border-slate-200 bg-white px-1.5 text-xs text-slate-700 outline-none focus-visible:ring-2 focus-visible:ring-genie-300"
          >
            <option value="all">{t('tools.scopeAll')}</option>
            <option value="private">{t('tools.scopePrivate')}</option>
            <option value="team">{t('tools.scopeTeam')}</option>
          </select>
        </label>
      )}
    </>
  );
}

/** Dictate: speech to text into the message box, while the browser can. */
export function DictateButton({ dictation }: { dictation: ReturnType<typeof useDictation> }) {
  const { t } = useChatTexts();
  return (
    <button
      type="button"
      aria-label={dictation.listening ? t('tools.stopDictation') : t('tools.dictate')}
      title={t('tools.dictateTitle')}
      aria-pressed={dictation.listening}
      className={cn(toolButton, dictation.listening && 'animate-pulse text-rose-600')}
      onClick={dictation.listening ? dictation.stop : dictation.start}
    >
      {dictation.listening ? <MicOff aria-hidden="true" className="h-5 w-5" /> : <Mic aria-hidden="true" className="h-5 w-5" />}
    </button>
  );
}
