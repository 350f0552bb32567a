import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { FileBrowser } from '@/features/files/components/file-browser';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { placeOf, urlOf } from '@contract/file-places';

/** SPEC §2: /files shows the file browser full screen. */
export default function FilesPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  return (
    <main className="mx-auto min-h-screen w-full max-w-7xl px-4 py-5 sm:px-6 sm:py-8">
      <div className="mb-4 flex items-center justify-between gap-2">
        <Link href="/chat" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-500 hover:text-genie-700">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Back to chat
        </Link>
        <ThemeToggle className="text-slate-600 hover:bg-slate-100 hover:text-slate-900" />
      </div>
      <FileBrowser place={placeOf(search)} onNavigate={(place) => navigate(urlOf(place))} />
    </main>
  );
}
