import type { ChildProcess } from 'node:child_process';
import { basename } from 'node:path';
import type { ChatHistoryItem, ChatModelFunctions } from 'node-llama-cpp';
import { GenerationQueue } from './generation-queue';
import { PROCESS_ENTRY, spawnModelProcess } from './local-model-child';
import { LocalModelExitError, LocalModelLoadError, LocalPromptTooLongError, LocalToolCallsTooLargeError } from './local-runtime-errors';
import { toolCallsWithinBounds, type FromModelProcess, type GenerationReport, type ToModelProcess } from './local-model-protocol';
import type { LocalRunSettings } from './local-settings';

/**
 * One GGUF model file run by llama.cpp in a process of its own (local-model-process.ts), started
 * on the first reply or at start (LOCAL_MODEL_PRELOAD), writing as many replies at once as its
 * context has sequences (LOCAL_MODEL_PARALLEL); others wait their turn in a bounded queue shared
 * fairly between accounts. The server's event loop only receives the text: node-llama-cpp
 * drives each token from JavaScript, and in its own process that drive never waits on the
 * server's requests, nor they on it. A process that dies (a fault in the native runtime) fails the
 * replies it was writing, and the next reply starts a new one.
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
export interface LocalGeneration extends GenerationReport {
  endedAt: number;
}

/** The model as its process reported it once loaded. */
interface Loaded {
  child: ChildProcess;
  contextSize: number;
  memoryBytes: number;
  /** Replies it writes at once. */
  sequences: number;
}

/** A reply being written: where its text and its end go. */
interface Writing {
  id: number;
  onText(text: string): void;
  settle(outcome: { report: GenerationReport } | { error: Error }): void;
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
  private readonly writing = new Map<number, Writing>();
  /** Calls waiting on the model's process (awaiting()). */
  private waits = 0;
  private nextId = 1;
  private forceSeq = 0;
  private readonly forceAcks = new Map<number, (error: string | null) => void>();
  /** The grammar every process started from now on is given (forceGrammar). */
  private grammar: string | null = null;
  /** Whether every process started from now on starts replies offered functions with a call (forceToolCalls). */
  private toolCallsForced = false;
  readonly generations: LocalGeneration[] = [];

  constructor(
    readonly settings: LocalRunSettings,
    private readonly now: () => number = Date.now,
    private readonly entry: URL = PROCESS_ENTRY,
  ) {
    this.file = basename(settings.path);
    // One turn until the process says how many sequences its context has (setSlots on load).
    this.queue = new GenerationQueue(settings.parallel ?? 1, settings.maxWaiting, settings.maxWaitingPerAccount);
  }

  /** Starts the model's process and loads the model once; every caller shares the one load. */
  load(): Promise<Loaded> {
    this.loading ??= this.start().then(
      (loaded) => {
        this.queue.setSlots(loaded.sequences);
        return (this.loaded = loaded);
      },
      (error: unknown) => {
        this.failure = error instanceof Error ? error.message : String(error);
        throw new LocalModelLoadError(this.failure, { cause: error });
      },
    );
    return this.loading;
  }

  private start(): Promise<Loaded> {
    const { child, why } = spawnModelProcess(this.entry);
    child.on('message', (message: FromModelProcess) => this.onMessage(message));
    const loaded = new Promise<Loaded>((resolve, reject) => {
      const onLoad = (message: FromModelProcess) => {
        if (message.type === 'loaded') resolve({ child, contextSize: message.contextSize, memoryBytes: message.memoryBytes, sequences: message.sequences });
        else if (message.type === 'load_failed') {
          reject(new Error(message.message));
          child.kill('SIGKILL');
        } else return;
        child.off('message', onLoad);
      };
      child.on('message', onLoad);
      child.once('error', (error) => reject(error));
      child.once('exit', (code, signal) => {
        const ended = why(code, signal);
        reject(new Error(ended));
        if (this.loaded?.child !== child) return;
        // Gone after loading: the replies it was writing fail, and the next reply starts it again.
        this.loaded = null;
        this.loading = null;
        for (const writing of this.writing.values()) writing.settle({ error: new LocalModelExitError(ended) });
      });
      const { path, contextSize, threads, gpu, parallel } = this.settings;
      this.send(child, { type: 'load', settings: { path, contextSize, threads, gpu, parallel: parallel ?? null } });
      if (this.grammar !== null) this.send(child, { type: 'grammar', seq: ++this.forceSeq, gbnf: this.grammar });
      if (this.toolCallsForced) this.send(child, { type: 'force_tool_calls', seq: ++this.forceSeq, on: true });
    });
    return this.awaiting(child, loaded);
  }

  /**
   * `work` with the model's IPC channel holding the event loop open until it settles: a script
   * that only awaits the model (a preload at start, a bench) must not end while it answers, and
   * an idle model must not keep a stopping server alive.
   */
  private async awaiting<T>(child: ChildProcess, work: Promise<T>): Promise<T> {
    this.waits += 1;
    child.channel?.ref();
    try {
      return await work;
    } finally {
      this.waits -= 1;
      if (this.waits === 0) child.channel?.unref();
    }
  }

  /** The model process's id while it runs (tests end it to show the server outlives it). */
  get processId(): number | undefined {
    return this.loaded?.child.pid;
  }

  private send(child: ChildProcess, message: ToModelProcess) {
    if (child.connected) child.send(message);
  }

  private onMessage(message: FromModelProcess) {
    if (message.type === 'forced') {
      this.forceAcks.get(message.seq)?.(message.error);
      this.forceAcks.delete(message.seq);
      return;
    }
    const writing = 'id' in message ? this.writing.get(message.id) : undefined;
    if (!writing) return;
    if (message.type === 'text') writing.onText(message.text);
    else if (message.type === 'done') {
      // Checked again here, as a provider's stream is: what crosses the process boundary is bounded.
      if (message.report.toolCalls && !toolCallsWithinBounds(message.report.toolCalls)) writing.settle({ error: new LocalToolCallsTooLargeError() });
      else writing.settle({ report: message.report });
    } else if (message.type === 'tool_calls_too_large') writing.settle({ error: new LocalToolCallsTooLargeError() });
    else if (message.type === 'too_long') writing.settle({ error: new LocalPromptTooLongError(message.promptTokens, message.contextSize) });
    else if (message.type === 'failed') writing.settle({ error: new Error(message.message) });
  }

  /**
   * A GBNF grammar every later reply must follow. For tests and the bench only: the runtime may not
   * end a reply before the grammar is complete, which is how they get replies long enough to stop
   * from outside or to run to max_tokens from a model that otherwise answers in ~25 tokens.
   */
  async forceGrammar(gbnf: string | undefined): Promise<void> {
    this.grammar = gbnf ?? null;
    await this.force((seq) => ({ type: 'grammar', seq, gbnf: this.grammar }));
  }

  /**
   * For tests only: every later reply offered functions starts with a call the model writes
   * (forced-tool-calls.ts says how), since the tiny fixture model never calls one of its own accord.
   * The round after the calls' results is not forced.
   */
  async forceToolCalls(on: boolean): Promise<void> {
    this.toolCallsForced = on;
    await this.force((seq) => ({ type: 'force_tool_calls', seq, on }));
  }

  /** Sends one of the test settings above to the model's process and waits for its answer. */
  private async force(message: (seq: number) => ToModelProcess): Promise<void> {
    const { child } = await this.load();
    const seq = ++this.forceSeq;
    const error = await this.awaiting(
      child,
      new Promise<string | null>((resolve) => {
        this.forceAcks.set(seq, resolve);
        this.send(child, message(seq));
      }),
    );
    if (error !== null) throw new Error(error);
  }

  /**
   * One reply to `history` (which ends with the user's turn, or with the model's own turn holding
   * its calls and their results), its text handed to `onText` piece by piece. Admission is decided
   * at once (QueueFullError when the queue is full); then it waits its turn. `signal` stops it at
   * once, waiting or writing: the result then has stopReason `abort`. `account` (the user the
   * reply is for) is who the queue shares its line between. With `functions` the model may call
   * them instead of answering: the result's `toolCalls`, none of them run.
   */
  async generate(options: {
    history: ChatHistoryItem[];
    functions?: ChatModelFunctions;
    maxTokens?: number;
    signal: AbortSignal;
    onText: (text: string) => void;
    account?: string;
  }): Promise<LocalGeneration> {
    const release = await this.queue.acquire(options.signal, options.account);
    try {
      const { child } = await this.load();
      const id = this.nextId++;
      const stop = () => this.send(child, { type: 'abort', id });
      const written = new Promise<GenerationReport>((resolve, reject) => {
        this.writing.set(id, { id, onText: options.onText, settle: (outcome) => ('report' in outcome ? resolve(outcome.report) : reject(outcome.error)) });
        this.send(child, { type: 'generate', id, history: options.history, maxTokens: options.maxTokens ?? null, functions: options.functions ?? null });
        if (options.signal.aborted) stop();
        else options.signal.addEventListener('abort', stop, { once: true });
      });
      const report = await this.awaiting(child, written).finally(() => {
        this.writing.delete(id);
        options.signal.removeEventListener('abort', stop);
      });
      const generation: LocalGeneration = { endedAt: this.now(), ...report };
      this.generations.push(generation);
      if (this.generations.length > KEPT_GENERATIONS) this.generations.shift();
      return generation;
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
      contextSize: this.loaded?.contextSize ?? this.settings.contextSize,
      threads: this.settings.threads,
      tokensPerSecond: recent.length > 0 && seconds > 0 ? Math.round(tokens / seconds) : null,
      memoryBytes: this.loaded?.memoryBytes ?? 0,
      running: this.queue.running,
      waiting: this.queue.waiting,
    };
  }

  async close(): Promise<void> {
    const loaded = await this.loading?.catch(() => null);
    this.loading = null;
    this.loaded = null;
    if (!loaded || loaded.child.exitCode !== null || loaded.child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => loaded.child.once('exit', () => resolve()));
    loaded.child.kill('SIGKILL');
    await gone;
  }
}
