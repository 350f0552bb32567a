import { configuredContextTokens, modelLabel, type ModelChoice } from '../../adapters/llm/catalogue';
import { streamModel } from '../../adapters/llm/model-stream';
import { offlineReply } from '../../adapters/llm/offline-engine';
import { LEGAL_DISCLAIMER } from '../../adapters/llm/prompts';
import { languageModelFor } from '../../adapters/llm/providers';
import type { KnowledgePassage } from '../search/search.service';
import { allPassages, offlineKnowledgeAnswer } from './chat-knowledge';
import { documentForTask, runDocumentTask } from './document-task';
import type { ReplyDraft } from './reply-draft';
import { replyFromModel } from './reply-from-model';
import { systemFor, type ReplyDeps, type ReplyRequest } from './reply-request';

/**
 * The middle step of a chat exchange: the reply, from the offline engine, a document read in
 * parts, or a model (reply-from-model.ts), streamed to the draft's sink as it comes.
 */

export interface StreamedReply {
  image: string | null;
  /** cut_off: the provider stopped at its length limit. */
  status: 'complete' | 'cut_off';
  /** Earlier messages left out to fit the model's context. */
  historyOmitted: number;
  /** The passages the reply was given, numbered as it cites them; null when none apply. */
  passages: KnowledgePassage[] | null;
}

/**
 * `allowed`: given when the model is asked before the exchange's start statement has answered
 * (chat.service.ts, earlyRequestOf). No text is emitted until it resolves; when it rejects, the
 * model's call is abandoned and its rejection (the refusal) is thrown.
 */
export async function streamReply(
  deps: ReplyDeps,
  request: ReplyRequest,
  draft: ReplyDraft,
  signal: AbortSignal,
  allowed?: Promise<unknown>,
): Promise<StreamedReply> {
  const found = allPassages(request.knowledge);
  let fromModel: { cutOff: boolean; historyOmitted: number; passages: KnowledgePassage[] | null } = { cutOff: false, historyOmitted: 0, passages: found };
  if (!request.choice && found && request.mode !== 'dictionary') {
    draft.emit(offlineKnowledgeAnswer(request.message || request.text, found));
  } else if (!request.choice) {
    draft.emit(
      await offlineReply({ persona: request.persona, mode: request.mode, message: request.message, attachments: request.attachments.map((a) => a.extracted) }),
    );
  } else if (request.mode !== 'dictionary' && documentTaskOf(request)) {
    // Its many calls start only once the exchange's start is allowed (its refusal thrown).
    if (allowed) await allowed;
    fromModel = await replyByParts(deps, request, request.choice, documentTaskOf(request)!, draft, signal);
  } else {
    fromModel = await replyFromModel(deps, request, request.choice, draft, signal, allowed);
  }
  if (request.mode === 'law') draft.emit(`${draft.content ? '\n\n' : ''}${LEGAL_DISCLAIMER}`);
  const imageOutcome = draft.image ? await draft.image : null;
  if (imageOutcome && 'note' in imageOutcome) draft.emit(`${draft.content ? '\n\n' : ''}${imageOutcome.note}`);
  return {
    image: imageOutcome && 'image' in imageOutcome ? imageOutcome.image : null,
    status: fromModel.cutOff ? 'cut_off' : 'complete',
    historyOmitted: fromModel.historyOmitted,
    passages: fromModel.passages,
  };
}

/** The attachment a document-wide task must read in parts, with its passages (document-task.ts), or null. */
function documentTaskOf(request: ReplyRequest) {
  return documentForTask(request.message.trim() || request.text, request.attachments, request.knowledge?.documents);
}

/** A document-wide task over a document larger than the window: map over its parts, then reduce (document-task.ts). */
async function replyByParts(
  deps: ReplyDeps,
  request: ReplyRequest,
  choice: ModelChoice,
  task: NonNullable<ReturnType<typeof documentTaskOf>>,
  draft: ReplyDraft,
  signal: AbortSignal,
) {
  const { config, reportedContext } = deps;
  const contextTokens = reportedContext.sizeFor(modelLabel(choice), configuredContextTokens(config, request.persona.id, choice));
  const model = await languageModelFor(config, choice);
  draft.providerAsked = true;
  const result = await runDocumentTask({
    contextTokens,
    system: systemFor(request),
    question: request.message.trim() || request.text,
    document: task.attachment,
    passages: task.passages,
    signal,
    call: ({ system, user, maxOutputTokens }) =>
      streamModel({ model, system, history: [], user: [{ type: 'text', text: user }], signal, idleTimeoutMs: config.MODEL_TIMEOUT_MS, maxOutputTokens, account: request.userId }),
    progress: (text) => draft.progress(text),
    emit: (text) => draft.emit(text),
  });
  draft.usage = { ...draft.usage, ...result.usage };
  draft.emit(`${draft.content ? '\n\n' : ''}_${result.note}_`);
  return { cutOff: result.cutOff, historyOmitted: request.history.length, passages: null };
}
