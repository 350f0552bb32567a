import { useCallback } from 'react';
import type { ChatMode } from '@contract/chat';
import type { Persona } from '@contract/personas';
import { localId, type ChatMessage } from '../lib/chat-message';
import type { ExchangeContext } from './exchange-context';
import { runContinue } from './run-continue';
import { runExchange } from './run-exchange';

/** What the controls read of the conversation on screen, at the moment they are used. */
export interface SessionNow {
  messages: ChatMessage[];
  conversationId: string | null;
  persona: Persona;
  mode: ChatMode;
  sending: boolean;
}

/**
 * The exchanges started from a message rather than the composer: Regenerate (or Retry), Edit and
 * Continue. Each answers false when it cannot start (a reply in flight, or nothing to act on).
 * Stable callbacks: they read the screen through `latest`.
 */
export function useExchangeControls(exchange: ExchangeContext, latest: { readonly current: SessionNow }, begin: () => void) {
  const { setMessages } = exchange;

  /** Regenerate the last reply, or Retry a message whose reply failed: the server answers its last user message again. */
  const regenerate = useCallback((): boolean => {
    const { messages: shown, conversationId: current, persona: speaker, mode: currentMode, sending: busy } = latest.current;
    if (busy || !current) return false;
    const lastUser = shown.findLastIndex((m) => m.role === 'user');
    if (lastUser === -1) return false;
    setMessages(shown.slice(0, lastUser + 1).map((m, i) => (i === lastUser ? { ...m, status: undefined } : m)));
    begin();
    const input = { text: '', attachments: [], generateImage: false };
    void runExchange(exchange, { content: '', history: [], currentConversation: current, speaker, currentMode, input, control: { regenerate: true }, typed: '', localUserId: null });
    return true;
  }, []);

  /** Edit a sent message: the conversation continues from the edited point; the old branch stays a variant. */
  const edit = useCallback((messageId: string, text: string): boolean => {
    const { messages: shown, conversationId: current, persona: speaker, mode: currentMode, sending: busy } = latest.current;
    const index = shown.findIndex((m) => m.id === messageId);
    const target = shown[index];
    if (busy || !current || !target?.serverId || text.trim() === '') return false;
    const edited: ChatMessage = { id: localId(), role: 'user', content: text.trim(), timestamp: new Date().toISOString() };
    setMessages([...shown.slice(0, index), edited]);
    begin();
    const input = { text: text.trim(), attachments: [], generateImage: false };
    void runExchange(exchange, {
      content: text.trim(),
      history: [],
      currentConversation: current,
      speaker,
      currentMode,
      input,
      control: { editOf: target.serverId },
      typed: '',
      localUserId: edited.id,
    });
    return true;
  }, []);

  /**
   * Continue (issue 42): the newest reply, cut off at the model's length limit, grows in place as
   * the model goes on (no message is sent, no second reply); false while another send is in flight.
   */
  const continueReply = useCallback((): boolean => {
    const { messages: shown, conversationId: current, persona: speaker, mode: currentMode, sending: busy } = latest.current;
    const target = shown[shown.length - 1];
    if (busy || !current || target?.role !== 'assistant' || target.status !== 'cut_off' || !target.serverId) return false;
    begin();
    void runContinue(exchange, target, current, speaker, currentMode);
    return true;
  }, []);

  return { regenerate, edit, continueReply };
}
