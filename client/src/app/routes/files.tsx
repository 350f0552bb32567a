import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { FileBrowser } from '@/features/files/components/file-browser';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import type { BrowserPlace } from '@/features/files/components/library-tabs';

/** `/files?scope=team&folder=<id>`: the place in the URL, so Back, forward and reload return to it. */
const placeOf = (search: string): BrowserPlace => {
  const params = new URLSearchParams(search);
  return { scope: params.get('scope') === 'team' ? 'team' : 'private', folderId: params.get('folder') || null };
};

const urlOf = ({ scope, folderId }: BrowserPlace) => {
  const params = new URLSearchParams();
  if (scope === 'team') params.set('scope', 'team');
  if (folderId) params.set('folder', folderId);
  const query = params.toString();
  return query ? `/files?${query}` : '/files';
};

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
