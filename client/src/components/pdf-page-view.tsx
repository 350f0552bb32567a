import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'unpdf/pdfjs';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/i18n';

/**
 * A PDF drawn page by page by pdf.js (the build unpdf ships, which the server already reads PDFs
 * with), opened at a page. Not the browser's own viewer in a frame: phone browsers show no PDF in a
 * frame at all, and a frame's `#page=` cannot be seen or checked from the page. pdf.js only draws:
 * the file's scripts, forms and links are never run or shown (no annotation layer, no eval, no XFA).
 */
export interface PdfPageViewProps {
  url: string;
  fileName: string;
  /** The page to open at; out-of-range pages open the nearest one. */
  page?: number | null;
}

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; doc: PDFDocumentProxy };

async function openPdf(url: string, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (!response.ok) throw new Error(String(response.status));
  const data = new Uint8Array(await response.arrayBuffer());
  // Loaded only when a PDF is opened: pdf.js is a large module the rest of the app never needs.
  const { getDocument } = await import('unpdf/pdfjs');
  return getDocument({ data, isEvalSupported: false, enableXfa: false, stopAtErrors: false }).promise;
}

export function PdfPageView({ url, fileName, page }: PdfPageViewProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [current, setCurrent] = useState(Math.max(1, page ?? 1));
  const [drawn, setDrawn] = useState<{ page: number; text: string } | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let opened: PDFDocumentProxy | null = null;
    setLoaded({ kind: 'loading' });
    openPdf(url, controller.signal).then(
      (doc) => {
        opened = doc;
        if (controller.signal.aborted) return void doc.destroy();
        setCurrent((wanted) => Math.min(Math.max(1, wanted), doc.numPages));
        setLoaded({ kind: 'ready', doc });
      },
      () => !controller.signal.aborted && setLoaded({ kind: 'failed' }),
    );
    return () => {
      controller.abort();
      void opened?.destroy();
    };
  }, [url]);

  useEffect(() => setCurrent(Math.max(1, page ?? 1)), [page]);

  const doc = loaded.kind === 'ready' ? loaded.doc : null;
  useEffect(() => {
    if (!doc || !canvasRef.current || !frameRef.current) return;
    const canvas = canvasRef.current;
    const width = frameRef.current.clientWidth || 600;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void (async () => {
      const pdfPage = await doc.getPage(current);
      if (cancelled) return;
      const base = pdfPage.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = pdfPage.getViewport({ scale: (width / base.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = pdfPage.render({ canvas, viewport });
      try {
        await task.promise;
      } catch {
        return; // cancelled by the next page's render
      }
      const content = await pdfPage.getTextContent();
      if (cancelled) return;
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ').trim();
      setDrawn({ page: current, text });
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, current]);

  if (loaded.kind === 'failed') {
    return (
      <p className="text-sm text-slate-600">
        {t('pdf.failed')}{' '}
        <a href={`${url}${page ? `#page=${page}` : ''}`} target="_blank" rel="noopener noreferrer" className="font-medium text-genie-700 hover:underline">
          {t('pdf.openInBrowser')}
        </a>
        .
      </p>
    );
  }
  const pages = doc?.numPages ?? 0;
  const ready = drawn !== null && drawn.page === current;
  return (
    <div data-testid="pdf-preview" data-page={ready ? current : undefined} data-pages={pages || undefined} className="flex min-h-0 flex-col gap-2">
      <div ref={frameRef} className="relative max-h-[55vh] min-h-40 overflow-auto rounded-xl border border-slate-200 bg-slate-100 p-2">
        <canvas ref={canvasRef} role="img" aria-label={pages ? t('pdf.canvasOf', { name: fileName, current, pages }) : t('pdf.canvas', { name: fileName, current })} className="fixed-palette block h-auto w-full bg-white shadow-sm" />
        {!ready && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner />
          </div>
        )}
        {/* The drawn page's words, for screen readers and find-in-page-less phones: the canvas has none. */}
        {ready && <p className="sr-only" data-testid="pdf-page-text">{drawn.text}</p>}
      </div>
      {pages > 1 && (
        <div className="flex items-center justify-center gap-2 text-sm text-slate-600">
          <button
            type="button"
            aria-label={t('pdf.previous')}
            disabled={current <= 1}
            onClick={() => setCurrent((n) => n - 1)}
            className="inline-flex h-8 w-8 items-center justify-center rounded-lg border border-slate-200 hover:bg-slate-50 disabled:opacity-40"
          >
            <ChevronLeft aria-hidden className="h-4 w-4" />
          </button>
          <span aria-live="polite" data-testid="pdf-page-label">
            {t('pdf.pageOf', { current, pages })}
          </span>
          <button
            type="button"
            aria-label={t('pdf.next')}
            disabled={current >= pages}
            onClick={() => setCurrent((n) => n + 1)}
            className="inline-flex h-8 w-8 items-center justify-center rounded-lg border border-slate-200 hover:bg-slate-50 disabled:opacity-40"
          >
            <ChevronRight aria-hidden className="h-4 w-4" />
          </button>
        </div>
      )}
    </div>
  );
}
