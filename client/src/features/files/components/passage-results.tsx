import type { SearchResult } from '@contract/search';
import { FileText } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { useSearchContents } from '../api/search-contents';
import { useFilesTexts } from '../texts';

/** The snippet as text, with the matched ranges in <mark>: built from ranges, never from markup. */
export function HighlightedSnippet({ result }: { result: Pick<SearchResult, 'snippet' | 'highlights'> }) {
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const [start, end] of [...result.highlights].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    if (start > at) parts.push({ text: result.snippet.slice(at, start), mark: false });
    parts.push({ text: result.snippet.slice(start, end), mark: true });
    at = end;
  }
  if (at < result.snippet.length) parts.push({ text: result.snippet.slice(at), mark: false });
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** "In your files": the passages matching the search box, each opening its file at its page. */
export function PassageResults({ query, onOpen }: { query: string; onOpen(result: SearchResult): void }) {
  const { t } = useFilesTexts();
  const { data, isLoading, isError } = useSearchContents(query);
  return (
    <section aria-label={t('passages.label')} className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700">{t('passages.title')}</h2>
      {isLoading ? (
        <Spinner />
      ) : isError ? (
        <p className="text-sm text-red-700">{t('passages.failed')}</p>
      ) : !data || data.results.length === 0 ? (
        <p className="text-sm text-slate-500">{t('passages.none', { query })}</p>
      ) : (
        <ul className="space-y-2" data-testid="passage-results">
          {data.results.map((result, i) => (
            <li key={`${result.fileId}-${i}`}>
              <button
                type="button"
                onClick={() => onOpen(result)}
                className="w-full rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm transition hover:border-genie-300 hover:bg-genie-50/40"
              >
                <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  <FileText aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
                  <span className="truncate" data-testid="passage-source">
                    {result.folderPath ? `${result.folderPath}/` : ''}
                    {result.fileName}
                  </span>
                  {result.page ? (
                    <span className="shrink-0 text-xs font-normal text-slate-500" data-testid="passage-page">
                      {t('passages.page', { page: result.page })}
                    </span>
                  ) : null}
                </span>
                <span className="mt-1 block text-sm leading-relaxed text-slate-600">
                  <HighlightedSnippet result={result} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
