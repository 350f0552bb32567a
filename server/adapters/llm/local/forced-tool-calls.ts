import { isChatModelResponseFunctionCall, type ChatHistoryItem, type ChatWrapper } from 'node-llama-cpp';

/**
 * For tests only (LocalModelRuntime.forceToolCalls): the model's chat wrapper, changed so that a
 * reply offered functions begins inside a function call. It uses node-llama-cpp's own mechanism
 * for chat formats whose models always start with a call (Functionary's `initiallyEngaged`): the
 * model still writes the call itself, the function's name from the names offered and its
 * parameters under the grammar of the function's schema, and node-llama-cpp stops and hands the
 * calls back as it does for any model. The fixture model (tests/fixtures) knows no function
 * syntax and never starts a call of its own accord; with this it always does. A reply that
 * already holds calls (the round after their results) is not forced, so it ends in text.
 */
export function forcingToolCalls(wrapper: ChatWrapper): ChatWrapper {
  // Every other method and setting is the wrapper's own (its prototype); only this one is changed.
  const forced = Object.create(wrapper) as ChatWrapper;
  forced.generateContextState = (options) => {
    const state = wrapper.generateContextState(options);
    if (!options.availableFunctions || Object.keys(options.availableFunctions).length === 0 || hasCalled(options.chatHistory)) return state;
    // The initially-engaged form of the state: the prompt and its stop triggers, no prefix triggers.
    const { contextText, stopGenerationTriggers, ignoreStartText } = state;
    return { contextText, stopGenerationTriggers, ignoreStartText, functionCall: { initiallyEngaged: true, disengageInitiallyEngaged: [] } };
  };
  return forced;
}

const hasCalled = (history: readonly ChatHistoryItem[]) => {
  const last = history.at(-1);
  return last?.type === 'model' && last.response.some((part) => isChatModelResponseFunctionCall(part));
};
