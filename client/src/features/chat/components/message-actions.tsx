import { Check, Copy, GitBranchPlus, RefreshCw, ThumbsDown, ThumbsUp, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FeedbackValue } from '@contract/chat';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useChatTexts } from '../texts';

/** SPEC §9: the copied marker shows for 2000 ms. */
export const COPIED_MARKER_MS = 2_000;

export interface MessageActionHandlers {
  onFeedback(messageId: string, feedback: FeedbackValue): void;
  /** Edit and resend a user message (a branch). */
  onEdit?(messageId: string, text: string): boolean;
  /** Flip to another version of a message. */
  onShowVariant?(messageId: string): void;
  /** "Branch into a new chat" from this stored message (its server id); absent while a reply runs. */
  onBranchOut?(messageId: string): void;
  /** Present only when voice is on and the browser can speak. */
  onReadAloud?(messageId: string, text: string): void;
  onStopReading?(): void;
}

interface MessageActionsProps extends MessageActionHandlers {
  messageId: string;
  /** The stored message's id, once known: Branch into a new chat needs it. */
  serverId?: string;
  content: string;
  feedback?: FeedbackValue;
  speaking: boolean;
  /** Only on the newest reply: ask again (the earlier reply stays as a version). */
  onRegenerate?(): void;
}

const iconButton =
  'inline-flex h-8 items-center gap-1 rounded-lg px-2 text-xs font-medium text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50';

/** Thumbs up/down, copy and read aloud under an assistant reply (SPEC §2, §4, §8). */
export function MessageActions({ messageId, serverId, content, feedback, speaking, onFeedback, onReadAloud, onStopReading, onRegenerate, onBranchOut }: MessageActionsProps) {
  const { t } = useChatTexts();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MARKER_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(content);
      setCopied(true);
      toast({ title: t('actions.copiedTitle'), description: t('actions.copiedDescription') });
    } catch {
      toast({ title: t('actions.copyFailedTitle'), description: t('actions.copyFailedDescription'), variant: 'destructive' });
    }
  }

  return (
    <div className="mt-1 flex items-center gap-0.5">
      <button
        type="button"
        aria-label={t('actions.thumbsUp')}
        aria-pressed={feedback === 'positive'}
        onClick={() => onFeedback(messageId, 'positive')}
        className={cn(iconButton, feedback === 'positive' && 'bg-emerald-50 text-emerald-600')}
      >
        <ThumbsUp aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        aria-label={t('actions.thumbsDown')}
        aria-pressed={feedback === 'negative'}
        onClick={() => onFeedback(messageId, 'negative')}
        className={cn(iconButton, feedback === 'negative' && 'bg-rose-50 text-rose-600')}
      >
        <ThumbsDown aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="button" aria-label={t('actions.copy')} onClick={copy} className={iconButton}>
        {copied ? <Check aria-hidden="true" className="h-4 w-4 text-emerald-600" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
        {copied && <span className="text-emerald-700">{t('actions.copied')}</span>}
      </button>
      {onRegenerate && (
        <button type="button" aria-label={t('actions.regenerate')} title={t('actions.regenerateTitle')} onClick={onRegenerate} className={iconButton}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
      {onBranchOut && serverId && (
        <button type="button" aria-label={t('actions.branch')} title={t('actions.branch')} onClick={() => onBranchOut(serverId)} className={iconButton}>
          <GitBranchPlus aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
      {onReadAloud &&
        (speaking ? (
          <button type="button" aria-label={t('actions.stopReading')} onClick={onStopReading} className={cn(iconButton, 'text-genie-700')}>
            <VolumeX aria-hidden="true" className="h-4 w-4" />
          </button>
        ) : (
          <button type="button" aria-label={t('actions.readAloud')} onClick={() => onReadAloud(messageId, content)} className={iconButton}>
            <Volume2 aria-hidden="true" className="h-4 w-4" />
          </button>
        ))}
    </div>
  );
}
