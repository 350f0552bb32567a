import { describe, expect, it } from 'vitest';
import { runChatLoad } from './support/chat-load';

/**
 * 300 streamed chats open at every moment for 60 s against the fake model server: every reply
 * streams to its end with no error, the server stays under a hard memory cap, and it shuts down
 * cleanly afterwards. Event-loop delay and memory growth are speed figures: bench/chat-load.bench.ts
 * measures them (bench/results.md), as the team's rule keeps timed assertions out of tests.
 */
const CONCURRENT = Number(process.env.LOAD_STREAMS ?? 300);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const MEMORY_CAP_MB = 1536;

describe(`${CONCURRENT} concurrent streamed chats for ${SECONDS} s`, () => {
  it('streams every reply to the end without an error, under the memory cap, and exits 0 after', async () => {
    const result = await runChatLoad({ concurrent: CONCURRENT, seconds: SECONDS, rampSeconds: 15, words: 20, tokenDelayMs: 1000 });
    expect(result.errors.slice(0, 5)).toEqual([]);
    // Each chatter runs back-to-back 20 s streams: at least two rounds each in 60 s.
    expect(result.completed).toBeGreaterThanOrEqual(CONCURRENT * Math.floor(SECONDS / 30));
    expect(Math.max(...result.rssMb)).toBeLessThan(MEMORY_CAP_MB);
    expect(result.exitCode).toBe(0);
  });
});
