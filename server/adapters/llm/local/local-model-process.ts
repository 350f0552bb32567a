/**
 * The local model's own process: llama.cpp (node-llama-cpp) with one GGUF file loaded, writing
 * the replies the server asks for (local-runtime.ts), several at once (one context with that many
 * sequences: node-llama-cpp decodes the sequences being written in one batch), each piece of text
 * sent back as it is written. A reply ended or stopped frees its sequence at once. node-llama-cpp drives every token's decode from JavaScript, so in a process of
 * its own the next decode never waits on the server's work (other users' requests, the SSE
 * writes), and a fault in the native runtime ends this process, not the server. A reply offered
 * functions (MCP tools, issue 45) may end in calls, which are sent back unrun and bounded
 * (answer-options.ts); the server runs them and sends their results in the next reply's history.
 */
import { freemem } from 'node:os';
import { getLlama, LlamaChat, type ChatHistoryItem, type ChatModelFunctions, LlamaLogLevel, resolveChatWrapper, type ChatWrapper, type Llama, type LlamaContext, type LlamaContextSequence, type LlamaGrammar, type LlamaModel } from 'node-llama-cpp';
import { getLlamaOn, type LocalGpu } from './llama-gpu';
import { defaultParallel } from './local-settings';
import { toolCallsWithinBounds, type FromModelProcess, type LocalToolCall, type ToModelProcess } from './local-model-protocol';
import { answerOptions } from './answer-options';
import { forcingToolCalls } from './forced-tool-calls';

interface Loaded {
  model: LlamaModel;
  context: LlamaContext;
  /** Resolved once: LlamaChat's default ("auto") compiles the file's Jinja template for every chat. */
  chatWrapper: ChatWrapper;
  /** The same, starting every reply offered functions with a call (tests only: forceToolCalls). */
  forcedWrapper: ChatWrapper;
}

const send = (message: FromModelProcess) => {
  if (process.connected) process.send!(message);
};

let llamaPromise: Promise<Llama> | null = null;
/**
 * The llama.cpp runtime on the build LOCAL_MODEL_GPU names, never built here. A GPU that cannot be
 * used falls back to the CPU; the server's own runtime already logged that once at start.
 */
const llama = (gpu: LocalGpu = 'auto') => (llamaPromise ??= getLlamaOn(gpu, getLlama, { logLevel: LlamaLogLevel.error }).then((on) => on.llama));
let loaded: Promise<Loaded> | null = null;
let grammar: LlamaGrammar | undefined;
let forceToolCalls = false;
/** The replies being written, each stopped by an `abort` with its id. */
const running = new Map<number, AbortController>();

async function load(settings: Extract<ToModelProcess, { type: 'load' }>['settings']): Promise<Loaded> {
  const runtime = await llama(settings.gpu);
  const model = await runtime.loadModel({ modelPath: settings.path });
  const sequences = settings.parallel ?? defaultParallel(runtime.cpuMathCores, freemem(), await sequenceBytes(model, settings.contextSize));
  const context = await model.createContext({ contextSize: settings.contextSize, threads: settings.threads, sequences });
  const chatWrapper = resolveChatWrapper(model);
  return { model, context, chatWrapper, forcedWrapper: forcingToolCalls(chatWrapper) };
}

/** Memory one more sequence of `contextSize` takes (its share of the KV cache), llama.cpp's own estimate. */
async function sequenceBytes(model: LlamaModel, contextSize: number): Promise<number> {
  const estimate = (sequences: number) => model.fileInsights.estimateContextResourceRequirementsV2({ contextSize, sequences, modelGpuLayers: model.gpuLayers });
  const [one, two] = await Promise.all([estimate(1), estimate(2)]);
  return two.cpuRam + two.gpuVram - (one.cpuRam + one.gpuVram);
}

/**
 * Text is sent at most once per TEXT_BATCH_MS (the first piece at once): a person reads at most a
 * frame's worth at a time, and one message per token cost the server a message, a stream part and
 * an SSE write per token, on the cores llama.cpp writes on (bench/local-model.bench.ts).
 */
const TEXT_BATCH_MS = 16;

/** Collects a reply's text and sends it in batches; `flush` sends what is left (before the reply's end). */
function textBatcher(id: number) {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  let lastSent = -Infinity;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    send({ type: 'text', id, text: pending });
    pending = '';
    lastSent = performance.now();
  };
  const add = (text: string) => {
    pending += text;
    if (timer) return;
    const wait = TEXT_BATCH_MS - (performance.now() - lastSent);
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };
  return { add, flush };
}

async function generate(request: Extract<ToModelProcess, { type: 'generate' }>): Promise<void> {
  const { id } = request;
  const abort = new AbortController();
  running.set(id, abort);
  const text = textBatcher(id);
  let outcome: FromModelProcess;
  try {
    outcome = await write(request, abort, text.add);
  } catch (error) {
    outcome = { type: 'failed', id, message: error instanceof Error ? error.message : String(error) };
  } finally {
    running.delete(id);
  }
  text.flush();
  send(outcome);
}

/**
 * A sequence of the context for one reply, in the order replies asked. The server never runs more
 * replies than the context has sequences, but a sequence a reply gave back returns to the context
 * only once node-llama-cpp's batch loop pauses (its reclaim waits for the context's lock, which the
 * loop holds while any sequence is decoding), so the next reply may wait here until then.
 */
const sequenceWaiters: Array<{ signal: AbortSignal; take: () => void }> = [];
let sequencePoll: NodeJS.Timeout | null = null;
const SEQUENCE_POLL_MS = 5;

function nextSequence(context: LlamaContext, signal: AbortSignal): Promise<LlamaContextSequence | null> {
  if (sequenceWaiters.length === 0 && context.sequencesLeft > 0) return Promise.resolve(context.getSequence());
  return new Promise((resolve) => {
    sequenceWaiters.push({ signal, take: () => resolve(signal.aborted ? null : context.getSequence()) });
    sequencePoll ??= setInterval(() => {
      // A reply stopped while it waited leaves the line without a sequence.
      for (const waiter of sequenceWaiters.filter((w) => w.signal.aborted)) {
        sequenceWaiters.splice(sequenceWaiters.indexOf(waiter), 1);
        waiter.take();
      }
      while (sequenceWaiters.length > 0 && context.sequencesLeft > 0) sequenceWaiters.shift()!.take();
      if (sequenceWaiters.length === 0) {
        clearInterval(sequencePoll!);
        sequencePoll = null;
      }
    }, SEQUENCE_POLL_MS);
  });
}

/** Tokens a reply offered functions must still have room for; with less, it is offered none. */
const MIN_REPLY_TOKENS_WITH_TOOLS = 256;

/** One reply on a sequence of its own, given back (not awaited: see nextSequence) however it ends. */
async function write(request: Extract<ToModelProcess, { type: 'generate' }>, abort: AbortController, onText: (text: string) => void): Promise<FromModelProcess> {
  const { id, history, maxTokens, functions } = request;
  const { model, context, chatWrapper: plainWrapper, forcedWrapper } = await loaded!;
  const chatWrapper = functions && forceToolCalls ? forcedWrapper : plainWrapper;
  const sequence = await nextSequence(context, abort.signal);
  if (!sequence) return { type: 'done', id, report: { promptTokens: 0, completionTokens: 0, stopReason: 'abort', text: '', seconds: 0 } };
  const chat = new LlamaChat({ contextSequence: sequence, chatWrapper, autoDisposeSequence: false });
  try {
    // A history ending with the model's turn (its calls and their results) is continued as it is.
    const pending: ChatHistoryItem[] = history.at(-1)?.type === 'model' ? history : [...history, { type: 'model', response: [] }];
    const promptTokensWith = (offered: ChatModelFunctions | null) =>
      chat.chatWrapper
        .generateContextState({ chatHistory: pending, availableFunctions: offered ?? undefined, documentFunctionParams: offered ? true : undefined })
        .contextText.tokenize(model.tokenizer).length;
    let offered = functions;
    let promptTokens = promptTokensWith(offered);
    // The functions' descriptions are part of the prompt: a context they would leave too little
    // of is offered none, and the reply is written without tools rather than refused.
    if (offered && context.contextSize - promptTokens < MIN_REPLY_TOKENS_WITH_TOOLS) {
      offered = null;
      promptTokens = promptTokensWith(null);
    }
    const room = context.contextSize - promptTokens;
    if (room <= 0) return { type: 'too_long', id, promptTokens, contextSize: context.contextSize };
    const started = performance.now();
    const meter = { input: sequence.tokenMeter.usedInputTokens, output: sequence.tokenMeter.usedOutputTokens };
    const tooLarge = { seen: false };
    const result = await chat.generateResponse(history, {
      // Never past the end of the context: llama.cpp would shift it, dropping the prompt's start.
      maxTokens: Math.min(maxTokens ?? room, room),
      temperature: 0,
      signal: abort.signal,
      stopOnAbortSignal: true,
      onTextChunk: onText,
      ...answerOptions(offered, grammar, abort, tooLarge),
    });
    const toolCalls: LocalToolCall[] = (result.functionCalls ?? []).map((call) => ({ name: call.functionName, arguments: JSON.stringify(call.params ?? {}) }));
    if (tooLarge.seen || !toolCallsWithinBounds(toolCalls)) return { type: 'tool_calls_too_large', id };
    return {
      type: 'done',
      id,
      report: {
        promptTokens: sequence.tokenMeter.usedInputTokens - meter.input,
        completionTokens: sequence.tokenMeter.usedOutputTokens - meter.output,
        stopReason: result.metadata.stopReason,
        text: result.response,
        seconds: (performance.now() - started) / 1000,
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
      },
    };
  } finally {
    chat.dispose();
    void sequence.dispose();
  }
}

process.on('message', (message: ToModelProcess) => {
  switch (message.type) {
    case 'load':
      loaded ??= load(message.settings);
      loaded.then(
        ({ model, context }) => send({ type: 'loaded', contextSize: context.contextSize, memoryBytes: model.size + context.stateSize, sequences: context.totalSequences }),
        (error: unknown) => send({ type: 'load_failed', message: error instanceof Error ? error.message : String(error) }),
      );
      break;
    case 'grammar':
      void (async () => {
        try {
          grammar = message.gbnf === null ? undefined : await (await llama()).createGrammar({ grammar: message.gbnf });
          send({ type: 'forced', seq: message.seq, error: null });
        } catch (error) {
          send({ type: 'forced', seq: message.seq, error: error instanceof Error ? error.message : String(error) });
        }
      })();
      break;
    case 'force_tool_calls':
      forceToolCalls = message.on;
      send({ type: 'forced', seq: message.seq, error: null });
      break;
    case 'generate':
      void generate(message);
      break;
    case 'abort':
      running.get(message.id)?.abort();
      break;
  }
});

// The server went away: nothing is left to write for.
process.on('disconnect', () => process.exit(0));
