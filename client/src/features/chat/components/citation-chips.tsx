import { FileText } from 'lucide-react';
import { useState } from 'react';
import type { Citation } from '@contract/search';
import { FilePreviewDialog, type PreviewTarget } from '@/components/file-preview';
import { useChatTexts } from '../texts';

/** Under a reply: one chip per cited passage ("[1] acme-msa.pdf · p. 9"), opening the file at that page. */
export function CitationChips({ citations }: { citations: Citation[] }) {
  const { t } = useChatTexts();
  const [open, setOpen] = useState<PreviewTarget | null>(null);
  if (citations.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-1.5" aria-label={t('citations.label')}>
      {citations.map((c) => (
        <button
          key={c.n}
          type="button"
          data-testid="citation-chip"
          title={c.snippet}
          onClick={() => setOpen({ fileId: c.fileId, fileName: c.fileName, page: c.page, excerpt: c.snippet })}
          className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-700 transition hover:border-genie-300 hover:bg-genie-50"
        >
          <span className="font-semibold text-genie-700">[{c.n}]</span>
          <FileText aria-hidden className="h-3.5 w-3.5 shrink-0 text-slate-400" />
          <span className="truncate">{c.fileName}</span>
          {c.page ? <span className="shrink-0 text-slate-500">· {t('common:preview.page', { page: c.page })}</span> : null}
        </button>
      ))}
      <FilePreviewDialog target={open} onClose={() => setOpen(null)} />
    </div>
  );
}
