import type { PreviewStore } from './preview-store';
import { GREETING_MS_PER_CHAR, REPLY_PAUSE_MS, typingDuration, visibleChars } from './typing';

/** The typing preview of one exchange, fed by the stream's events. */
export interface ReplyPreview {
  /** Not before this moment (performance.now()) does the reply show: the greeting is typed first. */
  revealAt: number;
  received(text: string): void;
  progressed(text: string): void;
  /** Stops drawing (the preview store is emptied by the exchange's end). */
  cancel(): void;
}

/**
 * The greeting typed while the request runs, then the streamed reply shown as it arrives (no
 * earlier than the greeting plus the 300 ms pause), drawn once per animation frame.
 * Reduced motion (`still`): no typing at all. The greeting shows whole with the thinking phrases
 * until the reply lands whole in the list; the streamed text is never drawn (a long task's progress
 * line still is: it says where the work stands, it is no animation).
 */
export function startReplyPreview(preview: PreviewStore, greeting: string, still: boolean): ReplyPreview {
  const startedAt = performance.now();
  const revealAt = still ? startedAt : startedAt + typingDuration(greeting, GREETING_MS_PER_CHAR) + REPLY_PAUSE_MS;
  let received = '';
  /** Where a long task stands (a document read in parts) until its text comes. */
  let progress = '';
  let frame = 0;
  const render = () => {
    frame = 0;
    if (still) {
      const next = progress === '' ? { phase: 'greeting' as const, text: greeting, thinking: true } : { phase: 'streaming' as const, text: `_${progress}_`, thinking: false };
      const current = preview.get();
      if (current?.phase !== next.phase || current.text !== next.text) preview.set({ ...next, startedAt });
      return;
    }
    const now = performance.now();
    if (now >= revealAt && (received !== '' || progress !== '')) {
      preview.set({ phase: 'streaming', text: received || `_${progress}_`, thinking: false, startedAt });
      return;
    }
    const shown = greeting.slice(0, visibleChars(greeting, GREETING_MS_PER_CHAR, now - startedAt));
    const thinking = shown.length === greeting.length;
    const current = preview.get();
    if (current?.phase !== 'greeting' || current.text !== shown || current.thinking !== thinking) {
      preview.set({ phase: 'greeting', text: shown, thinking, startedAt });
    }
    frame = requestAnimationFrame(render);
  };
  render();
  return {
    revealAt,
    received(text) {
      received += text;
      if (frame === 0) frame = requestAnimationFrame(render);
    },
    progressed(text) {
      progress = text;
      if (frame === 0) frame = requestAnimationFrame(render);
    },
    cancel: () => cancelAnimationFrame(frame),
  };
}
