import { useCallback, useState } from 'react';
import type { EditRequest } from '../components/user-message-body';
import type { ChatMessage } from '../lib/chat-message';

/** Up in an empty message box opens the last message's own edit box (Save & send branches from it). */
export function useEditLastMessage(messages: ChatMessage[], sending: boolean) {
  const [editRequest, setEditRequest] = useState<EditRequest | null>(null);
  const onEditLastMessage = useCallback(() => {
    const last = messages.findLast((message) => message.role === 'user');
    if (!last?.serverId || sending) return;
    setEditRequest((previous) => ({ messageId: last.id, seq: (previous?.seq ?? 0) + 1 }));
  }, [messages, sending]);
  return { editRequest, onEditLastMessage };
}
