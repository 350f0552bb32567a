import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n/i18n';
import { PdfPageView } from './pdf-page-view';

/**
 * A safe inline preview of one of the user's files: images, PDF (drawn by pdf.js, opened at a
 * page), audio, video and text. Nothing the user uploaded is ever rendered as
 * HTML: an HTML or Markdown file shows as its characters. Other formats show the excerpt given
 * (a citation's snippet) and a download link.
 */
export interface PreviewTarget {
  fileId: string;
  fileName: string;
  /** The file's type when known; guessed from the name otherwise. */
  mimeType?: string;
  /** PDF page (or slide, sheet) to open at. */
  page?: number | null;
  /** The passage to show above the file (a citation's snippet). */
  excerpt?: string;
}

type PreviewKind = 'image' | 'pdf' | 'audio' | 'video' | 'text' | 'other';

const TEXT_NAMES = /\.(txt|md|markdown|csv|tsv|json|log|xml|ya?ml|ini|toml|html?)$/i;

export function previewKind(mimeType: string | undefined, fileName: string): PreviewKind {
  const type = (mimeType ?? '').toLowerCase();
  if (type === 'application/pdf' || /\.pdf$/i.test(fileName)) return 'pdf';
  if (type.startsWith('image/') && !type.includes('svg')) return 'image';
  if (/\.(png|jpe?g|gif|webp|avif)$/i.test(fileName)) return 'image';
  if (type.startsWith('audio/') || /\.(mp3|wav|ogg|m4a|flac)$/i.test(fileName)) return 'audio';
  if (type.startsWith('video/') || /\.(mp4|webm|mov)$/i.test(fileName)) return 'video';
  if (type.startsWith('text/') || type === 'application/json' || TEXT_NAMES.test(fileName)) return 'text';
  return 'other';
}

const downloadUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}/download`;
const TEXT_PREVIEW_BYTES = 200_000;

function TextBody({ fileId }: { fileId: string }) {
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    const controller = new AbortController();
    fetch(downloadUrl(fileId), { credentials: 'include', signal: controller.signal, headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` } })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then(setText, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [fileId]);
  if (failed) return <p className="text-sm text-red-700">{t('preview.loadFailed')}</p>;
  if (text === null) return <Spinner />;
  // As characters, in a <pre>: never parsed as markup.
  return <pre className="max-h-[55vh] overflow-auto whitespace-pre-wrap break-words rounded-xl bg-slate-50 p-3 text-xs leading-relaxed text-slate-800">{text}</pre>;
}

export function FilePreviewBody({ target }: { target: PreviewTarget }) {
  const { t } = useTranslation();
  const kind = previewKind(target.mimeType, target.fileName);
  const url = downloadUrl(target.fileId);
  switch (kind) {
    case 'pdf':
      return <PdfPageView url={url} fileName={target.fileName} page={target.page} />;
    case 'image':
      return <img src={url} alt={target.fileName} className="max-h-[60vh] w-auto rounded-xl border border-slate-200" />;
    case 'audio':
      return <audio controls src={url} className="w-full" />;
    case 'video':
      return <video controls src={url} className="max-h-[60vh] w-full rounded-xl" />;
    case 'text':
      return <TextBody fileId={target.fileId} />;
    case 'other':
      return <p className="text-sm text-slate-600">{t('preview.cannotShow')}</p>;
  }
}

export function FilePreviewDialog({ target, onClose }: { target: PreviewTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {target && (
          <>
            <DialogTitle className="pr-8 break-all">
              {target.fileName}
              {target.page ? <span className="font-normal text-slate-500"> · {t('preview.page', { page: target.page })}</span> : null}
            </DialogTitle>
            {target.excerpt ? (
              <DialogDescription asChild>
                <blockquote className="border-l-4 border-genie-300 pl-3 text-sm italic text-slate-600">{target.excerpt}</blockquote>
              </DialogDescription>
            ) : (
              <DialogDescription className="sr-only">{t('preview.of', { name: target.fileName })}</DialogDescription>
            )}
            <FilePreviewBody target={target} />
            <a href={`${downloadUrl(target.fileId)}?download=1`} className="inline-flex items-center gap-2 text-sm font-medium text-genie-700 hover:underline">
              <Download aria-hidden className="h-4 w-4" /> {t('preview.download')}
            </a>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
