import { ChevronRight, Wrench } from 'lucide-react';
import type { ToolCall } from '@contract/mcp-tools';
import { cn } from '@/lib/utils';
import { Trans } from 'react-i18next';
import { useChatTexts } from '../texts';

const STATUS_CLASS: Record<ToolCall['status'], string> = {
  done: 'bg-emerald-50 text-emerald-700',
  failed: 'bg-red-50 text-red-700',
  denied: 'bg-slate-100 text-slate-600',
};

/** The model's arguments as indented JSON when they are JSON, else as they came. */
export function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One tool call in a reply, closed by default: the tool and how it ended; open, its arguments and result. */
export function ToolCallBlock({ call }: { call: ToolCall }) {
  const { t } = useChatTexts();
  return (
    <details className="group rounded-lg border border-slate-200 bg-slate-50 text-xs text-slate-700" data-testid="tool-call">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-2.5 py-1.5 [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden className="h-3.5 w-3.5 shrink-0 text-slate-500 transition-transform group-open:rotate-90" />
        <Wrench aria-hidden className="h-3.5 w-3.5 shrink-0 text-genie-600" />
        <span className="min-w-0 truncate">
          <Trans
            t={t}
            i18nKey="tools.used"
            values={{ tool: call.tool, server: call.server }}
            components={{ strong: <span className="font-semibold" />, muted: <span className="text-slate-500" /> }}
          />
        </span>
        <span className={cn('ml-auto shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium', STATUS_CLASS[call.status])}>{t(`tools.status.${call.status}`)}</span>
      </summary>
      <div className="space-y-2 border-t border-slate-200 px-2.5 py-2">
        <ToolText label={t('tools.arguments')} text={prettyArguments(call.arguments)} />
        <ToolText label={t('tools.result')} text={call.result || t('tools.empty')} />
      </div>
    </details>
  );
}

export function ToolText({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <p className="mb-1 font-medium text-slate-600">{label}</p>
      <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-md bg-white p-2 font-mono text-[11px] leading-relaxed text-slate-800">{text}</pre>
    </div>
  );
}

/** A reply's tool calls, in order, above its text. */
export function ToolCallList({ calls }: { calls: ToolCall[] }) {
  const { t } = useChatTexts();
  if (calls.length === 0) return null;
  return (
    <div className="mb-2 space-y-1.5" aria-label={t('tools.callsLabel')}>
      {calls.map((call, i) => (
        <ToolCallBlock key={`${call.id}-${i}`} call={call} />
      ))}
    </div>
  );
}
