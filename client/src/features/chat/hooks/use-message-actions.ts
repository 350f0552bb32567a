import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FeedbackValue } from '@contract/chat';
import { toast } from '@/components/ui/use-toast';
import { forkConversation } from '../api/conversation-controls';
import { conversationsQueryOptions } from '../api/get-conversations';
import { sendFeedback } from '../api/send-feedback';
import type { ChatMessage } from '../lib/chat-message';
import { chatText } from '../texts';

/** Thumbs up or down on a reply: shown at once, then stored (a toast says whether it was). */
export function useFeedback(setFeedback: (id: string, feedback: ChatMessage['feedback']) => void) {
  return useCallback(
    async (messageId: string, feedback: FeedbackValue) => {
      setFeedback(messageId, feedback);
      try {
        await sendFeedback({ messageId, feedback });
        toast({ title: chatText('feedback.recorded'), description: feedback === 'positive' ? chatText('feedback.thanksUp') : chatText('feedback.thanksDown') });
      } catch {
        toast({ title: chatText('common:error'), description: chatText('feedback.failed'), variant: 'destructive' });
      }
    },
    [setFeedback],
  );
}

/** Issue 42: "Branch into a new chat" from a message; the new conversation takes the screen. */
export function useBranchOut(currentConversation: string | null, onOpenOwn: (id: string) => void) {
  const queryClient = useQueryClient();
  return useCallback(
    async (messageId: string) => {
      if (!currentConversation) return;
      try {
        const fork = await forkConversation(currentConversation, messageId);
        void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
        onOpenOwn(fork.id);
        toast({ title: chatText('actions.branched'), description: fork.title });
      } catch {
        toast({ title: chatText('common:error'), description: chatText('actions.branchFailed'), variant: 'destructive' });
      }
    },
    [currentConversation, queryClient, onOpenOwn],
  );
}
