import { basename } from 'node:path';
import type { ChatHistoryItem, ChatWrapper, Llama, LlamaContext, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { GenerationQueue } from './generation-queue';
import type { LocalRunSettings } from './local-settings';

/**
 * One GGUF model file run in this process by llama.cpp (node-llama-cpp). It is loaded once, on the
 * first reply or at start (LOCAL_MODEL_PRELOAD), and writes one reply at a time; others wait their
 * turn in a bounded queue. Inference runs on llama.cpp's own native threads: the event loop only
 * receives the detokenised text, so other requests never wait on a reply being written.
 */

export type LocalModelState = 'not_loaded' | 'loading' | 'loaded' | 'failed';

export interface LocalModelStatus {
  /** The file's name, as "Powered by" shows it. */
  file: string;
  state: LocalModelState;
  /** Why loading failed, for the operator (System tab, /api/health). */
  error: string | null;
  contextSize: number;
  threads: number;
  /** Tokens written per second of writing, over the replies that ended in the last minute; null with none. */
  tokensPerSecond: number | null;
  /** Memory the loaded weights and context take (llama.cpp's own sizes); 0 until loaded. */
  memoryBytes: number;
  running: number;
  waiting: number;
}

/** What the runtime did for one reply: its own token meter, not an estimate. */
export interface LocalGeneration {
  endedAt: number;
  promptTokens: number;
  completionTokens: number;
  /** node-llama-cpp's reason: eogToken, stopGenerationTrigger, maxTokens, abort... */
  stopReason: string;
  text: string;
  seconds: number;
}

export class LocalPromptTooLongError extends Error {
  constructor(
    readonly promptTokens: number,
    readonly contextSize: number,
  ) {
    super(`the prompt is ${promptTokens} tokens and the local model's context holds ${contextSize}`);
  }
}

/** The model file could not be loaded (it stays failed until Genie restarts); `cause` says why. */
export class LocalModelLoadError extends Error {}

interface Loaded {
  model: LlamaModel;
  context: LlamaContext;
  /**
   * The model's chat template, resolved once: LlamaChat's default ("auto") reads and compiles the
   * file's Jinja template in JavaScript for every new chat, on the event loop.
   */
  chatWrapper: ChatWrapper;
}

const RECENT_MS = 60_000;
/** Replies kept for the System tab's tokens/s and for tests; older ones are dropped first. */
const KEPT_GENERATIONS = 256;

export class LocalModelRuntime {
  readonly file: string;
  /** Turns at the model: public for status and for tests that hold the slot. */
  readonly queue: GenerationQueue;
  private loading: Promise<Loaded> | null = null;
  private loaded: Loaded | null = null;
  private failure: string | null = null;
  private grammar: LlamaGrammar | undefined;
  readonly generations: LocalGeneration[] = [];

  constructor(
    private readonly llama: Llama,
    readonly settings: LocalRunSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.file = basename(settings.path);
    this.queue = new GenerationQueue(1, settings.maxWaiting);
  }

  /** Loads the model and its context once; every caller shares the one load. */
  load(): Promise<Loaded> {
    this.loading ??= (async () => {
      try {
        const model = await this.llama.loadModel({ modelPath: this.settings.path });
        const context = await model.createContext({ contextSize: this.settings.contextSize, threads: this.settings.threads, sequences: 1 });
        const { resolveChatWrapper } = await import('node-llama-cpp');
        this.loaded = { model, context, chatWrapper: resolveChatWrapper(model) };
        return this.loaded;
      } catch (error) {
        this.failure = error instanceof Error ? error.message : String(error);
        throw new LocalModelLoadError(this.failure, { cause: error });
      }
    })();
    return this.loading;
  }

  /**
   * A GBNF grammar every later reply must follow. For tests and the bench only: the runtime may not
   * end a reply before the grammar is complete, which is how they get replies long enough to stop
   * from outside or to run to max_tokens from a model that otherwise answers in ~25 tokens.
   */
  async forceGrammar(gbnf: string | undefined): Promise<void> {
    this.grammar = gbnf === undefined ? undefined : await this.llama.createGrammar({ grammar: gbnf });
  }

  /**
   * One reply to `history` (which ends with the user's turn), its text handed to `onText` piece by
   * piece. Admission is decided at once (QueueFullError when the queue is full); then it waits its
   * turn. `signal` stops it at once, waiting or writing: the result then has stopReason `abort`.
   */
  async generate(options: { history: ChatHistoryItem[]; maxTokens?: number; signal: AbortSignal; onText: (text: string) => void }): Promise<LocalGeneration> {
    const release = await this.queue.acquire(options.signal);
    try {
      const { model, context, chatWrapper } = await this.load();
      const { LlamaChat } = await import('node-llama-cpp');
      const sequence = context.getSequence();
      const chat = new LlamaChat({ contextSequence: sequence, chatWrapper, autoDisposeSequence: true });
      try {
        const prompt = chat.chatWrapper.generateContextState({ chatHistory: [...options.history, { type: 'model', response: [] }] });
        const promptTokens = prompt.contextText.tokenize(model.tokenizer).length;
        const room = context.contextSize - promptTokens;
        if (room <= 0) throw new LocalPromptTooLongError(promptTokens, context.contextSize);
        const started = this.now();
        const meter = { input: sequence.tokenMeter.usedInputTokens, output: sequence.tokenMeter.usedOutputTokens };
        const result = await chat.generateResponse(options.history, {
          // Never past the end of the context: llama.cpp would shift it, dropping the prompt's start.
          maxTokens: Math.min(options.maxTokens ?? room, room),
          temperature: 0,
          signal: options.signal,
          stopOnAbortSignal: true,
          grammar: this.grammar,
          onTextChunk: options.onText,
        });
        const generation: LocalGeneration = {
          endedAt: this.now(),
          promptTokens: sequence.tokenMeter.usedInputTokens - meter.input,
          completionTokens: sequence.tokenMeter.usedOutputTokens - meter.output,
          stopReason: result.metadata.stopReason,
          text: result.response,
          seconds: (this.now() - started) / 1000,
        };
        this.generations.push(generation);
        if (this.generations.length > KEPT_GENERATIONS) this.generations.shift();
        return generation;
      } finally {
        chat.dispose();
      }
    } finally {
      release();
    }
  }

  status(): LocalModelStatus {
    const since = this.now() - RECENT_MS;
    const recent = this.generations.filter((g) => g.endedAt >= since);
    const seconds = recent.reduce((sum, g) => sum + g.seconds, 0);
    const tokens = recent.reduce((sum, g) => sum + g.completionTokens, 0);
    return {
      file: this.file,
      state: this.failure !== null ? 'failed' : this.loaded ? 'loaded' : this.loading ? 'loading' : 'not_loaded',
      error: this.failure,
      contextSize: this.loaded?.context.contextSize ?? this.settings.contextSize,
      threads: this.settings.threads,
      tokensPerSecond: recent.length > 0 && seconds > 0 ? Math.round(tokens / seconds) : null,
      memoryBytes: this.loaded ? this.loaded.model.size + this.loaded.context.stateSize : 0,
      running: this.queue.running,
      waiting: this.queue.waiting,
    };
  }

  async close(): Promise<void> {
    const loaded = await this.loading?.catch(() => null);
    await loaded?.context.dispose();
    await loaded?.model.dispose();
  }
}
