/**
 * The local model's own process: llama.cpp (node-llama-cpp) with one GGUF file loaded, writing
 * the replies the server asks for (local-runtime.ts), one at a time, each piece of text sent back
 * as it is written. node-llama-cpp drives every token's decode from JavaScript, so in a process of
 * its own the next decode never waits on the server's work (other users' requests, the SSE
 * writes), and a fault in the native runtime ends this process, not the server.
 */
import { getLlama, LlamaChat, LlamaLogLevel, resolveChatWrapper, type ChatWrapper, type LlamaContext, type LlamaGrammar, type LlamaModel } from 'node-llama-cpp';
import type { FromModelProcess, ToModelProcess } from './local-model-protocol';

interface Loaded {
  model: LlamaModel;
  context: LlamaContext;
  /** Resolved once: LlamaChat's default ("auto") compiles the file's Jinja template for every chat. */
  chatWrapper: ChatWrapper;
}

const send = (message: FromModelProcess) => {
  if (process.connected) process.send!(message);
};

let llamaPromise: ReturnType<typeof getLlama> | null = null;
/** The llama.cpp runtime: the platform's prebuilt CPU binary, never a GPU build, never built here. */
const llama = () => (llamaPromise ??= getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error }));
let loaded: Promise<Loaded> | null = null;
let grammar: LlamaGrammar | undefined;
/** The reply being written, stopped by an `abort` with its id. */
const running = new Map<number, AbortController>();

async function load(settings: Extract<ToModelProcess, { type: 'load' }>['settings']): Promise<Loaded> {
  const model = await (await llama()).loadModel({ modelPath: settings.path });
  const context = await model.createContext({ contextSize: settings.contextSize, threads: settings.threads, sequences: 1 });
  return { model, context, chatWrapper: resolveChatWrapper(model) };
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

async function generate({ id, history, maxTokens }: Extract<ToModelProcess, { type: 'generate' }>): Promise<void> {
  const abort = new AbortController();
  running.set(id, abort);
  const text = textBatcher(id);
  try {
    const { model, context, chatWrapper } = await loaded!;
    const sequence = context.getSequence();
    const chat = new LlamaChat({ contextSequence: sequence, chatWrapper, autoDisposeSequence: true });
    try {
      const prompt = chat.chatWrapper.generateContextState({ chatHistory: [...history, { type: 'model', response: [] }] });
      const promptTokens = prompt.contextText.tokenize(model.tokenizer).length;
      const room = context.contextSize - promptTokens;
      if (room <= 0) return send({ type: 'too_long', id, promptTokens, contextSize: context.contextSize });
      const started = performance.now();
      const meter = { input: sequence.tokenMeter.usedInputTokens, output: sequence.tokenMeter.usedOutputTokens };
      const result = await chat.generateResponse(history, {
        // Never past the end of the context: llama.cpp would shift it, dropping the prompt's start.
        maxTokens: Math.min(maxTokens ?? room, room),
        temperature: 0,
        signal: abort.signal,
        stopOnAbortSignal: true,
        grammar,
        onTextChunk: text.add,
      });
      text.flush();
      send({
        type: 'done',
        id,
        report: {
          promptTokens: sequence.tokenMeter.usedInputTokens - meter.input,
          completionTokens: sequence.tokenMeter.usedOutputTokens - meter.output,
          stopReason: result.metadata.stopReason,
          text: result.response,
          seconds: (performance.now() - started) / 1000,
        },
      });
    } finally {
      chat.dispose();
    }
  } catch (error) {
    text.flush();
    send({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    running.delete(id);
  }
}

process.on('message', (message: ToModelProcess) => {
  switch (message.type) {
    case 'load':
      loaded ??= load(message.settings);
      loaded.then(
        ({ model, context }) => send({ type: 'loaded', contextSize: context.contextSize, memoryBytes: model.size + context.stateSize }),
        (error: unknown) => send({ type: 'load_failed', message: error instanceof Error ? error.message : String(error) }),
      );
      break;
    case 'grammar':
      void (async () => {
        try {
          grammar = message.gbnf === null ? undefined : await (await llama()).createGrammar({ grammar: message.gbnf });
          send({ type: 'grammar_set', seq: message.seq, error: null });
        } catch (error) {
          send({ type: 'grammar_set', seq: message.seq, error: error instanceof Error ? error.message : String(error) });
        }
      })();
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
