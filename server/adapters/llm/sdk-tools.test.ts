import { describe, expect, it } from 'vitest';
import { MAX_TOOL_ARGUMENT_CHARS, MAX_TOOL_CALLS } from './model-call';
import { ProviderError, UNREADABLE_REPLY } from './provider-error';
import { sdkToolsOf, ToolCallCollector, toolRoundMessages } from './sdk-tools';

/** Issue 40 on the SDK providers: the tools offered, the rounds sent back, and the bounds on what a model streams. */
describe('MCP tools through the ai SDK', () => {
  it('offers each tool as a function tool with no execute, so the SDK runs none', () => {
    const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    expect(sdkToolsOf([{ name: 'fs__read_text_file', description: 'Read a file', parameters: schema }])).toEqual([
      { type: 'function', name: 'fs__read_text_file', description: 'Read a file', inputSchema: schema },
    ]);
  });

  it('sends a round as the assistant text and calls, then their results; arguments that were not an object go back as {}', () => {
    const messages = toolRoundMessages([
      {
        text: 'Let me look.',
        calls: [
          { id: 'c0', name: 'fs__read_text_file', arguments: '{"path":"/a"}' },
          { id: 'c1', name: 'fs__list_directory', arguments: 'not json' },
        ],
        results: { c0: 'alpha', c1: 'The arguments were not a JSON object; the tool did not run.' },
      },
      { text: '', calls: [{ id: 'c2', name: 'fs__write_file', arguments: '[1]' }], results: {} },
    ]);
    expect(messages).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look.' },
          { type: 'tool-call', toolCallId: 'c0', toolName: 'fs__read_text_file', input: { path: '/a' } },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'fs__list_directory', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c0', toolName: 'fs__read_text_file', output: { type: 'text', value: 'alpha' } },
          { type: 'tool-result', toolCallId: 'c1', toolName: 'fs__list_directory', output: { type: 'text', value: 'The arguments were not a JSON object; the tool did not run.' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'fs__write_file', input: {} }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c2', toolName: 'fs__write_file', output: { type: 'text', value: '' } }] },
    ]);
  });

  it('collects the calls the model made, not those the provider ran itself; none is undefined', () => {
    const collector = new ToolCallCollector();
    expect(collector.calls).toBeUndefined();
    collector.read({ type: 'tool-input-start', id: 't0', toolName: 'fs__read_text_file' });
    collector.read({ type: 'tool-input-delta', id: 't0', delta: '{"path":' });
    collector.read({ type: 'tool-input-delta', id: 't0', delta: '"/a"}' });
    collector.read({ type: 'tool-call', toolCallId: 't0', toolName: 'fs__read_text_file', input: '{"path":"/a"}' });
    collector.read({ type: 'tool-call', toolCallId: 'web', toolName: 'web_search', input: '{}', providerExecuted: true });
    collector.read({ type: 'tool-call', toolCallId: '', toolName: 'fs__list_directory', input: '' });
    expect(collector.calls).toEqual([
      { id: 't0', name: 'fs__read_text_file', arguments: '{"path":"/a"}' },
      { id: 'call_1', name: 'fs__list_directory', arguments: '' },
    ]);
  });

  const unreadable = new ProviderError('failed', UNREADABLE_REPLY);

  it('stops reading arguments longer than the bound while they stream, before the SDK has them whole', () => {
    const collector = new ToolCallCollector();
    collector.read({ type: 'tool-input-start', id: 't0', toolName: 'fs__write_file' });
    collector.read({ type: 'tool-input-delta', id: 't0', delta: 'x'.repeat(MAX_TOOL_ARGUMENT_CHARS) });
    expect(() => collector.read({ type: 'tool-input-delta', id: 't0', delta: 'x' })).toThrow(unreadable);
    // A call that arrives whole (xAI) is measured whole.
    expect(() => new ToolCallCollector().read({ type: 'tool-call', toolCallId: 'a', toolName: 'fs__write_file', input: 'x'.repeat(MAX_TOOL_ARGUMENT_CHARS + 1) })).toThrow(unreadable);
  });

  it(`reads at most ${MAX_TOOL_CALLS} calls in one reply`, () => {
    const collector = new ToolCallCollector();
    for (let i = 0; i < MAX_TOOL_CALLS; i++) collector.read({ type: 'tool-call', toolCallId: `c${i}`, toolName: 'fs__list_directory', input: '{}' });
    expect(collector.calls).toHaveLength(MAX_TOOL_CALLS);
    expect(() => collector.read({ type: 'tool-call', toolCallId: 'one-more', toolName: 'fs__list_directory', input: '{}' })).toThrow(unreadable);
    const streaming = new ToolCallCollector();
    for (let i = 0; i < MAX_TOOL_CALLS; i++) streaming.read({ type: 'tool-input-start', id: `s${i}`, toolName: 'fs__list_directory' });
    expect(() => streaming.read({ type: 'tool-input-start', id: 'one-more', toolName: 'fs__list_directory' })).toThrow(unreadable);
  });
});
