import { useEffect, useState } from 'react';
import { THINKING_ROTATION_MS } from '../lib/typing';
import { useChatTexts } from '../texts';

/** SPEC §4: the persona's thinking phrases, one at a time, changing every 2000 ms. */
export function ThinkingIndicator({ phrases }: { phrases: readonly string[] }) {
  const { t } = useChatTexts();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % Math.max(phrases.length, 1)), THINKING_ROTATION_MS);
    return () => clearInterval(timer);
  }, [phrases.length]);
  return (
    <div role="status" aria-label={t('typing.thinkingLabel')} className="flex items-center gap-2 text-sm text-slate-500">
      <span aria-hidden="true" className="flex gap-1">
        <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-genie-400 [animation-delay:-0.3s]" />
        <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-genie-500 [animation-delay:-0.15s]" />
        <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-genie-600" />
      </span>
      <span data-testid="thinking-phrase">{phrases[index] ?? t('typing.thinking')}</span>
    </div>
  );
}
