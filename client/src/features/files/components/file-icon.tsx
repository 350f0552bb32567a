import { File, FileAudio, FileImage, FileText, FileVideo, Folder } from 'lucide-react';
import { fileCategoryOf } from '@contract/file-category';
import { cn } from '@/lib/utils';

const STYLES = {
  image: { Icon: FileImage, tint: 'bg-emerald-50 text-emerald-600' },
  video: { Icon: FileVideo, tint: 'bg-rose-50 text-rose-600' },
  audio: { Icon: FileAudio, tint: 'bg-amber-50 text-amber-600' },
  document: { Icon: FileText, tint: 'bg-sky-50 text-sky-600' },
  other: { Icon: File, tint: 'bg-slate-100 text-slate-500' },
} as const;

/** SPEC §2: an icon by mime type (image, video, audio, text/document, other). */
export function FileIcon({ mimeType, className, size = 'md' }: { mimeType: string; className?: string; size?: 'sm' | 'md' }) {
  const category = fileCategoryOf(mimeType);
  const { Icon, tint } = STYLES[category];
  return (
    <span
      data-category={category}
      className={cn('inline-flex shrink-0 items-center justify-center rounded-xl', tint, size === 'md' ? 'h-12 w-12' : 'h-9 w-9', className)}
    >
      <Icon aria-hidden className={size === 'md' ? 'h-6 w-6' : 'h-4.5 w-4.5'} />
    </span>
  );
}

export function FolderIcon({ className, size = 'md' }: { className?: string; size?: 'sm' | 'md' }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center justify-center rounded-xl bg-genie-50 text-genie-600', size === 'md' ? 'h-12 w-12' : 'h-9 w-9', className)}>
      <Folder aria-hidden className={size === 'md' ? 'h-6 w-6 fill-genie-200' : 'h-4.5 w-4.5 fill-genie-200'} />
    </span>
  );
}
