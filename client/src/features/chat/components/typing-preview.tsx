import { useEffect, useState } from 'react';
import type { Persona } from '@contract/personas';
import { usePreview, type PreviewStore } from '../lib/preview-store';
import { useToolActivity, type ToolActivityStore } from '../lib/tool-activity-store';
import { ToolApprovalCard } from './tool-approval-card';
import { ToolCallList } from './tool-call-block';
import { MarkdownContent } from './markdown-content';
import { formatResponseTime, PersonaBadge } from './message-bubble';
import { useChatTexts } from '../texts';
import { ThinkingIndicator } from './thinking-indicator';

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <span className="tabular-nums">{formatResponseTime(Math.max(0, Math.round(now - since)))}</span>;
}

/** The reply in flight: the greeting typing with a cursor, the thinking phrases, then the streamed reply. */
export function TypingPreview({ store, tools, persona }: { store: PreviewStore; tools: ToolActivityStore; persona: Persona }) {
  const { t } = useChatTexts();
  const preview = usePreview(store);
  const activity = useToolActivity(tools);
  if (!preview) return null;
  return (
    <div className="flex gap-3" aria-busy="true" data-testid="typing-preview">
      <PersonaBadge persona={persona} className="mt-1 hidden sm:flex" />
      <div className="min-w-0 max-w-full flex-1 sm:max-w-[85%]">
        <div className="rounded-2xl rounded-tl-md border border-genie-100 bg-white px-4 py-3 text-[15px] text-slate-800 shadow-sm">
          <ToolCallList calls={activity.calls} />
          {activity.waiting.map((approval) => (
            <div key={approval.id} className="mb-2">
              <ToolApprovalCard approval={approval} onAnswered={tools.answered} />
            </div>
          ))}
          {preview.phase === 'greeting' ? (
            <p className="italic text-genie-700">
              {preview.text}
              <span className="typing-cursor" aria-hidden="true" />
            </p>
          ) : (
            <div>
              <MarkdownContent text={preview.text} />
              <span className="typing-cursor text-genie-600" aria-hidden="true" />
            </div>
          )}
          {preview.thinking && (
            <div className="mt-2">
              <ThinkingIndicator phrases={persona.thinkingPhrases} />
            </div>
          )}
        </div>
        <p className="px-1 pt-1 text-[11px] text-slate-400">
          {t('typing.isTyping', { name: persona.name })} · <Elapsed since={preview.startedAt} />
        </p>
      </div>
    </div>
  );
}
