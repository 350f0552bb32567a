import { useMutation } from '@tanstack/react-query';
import type { ChatFeedbackBody } from '@contract/chat';
import { apiRequest } from '@/lib/request';

/** POST /api/chat/feedback: thumbs up or down on one assistant message. */
export const sendFeedback = (body: ChatFeedbackBody) => apiRequest('POST', '/api/chat/feedback', body);

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
