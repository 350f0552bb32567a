import { ChevronRight, Home } from 'lucide-react';
import { useBreadcrumbs } from '../api/get-breadcrumbs';
import { useFilesTexts } from '../texts';

/** SPEC §2: the breadcrumb starts at Home; each crumb opens its folder. */
export function BreadcrumbBar({ folderId, searching, onOpen }: { folderId: string | null; searching: boolean; onOpen: (id: string | null) => void }) {
  const { t } = useFilesTexts();
  const { data: crumbs = [] } = useBreadcrumbs(searching ? null : folderId);
  return (
    <nav aria-label={t('breadcrumb')} className="flex min-w-0 items-center gap-1 overflow-x-auto text-sm">
      <button
        type="button"
        onClick={() => onOpen(null)}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Home aria-hidden className="h-4 w-4" />
        {t('home')}
      </button>
      {searching ? (
        <>
          <ChevronRight aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
          <span className="shrink-0 px-2 py-1 text-slate-500">{t('searchResults')}</span>
        </>
      ) : (
        crumbs.map((crumb, index) => (
          <span key={crumb.id} className="inline-flex min-w-0 items-center gap-1">
            <ChevronRight aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
            {index === crumbs.length - 1 ? (
              <span aria-current="page" className="truncate px-2 py-1 font-medium text-slate-900">
                {crumb.name}
              </span>
            ) : (
              <button type="button" onClick={() => onOpen(crumb.id)} className="truncate rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
                {crumb.name}
              </button>
            )}
          </span>
        ))
      )}
    </nav>
  );
}
