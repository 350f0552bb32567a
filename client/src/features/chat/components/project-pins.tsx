import { File, Folder, X } from 'lucide-react';
import { useId, useState } from 'react';
import { PROJECT_PINS_MAX } from '@contract/projects';
import { useMentionCandidates } from '../api/mention-candidates';
import { useChatTexts } from '../texts';

/** A file or folder pinned to a project; `name` is unknown for pins the project had before this form opened. */
export interface ProjectPin {
  kind: 'file' | 'folder';
  id: string;
  name?: string;
}

/**
 * Issue 42: the project's knowledge, picked by name from the user's and the team's libraries (the
 * same search as @ in the message box). "Search my files" in the project's chats searches them.
 */
export function ProjectPins({ pins, onChange }: { pins: ProjectPin[]; onChange(pins: ProjectPin[]): void }) {
  const { t } = useChatTexts();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const candidates = useMentionCandidates(query.trim(), query.trim() !== '');
  const pinned = new Set(pins.map((p) => p.id));
  // The server takes at most PROJECT_PINS_MAX files and as many folders.
  const room = (kind: ProjectPin['kind']) => pins.filter((p) => p.kind === kind).length < PROJECT_PINS_MAX;
  const offered = query.trim() === '' ? [] : (candidates.data ?? []).filter((c) => !pinned.has(c.id) && room(c.kind));

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId}>{t('pins.label')}</label>
      {pins.length > 0 && (
        <ul aria-label={t('pins.label')} className="flex flex-wrap gap-1">
          {pins.map((pin) => {
            const name = pin.name ?? (pin.kind === 'file' ? t('pins.aFile') : t('pins.aFolder'));
            return (
              <li key={pin.id} className="inline-flex max-w-full items-center gap-1 rounded-full bg-white/15 py-0.5 pl-2 pr-0.5 text-white">
                {pin.kind === 'file' ? <File aria-hidden="true" className="h-3 w-3 shrink-0" /> : <Folder aria-hidden="true" className="h-3 w-3 shrink-0" />}
                <span className="truncate">{name}</span>
                <button
                  type="button"
                  aria-label={t('pins.unpin', { name })}
                  onClick={() => onChange(pins.filter((p) => p.id !== pin.id))}
                  className="flex h-5 w-5 items-center justify-center rounded-full hover:bg-white/20"
                >
                  <X aria-hidden="true" className="h-3 w-3" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        id={inputId}
        type="search"
        value={query}
        placeholder={t('pins.find')}
        onChange={(e) => setQuery(e.target.value.slice(0, 200))}
        className="h-8 rounded-md border border-white/20 bg-white/10 px-2 text-sm text-white outline-none placeholder:text-white/50"
      />
      {offered.length > 0 && (
        <ul aria-label={t('pins.offered')} className="flex flex-col gap-0.5">
          {offered.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => {
                  onChange([...pins, { kind: c.kind, id: c.id, name: c.name }]);
                  setQuery('');
                }}
                className="flex w-full items-center gap-1.5 rounded-md px-2 py-1 text-left text-white/85 hover:bg-white/10"
              >
                {c.kind === 'file' ? <File aria-hidden="true" className="h-3.5 w-3.5 shrink-0" /> : <Folder aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />}
                <span className="truncate">{t('pins.pin', { name: c.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.trim() !== '' && candidates.isSuccess && offered.length === 0 && <p className="text-white/60">{t('pins.none')}</p>}
    </div>
  );
}
