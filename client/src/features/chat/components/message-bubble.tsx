import { memo } from 'react';
import { personaOrDefault, type Persona } from '@contract/personas';
import { formatNumber } from '@/lib/i18n/format';
import { cn } from '@/lib/utils';
import type { ChatMessage } from '../lib/chat-message';
import { pageLanguage, useChatTexts } from '../texts';
import { AttachmentChips } from './attachment-chips';
import { CitationChips } from './citation-chips';
import { MarkdownContent } from './markdown-content';
import { MessageActions, type MessageActionHandlers } from './message-actions';
import { ReplyNotes } from './reply-notes';
import { ToolCallList } from './tool-call-block';
import { UserMessageTools } from './user-message-body';
import { VariantSwitcher } from './variant-switcher';

/** One formatter for every row: toLocaleTimeString with options builds a new one per call. */
// Made with the first message shown, not when the chat's chunk loads: an Intl formatter takes
// ~15 ms to create on this machine, on the way to an empty chat's first paint (issue 19, /chat).
// One per language: the time is written as the page's language writes it (issue 44).
const timeOfDay = new Map<string, Intl.DateTimeFormat>();
function timeOf(iso: string): string {
  const language = pageLanguage();
  let format = timeOfDay.get(language);
  if (!format) timeOfDay.set(language, (format = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' })));
  return format.format(new Date(iso));
}

export function formatResponseTime(ms: number): string {
  // "1.2 s" in English, "1,2 s" in German: the page's decimal mark, SI units as they are.
  return ms < 1000 ? `${ms} ms` : `${formatNumber(pageLanguage(), ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false })} s`;
}

export function PersonaBadge({ persona, className }: { persona: Persona; className?: string }) {
  return (
    <div aria-hidden="true" className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br text-lg shadow-sm', persona.gradient, className)}>
      {persona.emoji}
    </div>
  );
}

interface MessageBubbleProps extends MessageActionHandlers {
  message: ChatMessage;
  persona: Persona;
  speaking: boolean;
  /** Only for the newest reply, when it was cut off. */
  onContinue?(): void;
  /** Only for the newest reply: ask again. */
  onRegenerate?(): void;
  /** Only for the newest message when it is the user's, unanswered. */
  onRetry?(): void;
  /** Changes each time the user asks to edit this message from the keyboard. */
  editRequested?: number;
  onEditClosed?(): void;
}

/** One message: the user's on the right in the persona's colours, the reply on the left as Markdown. */
export const MessageBubble = memo(function MessageBubble({
  message,
  persona,
  speaking,
  onContinue,
  onRegenerate,
  onRetry,
  editRequested,
  onEditClosed,
  ...handlers
}: MessageBubbleProps) {
  const { t } = useChatTexts();
  const time = timeOf(message.timestamp);
  if (message.role === 'user') {
    return (
      <li className="message-row flex justify-end" aria-label={t('message.yours')}>
        <div className="flex max-w-[85%] flex-col items-end gap-1 sm:max-w-[75%]">
          <UserMessageTools
            message={message}
            onEdit={handlers.onEdit}
            onShowVariant={handlers.onShowVariant}
            onBranchOut={handlers.onBranchOut}
            onRetry={onRetry}
            editRequested={editRequested}
            onEditClosed={onEditClosed}
          >
            <div className={cn('overflow-hidden rounded-2xl rounded-br-md bg-gradient-to-br text-white shadow-sm', persona.gradient)}>
              {/* Dimmed so white text reads at AA contrast on every persona's colours (amber included). */}
              <div className="bg-black/35 px-4 py-2.5">
                <p className="whitespace-pre-wrap break-words text-[15px] leading-relaxed">{message.content}</p>
                {message.attachments && (
                  <div className="mt-2">
                    <AttachmentChips attachments={message.attachments} tone="onColor" />
                  </div>
                )}
              </div>
            </div>
          </UserMessageTools>
          <span className="px-1 text-[11px] text-slate-600">{time}</span>
        </div>
      </li>
    );
  }
  // The persona that wrote this reply, not the one chosen now (issue 42); older rows name none.
  const writer = message.persona ? personaOrDefault(message.persona) : persona;
  return (
    <li className="message-row flex gap-3" aria-label={t('message.replied', { name: writer.name })}>
      <PersonaBadge persona={writer} className="mt-1 hidden sm:flex" />
      <div className="min-w-0 max-w-full flex-1 sm:max-w-[85%]">
        <div className="rounded-2xl rounded-tl-md border border-slate-200/80 bg-white px-4 py-3 text-[15px] text-slate-800 shadow-sm">
          {message.toolCalls && <ToolCallList calls={message.toolCalls} />}
          <MarkdownContent text={message.content} />
          {message.image && (
            <a href={message.image} target="_blank" rel="noreferrer" className="mt-3 block">
              <img src={message.image} alt={t('message.generatedImage')} className="max-h-96 rounded-xl border border-slate-200" loading="lazy" />
            </a>
          )}
        </div>
        {message.citations && <CitationChips citations={message.citations} />}
        <ReplyNotes message={message} onContinue={onContinue} />
        {(message.status === 'stopped' || message.status === 'failed') && (
          <p className="mt-1 px-1 text-xs text-slate-500">{message.status === 'stopped' ? t('message.stopped') : t('message.failed')}</p>
        )}
        <div className="flex flex-wrap items-center gap-x-2 px-1">
          {message.variants && handlers.onShowVariant && (
            <VariantSwitcher variants={message.variants} onFlip={handlers.onShowVariant} disabled={!handlers.onEdit} />
          )}
          <span className="text-[11px] text-slate-600">
            {time}
            {message.responseTime !== undefined && ` · ${formatResponseTime(message.responseTime)}`}
          </span>
          <MessageActions
            messageId={message.id}
            serverId={message.serverId}
            content={message.content}
            feedback={message.feedback}
            speaking={speaking}
            onRegenerate={onRegenerate}
            {...handlers}
          />
        </div>
      </div>
    </li>
  );
});
