import { describe, expect, it } from 'vitest';
import { estimateTokens, fitPrompt, MAX_REPLY_TOKENS, ReportedContextSizes } from './context-budget';
import { reportedContextTokens } from './provider-error';

const turn = (role: 'user' | 'assistant', chars: number) => ({ role, content: 'x'.repeat(chars) });
const user = (chars: number) => [{ type: 'text' as const, text: 'y'.repeat(chars) }];

describe('fitting a prompt into a context', () => {
  it('estimates 3 bytes of UTF-8 a token, rounding up', () => {
    expect(estimateTokens('abcdef')).toBe(2);
    expect(estimateTokens('abcdefg')).toBe(3);
    expect(estimateTokens('日本語')).toBe(3); // 9 bytes
  });

  it('keeps the whole history when it fits, and asks for what the context leaves, at most MAX_REPLY_TOKENS', () => {
    const history = [turn('user', 30), turn('assistant', 30)];
    // system 300 chars = 100 + 4; user 300 = 100 + 4; history 2 × (10 + 4)
    expect(fitPrompt({ contextTokens: 2048, system: 's'.repeat(300), history, user: user(300) })).toEqual({
      fits: true,
      history,
      omitted: 0,
      maxOutputTokens: 2048 - 236,
    });
    const roomy = fitPrompt({ contextTokens: 128_000, system: 's', history, user: user(3) });
    expect(roomy.fits && roomy.maxOutputTokens).toBe(MAX_REPLY_TOKENS);
  });

  it('leaves out the oldest turns first, keeps a quarter for the reply, and never starts with an answer', () => {
    // Budget 1024 - 256 = 768; system 104 and user 104 leave 560: five turns of 104 fit, a sixth does not.
    const history = [turn('user', 300), turn('assistant', 300), turn('user', 300), turn('assistant', 300), turn('user', 300), turn('assistant', 300)];
    const fitted = fitPrompt({ contextTokens: 1024, system: 's'.repeat(300), history, user: user(300) });
    // The five newest start with an answer: it goes too, four are kept.
    expect(fitted).toEqual({ fits: true, history: history.slice(2), omitted: 2, maxOutputTokens: 1024 - 104 * 6 });

    const longer = [...history, turn('user', 300)]; // the five newest start with a question: all five are kept
    const cut = fitPrompt({ contextTokens: 1024, system: 's'.repeat(300), history: longer, user: user(300) });
    expect(cut).toEqual({ fits: true, history: longer.slice(2), omitted: 2, maxOutputTokens: 1024 - 104 * 7 });
  });

  it('says how long the message is and how much room it has when it does not fit alone', () => {
    expect(fitPrompt({ contextTokens: 1024, system: 's'.repeat(300), history: [], user: user(3000) })).toEqual({
      fits: false,
      messageTokens: 1004,
      availableTokens: 768 - 104,
    });
  });

  it('counts an image at a flat 1,500 tokens', () => {
    const parts = [
      { type: 'text' as const, text: 'y'.repeat(30) },
      { type: 'image' as const, data: new Uint8Array(10), mediaType: 'image/png' },
    ];
    // 4 + 10 + 1,500 for the message; budget 2,000 - 500 = 1,500, of which the system prompt takes 5.
    expect(fitPrompt({ contextTokens: 2000, system: 's', history: [], user: parts })).toEqual({ fits: false, messageTokens: 1514, availableTokens: 1495 });
  });

  it('fits to the smaller of the configured size and the size the provider reported', () => {
    const sizes = new ReportedContextSizes();
    expect(sizes.sizeFor('openai-compatible:m', 8192)).toBe(8192);
    sizes.remember('openai-compatible:m', 2048);
    expect(sizes.sizeFor('openai-compatible:m', 8192)).toBe(2048);
    expect(sizes.sizeFor('openai-compatible:m', 1024)).toBe(1024);
    expect(sizes.sizeFor('openai-compatible:other', 8192)).toBe(8192);
  });
});

describe('the context size a provider reports with its refusal', () => {
  it.each([
    ['llama.cpp', '{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":4476,"n_ctx":4096}}', 4096],
    ['OpenAI', "This model's maximum context length is 128000 tokens. However, your messages resulted in 130012 tokens.", 128000],
    ['Anthropic', 'prompt is too long: 210000 tokens > 200000 maximum', 200000],
    ['a server that does not say', '{"error":{"message":"context window full"}}', undefined],
  ])('reads %s', (_server, body, tokens) => {
    expect(reportedContextTokens(body)).toBe(tokens);
  });
});
