/**
 * Several replies at once from the model inside Genie (issue 45): total tokens per second with 1,
 * 2, 4 and 8 replies written at once through Genie (POST /api/chat, streamed, each reply from its
 * own account, the `local:` provider with LOCAL_MODEL_PARALLEL=8), against node-llama-cpp's own
 * multi-sequence use doing the same work without Genie: one context with 8 sequences, one
 * LlamaChat per sequence, all generating at once (node-llama-cpp decodes them in one batch). Each
 * level alternates the two sides round by round (A B B A), and each round's direct side writes
 * exactly as many tokens per reply as Genie's replies of that round had.
 *
 * Beside them, indexing with a local embedding model (`GENIE_EMBEDDING_MODEL=local:`, the same
 * file): passages embedded per second by Genie's embedder alone, and while two chats write through
 * Genie, alternated.
 *
 * The targets: at 4 at once, at least 2× the one-reply rate through Genie, and within 10% of
 * node-llama-cpp directly. The first-token wait (request to first text) is shown at each level.
 *
 * Replies are held to a grammar of 2,000 words so each runs to what is left of its sequence's
 * 512-token context instead of ending after ~25 tokens; both sides get the same grammar, file,
 * thread count, context size and sequence count.
 */
import { LlamaChat, type ChatHistoryItem, type LlamaContext } from 'node-llama-cpp';
import { PERSONAS } from '../contract/personas';
import { systemPrompt } from '../server/adapters/llm/prompts';
import { createLocalEmbedder } from '../server/adapters/llm/local/local-embedder';
import { loadLlama } from '../server/adapters/llm/local/local-models';
import { newAccount, signUpOverHttp } from '../tests/reliability/support/http';
import { alternate, showSpread } from './lib/alternate';
import { LOCAL_MODEL_FILE as MODEL, LONG_REPLY_GRAMMAR as GRAMMAR, startLocalGenie } from './lib/local-genie';
import { median, report, round, scaled } from './lib/report';

const THREADS = 1;
const CONTEXT = 512;
const SEQUENCES = 8;
const LEVELS = [1, 2, 4, 8];
const ROUNDS = scaled(6, 2);
const MESSAGE = 'What does barb mean?';

const genie = await startLocalGenie({
  threads: THREADS,
  context: CONTEXT,
  env: { LOCAL_MODEL_PARALLEL: String(SEQUENCES), LOCAL_MODEL_QUEUE: String(SEQUENCES) },
});
const { url, runtime } = genie;
// One account per reply at once: the fair queue gives each account its share, as for a team.
const cookies: string[] = [];
for (let i = 0; i < SEQUENCES; i++) cookies.push(await signUpOverHttp(url, newAccount(`benchpar${i}`)));

// node-llama-cpp directly: the same file, threads, context size and sequence count, loaded apart from Genie's.
const llama = await loadLlama();
const model = await llama.loadModel({ modelPath: MODEL });
const context: LlamaContext = await model.createContext({ contextSize: CONTEXT, threads: THREADS, sequences: SEQUENCES });
const grammar = await llama.createGrammar({ grammar: GRAMMAR });
const history: ChatHistoryItem[] = [
  { type: 'system', text: systemPrompt(PERSONAS[0]!, 'chat') },
  { type: 'user', text: MESSAGE },
];

/** One level's round: total tokens over the wall time from the first request to the last end, and each reply's first-token wait. */
interface Round {
  tokensPerSecond: number;
  firstTokenMs: number[];
}

/** Tokens each of Genie's replies had in the last round, so the direct side writes as many. */
let lastTokens: number[] = [];
const firstToken = { genie: new Map<number, number[]>(), direct: new Map<number, number[]>() };

async function oneThroughGenie(cookie: string, started: number): Promise<number> {
  const response = await fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
    body: JSON.stringify({ message: MESSAGE }),
  });
  if (response.status !== 200) throw new Error(`POST /api/chat answered ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let firstText = 0;
  let seen = '';
  for await (const chunk of response.body! as AsyncIterable<Uint8Array>) {
    if (firstText) continue;
    seen += decoder.decode(chunk, { stream: true });
    if (seen.includes('event: delta')) firstText = performance.now();
  }
  return firstText - started;
}

async function throughGenie(level: number): Promise<Round> {
  const started = performance.now();
  const waits = await Promise.all(cookies.slice(0, level).map((cookie) => oneThroughGenie(cookie, started)));
  const seconds = (performance.now() - started) / 1000;
  // Every reply of the round has ended, so the runtime's newest `level` records are this round's.
  const runs = runtime.generations.slice(-level);
  lastTokens = runs.map((run) => run.completionTokens);
  return { tokensPerSecond: lastTokens.reduce((sum, tokens) => sum + tokens, 0) / seconds, firstTokenMs: waits };
}

/**
 * node-llama-cpp's own multi-sequence use: one LlamaChat per sequence, kept from reply to reply so
 * each sequence reuses the prompt it already read (as Genie's model process does with its
 * sequences), all asked at once; the context decodes them in one batch.
 */
const directChats = Array.from({ length: SEQUENCES }, () => new LlamaChat({ contextSequence: context.getSequence() }));

async function oneDirect(chat: LlamaChat, maxTokens: number, started: number): Promise<{ tokens: number; wait: number }> {
  const before = chat.sequence.tokenMeter.usedOutputTokens;
  let firstText = 0;
  await chat.generateResponse(history, { maxTokens, temperature: 0, grammar, onTextChunk: () => (firstText ||= performance.now()) });
  return { tokens: chat.sequence.tokenMeter.usedOutputTokens - before, wait: firstText - started };
}

async function direct(level: number): Promise<Round> {
  const tokens = Array.from({ length: level }, (_, i) => lastTokens[i] ?? lastTokens[0]!);
  const started = performance.now();
  const replies = await Promise.all(tokens.map((maxTokens, i) => oneDirect(directChats[i]!, maxTokens, started)));
  const seconds = (performance.now() - started) / 1000;
  return { tokensPerSecond: replies.reduce((sum, r) => sum + r.tokens, 0) / seconds, firstTokenMs: replies.map((r) => r.wait) };
}

/** Runs one side of a level, keeping its first-token waits, and returns its rate. */
const timed = (side: 'genie' | 'direct', level: number) => async () => {
  const result = side === 'genie' ? await throughGenie(level) : await direct(level);
  firstToken[side].set(level, [...(firstToken[side].get(level) ?? []), ...result.firstTokenMs]);
  return result.tokensPerSecond;
};

try {
  const rates = new Map<number, Awaited<ReturnType<typeof alternate>>>();
  for (const level of LEVELS) {
    // The warm-up round's waits are not kept: the first run of a level pays for loading.
    await throughGenie(level);
    await direct(level);
    rates.set(level, await alternate({ rounds: ROUNDS, baseline: timed('direct', level), measured: timed('genie', level), warmup: 0 }));
  }
  const one = rates.get(1)!.measured.median;
  for (const level of LEVELS) {
    const rate = rates.get(level)!;
    const scaling = rate.measured.median / one;
    const ofDirect = rate.ratio.median;
    const atFour = level === 4;
    const met = atFour ? scaling >= 2 && ofDirect >= 0.9 : ofDirect >= 0.9;
    report({
      figure: `local model, ${level} ${level === 1 ? 'reply' : 'replies'} at once: total tokens/s through Genie against node-llama-cpp's multi-sequence use directly (${THREADS} thread, ${CONTEXT}-token context, ${SEQUENCES} sequences, ${lastTokens[0]}-token replies)`,
      baseline: `node-llama-cpp directly: ${showSpread(rate.baseline, 'tokens/s')}; first token ${round(median(firstToken.direct.get(level)!), 0)} ms (median of ${ROUNDS} alternated rounds; load ${rate.load})`,
      measured: `through Genie (POST /api/chat, streamed, ${level} ${level === 1 ? 'account' : 'accounts'}): ${showSpread(rate.measured, 'tokens/s')}, ${round(scaling, 2)}× the one-reply rate; ratio to direct per round ${showSpread(rate.ratio, '', 2)}; first token ${round(median(firstToken.genie.get(level)!), 0)} ms`,
      ratio: round(ofDirect),
      target: atFour ? '≥ 2× the one-reply rate and ≥ 0.9 of direct' : '≥ 0.9 of direct (reported beside the 4-at-once target)',
      met,
      gap: met
        ? undefined
        : scaling < 2 && atFour
          ? `At 4 at once Genie writes ${round(scaling, 2)}× its one-reply rate and node-llama-cpp directly ${round(rate.baseline.median / rates.get(1)!.baseline.median, 2)}× its own: with a 5 MB model on one thread the decode is bound by arithmetic, not by reading the weights, so a batch of four costs nearly four decodes; batching pays on models whose weights do not fit in the CPU's cache. Genie's first token also waits for each reply's start (session, checks, the stored message) on the one database thread.`
          : 'Through Genie each reply also crosses HTTP, the session and limit checks and storing the message, and the model process sends text to the server in batches; on 2 cores the server competes with llama.cpp.',
    });
  }

  // Indexing beside chat: Genie's local embedder on 32 passages of ~600 characters, alone and while two replies are written.
  const embedder = createLocalEmbedder(MODEL, { threads: THREADS });
  const passages = Array.from({ length: scaled(32, 8) }, (_, i) => `Passage ${i}: ${'The tenant shall keep the premises in good repair and return them as received. '.repeat(8)}`);
  const embedRate = async () => {
    const started = performance.now();
    await embedder.embed(passages);
    return passages.length / ((performance.now() - started) / 1000);
  };
  const whileTwoChatsWrite = async () => {
    let writing = true;
    const chats = [0, 1].map(async (i) => {
      while (writing) await oneThroughGenie(cookies[i]!, performance.now());
    });
    const rate = await embedRate();
    writing = false;
    await Promise.all(chats);
    return rate;
  };
  try {
    const embedding = await alternate({ rounds: ROUNDS, baseline: embedRate, measured: whileTwoChatsWrite });
    report({
      figure: `local embeddings: passages per second while two chats write through Genie, against the embedder alone (${THREADS} thread, the same GGUF file)`,
      baseline: `embedder alone: ${showSpread(embedding.baseline, 'passages/s')} (median of ${ROUNDS} alternated rounds of ${passages.length} passages; load ${embedding.load})`,
      measured: `while two replies are written: ${showSpread(embedding.measured, 'passages/s')}; ratio per round ${showSpread(embedding.ratio, '', 2)}`,
      ratio: round(embedding.ratio.median),
      target: 'reported (the issue asks for the figure)',
      met: true,
    });
  } finally {
    await embedder.close();
  }
} finally {
  for (const chat of directChats) chat.dispose();
  await context.dispose();
  await model.dispose();
  await genie.close();
}
