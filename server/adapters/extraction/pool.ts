import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { ExtractableKind } from './kind';
import type { ExtractionFailure, ExtractionLimits, ExtractionResult } from './limits';
import type { OcrSettings } from './ocr/ocr-settings';
import { residentMb, spawnWorker, type Worker } from './pool-worker';
import type { ToWorker } from './protocol';

/**
 * "Extract the text of this file" as a job for a pool of worker processes. Each job runs in a child
 * process of its own with a hard memory cap (V8's heap limit, and its resident memory watched
 * from here), a wall-clock timeout and lowered CPU priority; at most `size` run at once and at
 * most `queueMax` wait. A job that breaks a limit has its process killed and comes back as a
 * failure naming the limit. The server only passes the file's bytes through, one chunk at a time.
 *
 * Why processes and not worker_threads: a thread's resourceLimits cap only its V8 heap (not the
 * buffers a decompressor allocates), a thread cannot be given a lower CPU priority, and its memory
 * is the server's own resident memory. A process can be measured, niced and killed outright.
 */

export interface ExtractionPoolOptions {
  /** Worker processes at most, so jobs at most at once. */
  size: number;
  /** Jobs that may wait for a worker; one more is answered "busy" at once. */
  queueMax: number;
  /** Wall-clock time one job may take, from when its worker starts it. */
  timeoutMs: number;
  /** Resident memory a worker may reach; its V8 heap is capped at three quarters of it. */
  memoryMb: number;
  limits: ExtractionLimits;
  /** OCR of scanned PDF pages and pictures (the pool adds the time budget from timeoutMs); absent when OCR is off. */
  ocr?: Omit<OcrSettings, 'budgetMs'>;
  /** An idle worker exits after this long. */
  idleMs?: number;
  /** A worker is replaced after this many jobs (pdf.js and mammoth keep caches). */
  jobsPerWorker?: number;
  /** The worker's entry file; tests pass fakes that hang, crash or allocate. */
  entry?: URL;
  /** Told when a worker is killed or dies unexpectedly (for the server log). */
  onWorkerProblem?: (message: string) => void;
}

export interface ExtractionRequest {
  kind: ExtractableKind;
  /** Opens the file's bytes; called only once the job has a worker (a waiting job holds nothing open). */
  open(): Promise<Readable>;
  /** Characters wanted; held to limits.maxChars. */
  maxChars: number;
  /** 'passages' for the indexer (see extract.ts); plain text by default. */
  output?: 'text' | 'passages';
}

export interface ExtractionPoolStats {
  running: number;
  queued: number;
  workers: number;
}

const MEMORY_POLL_MS = 100;
const OCR_SHARE_OF_TIMEOUT = 0.75;
export class ExtractionPool {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly queue: (() => void)[] = [];
  private running = 0;
  private closed = false;
  private nextId = 1;

  constructor(private readonly options: ExtractionPoolOptions) {}

  /** The caps every job runs under. */
  get limits(): ExtractionLimits {
    return this.options.limits;
  }

  /** True when pictures of text (image files, scanned pages) are read by OCR. */
  get readsPictures(): boolean {
    return this.options.ocr !== undefined;
  }

  stats(): ExtractionPoolStats {
    return { running: this.running, queued: this.queue.length, workers: this.all.size };
  }

  /** The file's text, or why there is none. Rejects only when the file's bytes cannot be opened or read. */
  async extract(request: ExtractionRequest): Promise<ExtractionResult> {
    if (this.closed) return { ok: false, reason: 'busy' };
    if (this.running >= this.options.size) {
      if (this.queue.length >= this.options.queueMax) return { ok: false, reason: 'busy' };
      await new Promise<void>((resolve) => this.queue.push(resolve));
      if (this.closed) return { ok: false, reason: 'busy' };
    }
    this.running++;
    try {
      return await this.runJob(request);
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }

  /** Stops every worker; waiting jobs are answered "busy". */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.queue.splice(0)) wake();
    const exits = [...this.all].map((worker) => {
      const gone = new Promise<void>((resolve) => {
        if (worker.child.exitCode !== null || worker.child.signalCode !== null) resolve();
        else worker.child.once('exit', () => resolve());
      });
      worker.child.kill('SIGKILL');
      return gone;
    });
    await Promise.all(exits);
  }

  private async runJob(request: ExtractionRequest): Promise<ExtractionResult> {
    const source = await request.open();
    // A store error while the worker starts must not crash the process as an unhandled 'error'
    // event (the iterator attaches its handlers only at its first read); the iterator still
    // rejects with it then.
    source.on('error', () => undefined);
    const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    let worker: Worker | undefined;
    try {
      worker = await this.acquire();
      if (!worker) return { ok: false, reason: 'crashed' };
      return await this.dispatch(worker, request, chunks);
    } finally {
      source.destroy();
      if (worker) this.release(worker);
    }
  }

  private dispatch(worker: Worker, request: ExtractionRequest, chunks: AsyncIterator<Buffer>): Promise<ExtractionResult> {
    const id = this.nextId++;
    const { limits, timeoutMs, memoryMb } = this.options;
    worker.jobs++;
    return new Promise<ExtractionResult>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => this.kill(worker, { reason: 'timeout', limit: timeoutMs }), timeoutMs);
      const memoryWatch = setInterval(() => {
        void residentMb(worker.child.pid).then((rssMb) => {
          if (!settled && rssMb !== null && rssMb > memoryMb) this.kill(worker, { reason: 'out_of_memory', limit: memoryMb });
        });
      }, MEMORY_POLL_MS);
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(memoryWatch);
        worker.onMessage = undefined;
        worker.onExit = undefined;
        outcome();
      };
      const send = (message: ToWorker) => {
        if (worker.child.connected) worker.child.send(message);
      };
      worker.onMessage = (message) => {
        if (message.type === 'result' && message.id === id) finish(() => resolve(message.result));
        else if (message.type === 'pull' && message.id === id) {
          chunks.next().then(
            (next) => {
              if (settled) return;
              send(next.done ? { type: 'end', id } : { type: 'chunk', id, bytes: next.value });
            },
            (error: unknown) => {
              if (settled) return;
              // The store failed mid-file: the worker's state is unknown, so it goes.
              finish(() => reject(error));
              worker.dead = true;
              worker.child.kill('SIGKILL');
            },
          );
        }
      };
      worker.onExit = (code, signal) => finish(() => resolve({ ok: false, ...this.exitFailure(worker, code, signal) }));
      // OCR starts no page past three quarters of the timeout: the pages read by then are kept and the rest named.
      const ocr = this.options.ocr && { ...this.options.ocr, budgetMs: Math.floor(timeoutMs * OCR_SHARE_OF_TIMEOUT) };
      send({ type: 'job', id, job: { kind: request.kind, maxChars: Math.min(request.maxChars, limits.maxChars), limits, output: request.output, ocr } });
    });
  }

  private exitFailure(worker: Worker, code: number | null, signal: NodeJS.Signals | null): ExtractionFailure {
    if (worker.killedFor) return worker.killedFor;
    // V8 aborts when the heap limit is reached: SIGABRT, and it says so on stderr.
    if (signal === 'SIGABRT' || code === 134 || /heap out of memory|Reached heap limit/i.test(worker.stderrTail)) {
      return { reason: 'out_of_memory', limit: this.options.memoryMb };
    }
    if (this.closed) return { reason: 'crashed' };
    this.options.onWorkerProblem?.(`extraction worker exited (${code ?? signal}) during a job: ${worker.stderrTail.trim().slice(-500)}`);
    return { reason: 'crashed' };
  }

  private kill(worker: Worker, why: NonNullable<Worker['killedFor']>) {
    if (worker.killedFor) return;
    worker.killedFor = why;
    worker.dead = true;
    this.options.onWorkerProblem?.(`extraction worker killed: ${why.reason === 'timeout' ? `over ${why.limit} ms` : `over ${why.limit} MB`}`);
    worker.child.kill('SIGKILL');
  }

  /** An idle worker, or a new one; undefined when a new one fails to start. */
  private async acquire(): Promise<Worker | undefined> {
    const worker = this.idle.pop() ?? this.spawn();
    clearTimeout(worker.idleTimer);
    worker.child.ref();
    worker.child.channel?.ref();
    (worker.child.stderr as Socket | null)?.ref();
    return (await worker.ready) ? worker : undefined;
  }

  private release(worker: Worker) {
    if (worker.dead || this.closed || worker.jobs >= (this.options.jobsPerWorker ?? 50)) {
      this.retire(worker);
      return;
    }
    // An idle worker must not keep the server process alive, and leaves after a while.
    worker.child.unref();
    worker.child.channel?.unref();
    (worker.child.stderr as Socket | null)?.unref();
    worker.idleTimer = setTimeout(() => {
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      this.retire(worker);
    }, this.options.idleMs ?? 60_000);
    worker.idleTimer.unref();
    this.idle.push(worker);
  }

  private retire(worker: Worker) {
    clearTimeout(worker.idleTimer);
    this.all.delete(worker);
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
  }

  private spawn(): Worker {
    const worker = spawnWorker(this.options, (gone) => {
      this.all.delete(gone);
      const index = this.idle.indexOf(gone);
      if (index >= 0) this.idle.splice(index, 1);
    });
    this.all.add(worker);
    return worker;
  }
}
