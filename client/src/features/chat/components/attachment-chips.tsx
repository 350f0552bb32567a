import { FileText, Image as ImageIcon, Paperclip, X } from 'lucide-react';
import type { Attachment } from '@contract/chat';
import { writtenSize } from '@/lib/i18n/written-size';
import { cn } from '@/lib/utils';
import { useChatTexts } from '../texts';

function AttachmentIcon({ type }: { type: string }) {
  const Icon = type.startsWith('image/') ? ImageIcon : type.startsWith('text/') || type.includes('pdf') || type.includes('document') ? FileText : Paperclip;
  return <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />;
}

/** Attachments as chips: removable above the message box, plain inside a sent message. */
export function AttachmentChips({
  attachments,
  onRemove,
  tone = 'light',
}: {
  attachments: readonly Attachment[];
  onRemove?(url: string): void;
  tone?: 'light' | 'onColor';
}) {
  const { t, i18n } = useChatTexts();
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={t('attachments.label')} className="flex flex-wrap gap-1.5">
      {attachments.map((attachment) => (
        <li
          key={attachment.url}
          className={cn(
            'flex max-w-full items-center gap-1.5 rounded-full py-1 pl-2.5 text-xs',
            onRemove ? 'pr-1' : 'pr-2.5',
            tone === 'onColor' ? 'bg-white/20 text-white' : 'border border-genie-200 bg-genie-50 text-genie-900',
          )}
        >
          {attachment.type.startsWith('image/') && attachment.url.startsWith('/api/files/') ? (
            // A thumbnail of the user's own image, from our own download address.
            <img src={attachment.url} alt="" loading="lazy" className="-my-0.5 -ml-1.5 h-7 w-7 shrink-0 rounded-full object-cover" />
          ) : (
            <AttachmentIcon type={attachment.type} />
          )}
          <span className="truncate font-medium">{attachment.name}</span>
          {attachment.size > 0 && <span className="shrink-0 opacity-70">{writtenSize(i18n.language, attachment.size, 1)}</span>}
          {onRemove && (
            <button
              type="button"
              aria-label={t('attachments.remove', { name: attachment.name })}
              onClick={() => onRemove(attachment.url)}
              className="ml-0.5 rounded-full p-0.5 hover:bg-genie-200"
            >
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
