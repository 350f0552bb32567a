import { User, Users } from 'lucide-react';
import type { FileScope } from '@contract/files';
import { cn } from '@/lib/utils';
import { useFilesTexts } from '../texts';

const TABS: { scope: FileScope; label: 'myFiles' | 'team'; Icon: typeof User }[] = [
  { scope: 'private', label: 'myFiles', Icon: User },
  { scope: 'team', label: 'team', Icon: Users },
];

/** "My files" and "Team": which library the file manager shows (issue 15). */
export function LibraryTabs({ scope, onChange, className }: { scope: FileScope; onChange: (scope: FileScope) => void; className?: string }) {
  const { t } = useFilesTexts();
  return (
    <div role="tablist" aria-label={t('library')} className={cn('inline-flex rounded-lg border border-slate-200 bg-white p-0.5', className)}>
      {TABS.map(({ scope: tab, label, Icon }) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={scope === tab}
          onClick={() => onChange(tab)}
          className={cn(
            // nowrap: German's "Meine Dateien" broke onto two lines in the tab's one-line height on a phone.
            'inline-flex h-8 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-600 hover:text-slate-900 sm:flex-none',
            scope === tab && 'bg-genie-100 text-genie-700 hover:text-genie-700',
          )}
        >
          <Icon aria-hidden className="h-4 w-4" />
          {t(label)}
        </button>
      ))}
    </div>
  );
}
