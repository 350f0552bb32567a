import { describe, expect, it } from 'vitest';
import { MAX_TOOL_ARGUMENT_CHARS, MAX_TOOL_CALLS } from '../model-call';
import { answerOptions } from './answer-options';

/** The local model's own bound on the calls it writes (issue 45): stopped while it writes them. */
describe('what the local model may answer with', () => {
  const functions = { fs__write_file: { description: 'Write a file.', params: { type: 'object', properties: { path: { type: 'string' } } } } } as const;

  const start = () => {
    const abort = new AbortController();
    const tooLarge = { seen: false };
    const options = answerOptions(functions, undefined, abort, tooLarge);
    const onChunk = options.onFunctionCallParamsChunk;
    if (!onChunk) throw new Error('functions were offered: their parameters are counted');
    return { abort, tooLarge, options, chunk: (callIndex: number, paramsChunk: string) => onChunk({ callIndex, paramsChunk }) };
  };

  it('offers the functions with their parameters documented, at most 16 calls, and no grammar', () => {
    const { options } = start();
    expect({ ...options, onFunctionCallParamsChunk: undefined }).toEqual({ functions, documentFunctionParams: true, maxParallelFunctionCalls: MAX_TOOL_CALLS, onFunctionCallParamsChunk: undefined });
    expect('grammar' in options).toBe(false);
  });

  it("stops the reply once one call's arguments pass 64 KB, counted per call", () => {
    const { abort, tooLarge, chunk } = start();
    chunk(0, 'x'.repeat(MAX_TOOL_ARGUMENT_CHARS - 1));
    chunk(1, 'x'.repeat(MAX_TOOL_ARGUMENT_CHARS));
    chunk(0, 'x');
    expect([abort.signal.aborted, tooLarge.seen]).toEqual([false, false]);
    chunk(0, 'x');
    expect([abort.signal.aborted, tooLarge.seen]).toEqual([true, true]);
  });

  it('stops the reply at a 17th call', () => {
    const { abort, tooLarge, chunk } = start();
    chunk(MAX_TOOL_CALLS - 1, '{}');
    expect(abort.signal.aborted).toBe(false);
    chunk(MAX_TOOL_CALLS, '{');
    expect([abort.signal.aborted, tooLarge.seen]).toEqual([true, true]);
  });

  it('without functions, gives the grammar a test forced', () => {
    const abort = new AbortController();
    expect(answerOptions(null, undefined, abort, { seen: false })).toEqual({ grammar: undefined });
  });
});
