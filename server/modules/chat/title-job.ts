import type { ChatReply } from '@contract/chat';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { modelTitle } from './chat-title-model';
import { chatRepository as repo } from './chat.repository';
import type { StartedExchange } from './exchange-start';

/** The whole title call, however the provider trickles: a title is not worth holding a connection for. */
const TITLE_CALL_LIMIT_MS = 30_000;

/**
 * After a new conversation's first reply has been stored (the user already has it): its model
 * writes the title, in the background. Without a model, with GENIE_MODEL_TITLES off, or when the
 * call fails, the keyword title stays. The calls in flight are kept so shutdown can give them up.
 */
export function createTitleJob(db: Db, config: Config) {
  const titleCalls = new Set<AbortController>();
  const titleCallsDone = new Set<Promise<void>>();
  return {
    retitleInBackground(exchange: StartedExchange, reply: ChatReply) {
      const choice = exchange.choice;
      if (!exchange.firstMessage || !choice || !config.GENIE_MODEL_TITLES || reply.content.trim() === '') return;
      const { userId, conversation } = exchange;
      const stop = new AbortController();
      titleCalls.add(stop);
      const done = modelTitle(config, choice, { account: userId, message: exchange.text, reply: reply.content }, AbortSignal.any([stop.signal, AbortSignal.timeout(TITLE_CALL_LIMIT_MS)]))
        .then((title) => (title && title !== conversation.title && !stop.signal.aborted ? repo.replaceTitle(db, userId, conversation.id, conversation.title, title) : undefined))
        .catch(() => undefined) // the keyword title stays
        .finally(() => {
          titleCalls.delete(stop);
          titleCallsDone.delete(done);
        });
      titleCallsDone.add(done);
    },

    /** At shutdown: titles still being written are given up (the keyword titles stay). */
    async stopAll() {
      for (const call of titleCalls) call.abort();
      await Promise.all(titleCallsDone);
    },
  };
}
