/**
 * A model inside Genie (issue 21): tokens per second, from a reply's first text to its end, written by the tiny GGUF model
 * through Genie (POST /api/chat, streamed, `local:` provider) against node-llama-cpp called
 * directly with the same file, thread count, grammar and prompt, alternated A B B A over several
 * rounds; and the event loop's delay, and /api/health's latency, while Genie writes a reply.
 *
 * Genie runs in this process (built with buildApp on the embedded database), as `npm start` runs
 * it: the event loop measured is the one Genie's requests are served on. Genie's model runs in
 * the process Genie starts for it (local-model-process.ts), as in production; the direct side
 * runs node-llama-cpp in this process, with nothing else to do while it writes. Replies are held to a
 * grammar of 2,000 words so each runs to its max_tokens (what is left of a 512-token context)
 * instead of ending after ~25 tokens; both sides get the same grammar and the same token count.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LlamaChat, type ChatHistoryItem } from 'node-llama-cpp';
import { PERSONAS } from '../contract/personas';
import { systemPrompt } from '../server/adapters/llm/prompts';
import { loadLlama } from '../server/adapters/llm/local/local-models';
import { newAccount, signUpOverHttp } from '../tests/reliability/support/http';
import { alternate, showSpread } from './lib/alternate';
import { LOCAL_MODEL_FILE as MODEL, LONG_REPLY_GRAMMAR as GRAMMAR, startLocalGenie } from './lib/local-genie';
import { median, percentile, report, round } from './lib/report';

const THREADS = 1;
const CONTEXT = 512;
const ROUNDS = 6;
const MESSAGE = 'What does barb mean?';

const genie = await startLocalGenie({ threads: THREADS, context: CONTEXT });
const { url, runtime } = genie;
const cookie = await signUpOverHttp(url, newAccount('benchlocal'));

// node-llama-cpp directly: the same file, threads and context, loaded apart from Genie's.
const llama = await loadLlama();
const model = await llama.loadModel({ modelPath: MODEL });
const context = await model.createContext({ contextSize: CONTEXT, threads: THREADS, sequences: 1 });
const grammar = await llama.createGrammar({ grammar: GRAMMAR });
const history: ChatHistoryItem[] = [
  { type: 'system', text: systemPrompt(PERSONAS[0]!, 'chat') },
  { type: 'user', text: MESSAGE },
];

/** Tokens Genie's last reply had, so the direct side writes exactly as many. */
let lastTokens = 0;

/** Whole replies, request to last byte, beside the writing speed: what a person waits in all. */
const wholeMs = { genie: [] as number[], direct: [] as number[] };

/**
 * Writing speed: the reply's tokens after its first, over the time from its first text to its
 * end, on both sides alike. What comes before the first token (the prompt read, and through Genie
 * the session, the limit checks and storing the message) is a fixed cost per reply, not a rate:
 * bench/peers.bench.ts times it against llama.cpp, and wholeMs shows it here.
 */
async function throughGenie(): Promise<number> {
  // One conversation per reply: every prompt is the same length.
  const started = performance.now();
  const response = await fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
    body: JSON.stringify({ message: MESSAGE }),
  });
  const decoder = new TextDecoder();
  let firstText = 0;
  let seen = '';
  for await (const chunk of response.body! as AsyncIterable<Uint8Array>) {
    if (!firstText) {
      seen += decoder.decode(chunk, { stream: true });
      if (seen.includes('event: delta')) firstText = performance.now();
    }
  }
  const ended = performance.now();
  wholeMs.genie.push(ended - started);
  const run = runtime.generations.at(-1)!;
  lastTokens = run.completionTokens;
  return (run.completionTokens - 1) / ((ended - firstText) / 1000);
}

async function direct(): Promise<number> {
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence, autoDisposeSequence: true });
  try {
    const started = performance.now();
    let firstText = 0;
    await chat.generateResponse(history, { maxTokens: lastTokens, temperature: 0, grammar, onTextChunk: () => (firstText ||= performance.now()) });
    const ended = performance.now();
    wholeMs.direct.push(ended - started);
    return (sequence.tokenMeter.usedOutputTokens - 1) / ((ended - firstText) / 1000);
  } finally {
    chat.dispose();
  }
}

try {
  await throughGenie();
  const speed = await alternate({ rounds: ROUNDS, baseline: direct, measured: throughGenie });
  report({
    figure: `local model: writing speed in tokens/s (first text to end) through Genie against node-llama-cpp directly (${THREADS} thread, ${lastTokens}-token replies)`,
    baseline: `node-llama-cpp directly: ${showSpread(speed.baseline, 'tokens/s')} (median of ${ROUNDS} alternated rounds; load ${speed.load})`,
    measured: `through Genie (POST /api/chat, streamed): ${showSpread(speed.measured, 'tokens/s')}; ratio per round ${showSpread(speed.ratio, '', 2)}; whole reply, request to end: ${round(median(wholeMs.genie), 0)} ms through Genie, ${round(median(wholeMs.direct), 0)} ms directly`,
    ratio: round(speed.ratio.median),
    target: '≥ 0.95 of direct',
    met: speed.ratio.median >= 0.95,
    gap: speed.ratio.median >= 0.95 ? undefined : 'Through Genie the reply also crosses HTTP, the session and limit checks, storing the message, and the prompt carries the same system text; on a loaded machine the event loop competes with llama.cpp for the one core it is not using.',
  });

  // While Genie writes replies back to back: the event loop's delay, and /api/health every 50 ms.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const healthMs: number[] = [];
  let writing = true;
  const probe = (async () => {
    while (writing) {
      const started = performance.now();
      await (await fetch(`${url}/api/health`)).text();
      healthMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  delay.enable();
  for (let i = 0; i < ROUNDS; i++) await throughGenie();
  delay.disable();
  writing = false;
  await probe;
  const loopP99 = delay.percentile(99) / 1e6;
  const healthP99 = percentile(healthMs, 99);
  report({
    figure: 'local model: event-loop delay p99 while Genie writes replies',
    baseline: 'target 200 ms (issue 21: /api/health p99 under 200 ms during generation)',
    measured: `${round(loopP99, 1)} ms (max ${round(delay.max / 1e6, 1)} ms, ${ROUNDS} replies back to back)`,
    ratio: round(loopP99 / 200),
    target: 'p99 < 200 ms',
    met: loopP99 < 200,
  });
  report({
    figure: 'local model: /api/health latency p99 while Genie writes replies',
    baseline: 'target 200 ms',
    measured: `${round(healthP99, 1)} ms p99 of ${healthMs.length} probes (median ${round(percentile(healthMs, 50), 1)} ms)`,
    ratio: round(healthP99 / 200),
    target: 'p99 < 200 ms',
    met: healthP99 < 200,
  });
} finally {
  await context.dispose();
  await model.dispose();
  await genie.close();
}
