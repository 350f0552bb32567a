import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { FileBrowser } from '@/features/files/components/file-browser';
import { SkipLink } from '@/components/ui/skip-link';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { placeOf, urlOf } from '@contract/file-places';
import { useFilesTexts } from '@/features/files/texts';

/** SPEC §2: /files shows the file browser full screen. */
export default function FilesPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { t } = useFilesTexts();
  return (
    <main id="main" tabIndex={-1} className="mx-auto min-h-screen w-full max-w-7xl px-4 py-5 outline-none sm:px-6 sm:py-8">
      <SkipLink href="#file-manager" label={t('skipToFileManager')} />
      <div className="mb-4 flex items-center justify-between gap-2">
        <Link href="/chat" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-500 hover:text-genie-700">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {t('backToChat')}
        </Link>
        <ThemeToggle className="text-slate-600 hover:bg-slate-100 hover:text-slate-900" />
      </div>
      <div id="file-manager" tabIndex={-1} className="outline-none">
        <FileBrowser place={placeOf(search)} onNavigate={(place) => navigate(urlOf(place))} />
      </div>
    </main>
  );
}
