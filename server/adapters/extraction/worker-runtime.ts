import { ExtractionLimitError, MAX_MARKUP_DEPTH, type ExtractionResult } from './limits';
import type { ExtractionJob } from './extract';
import type { ByteInput } from './input';
import type { FromWorker, ToWorker } from './protocol';

export type WorkerTask = (job: ExtractionJob, input: ByteInput) => Promise<Omit<Extract<ExtractionResult, { ok: true }>, 'ok'>>;

/**
 * The worker's side of the protocol: one job at a time, its bytes pulled from the pool chunk by
 * chunk, the result (or the cap it crossed, or "damaged" for anything a library threw) sent back.
 * The worker leaves when the server does (its IPC channel closes).
 */
export function runWorker(task: WorkerTask) {
  const send = (message: FromWorker) => process.send!(message);
  let current: { id: number; deliver: (message: ToWorker) => void } | null = null;

  process.on('message', (message: ToWorker) => {
    if (message.type === 'job') void runJob(message.id, message.job);
    else if (current && message.id === current.id) current.deliver(message);
  });
  process.on('disconnect', () => process.exit(0));

  async function runJob(id: number, job: ExtractionJob) {
    const waiting: ((message: ToWorker) => void)[] = [];
    current = { id, deliver: (message) => waiting.shift()?.(message) };
    let ended = false;
    const input: ByteInput = {
      async *[Symbol.asyncIterator]() {
        while (!ended) {
          const next = new Promise<ToWorker>((resolve) => waiting.push(resolve));
          send({ type: 'pull', id });
          const message = await next;
          if (message.type === 'end') ended = true;
          else if (message.type === 'chunk') yield message.bytes;
        }
      },
    };
    let result: ExtractionResult;
    try {
      result = { ok: true, ...(await task(job, input)) };
    } catch (error) {
      result = error instanceof ExtractionLimitError ? { ok: false, ...error.failure } : isStackOverflow(error) ? { ok: false, reason: 'too_deep', limit: MAX_MARKUP_DEPTH } : { ok: false, reason: 'damaged' };
    }
    current = null;
    send({ type: 'result', id, result });
  }

  send({ type: 'ready' });
}

/** A reader that recursed once per level of markup ran out of stack: the file nests too deep (mammoth on a DOCX). */
function isStackOverflow(error: unknown) {
  return error instanceof RangeError && error.message.includes('call stack');
}
