import { describe, expect, it } from 'vitest';
import { toolRoundMessages } from '../sdk-tools';
import { callsIn, toChatHistory, toolsOf } from './local-chat-history';

/** The SDK prompt (with sdk-tools.ts's tool rounds) as node-llama-cpp's chat history (issue 45). */
describe('a local model reads the chat and its tool rounds', () => {
  const opening = [
    { role: 'system' as const, content: 'You are Genie.' },
    { role: 'user' as const, content: [{ type: 'text' as const, text: 'Hello' }] },
    { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Hi.' }] },
    { role: 'user' as const, content: [{ type: 'text' as const, text: 'Which folders can you read?' }] },
  ];

  it('keeps a chat without tools as it was: system, user and model turns of text', () => {
    expect(toChatHistory(opening)).toEqual([
      { type: 'system', text: 'You are Genie.' },
      { type: 'user', text: 'Hello' },
      { type: 'model', response: ['Hi.'] },
      { type: 'user', text: 'Which folders can you read?' },
    ]);
  });

  it("writes a reply's rounds into one model turn, each call with its result by id, so the next round goes on from there", () => {
    const rounds = toolRoundMessages([
      {
        text: 'Let me look.',
        calls: [
          { id: 'call_0', name: 'fs__list_allowed_directories', arguments: '{}' },
          { id: 'call_1', name: 'fs__read_text_file', arguments: '{"path":"/a"}' },
        ],
        // Results listed out of order: each is matched to its call by id.
        results: { call_1: 'alpha', call_0: 'Allowed directories:\n/a' },
      },
      { text: '', calls: [{ id: 'call_2', name: 'fs__write_file', arguments: '{"path":"/b","content":"x"}' }], results: { call_2: 'The user denied this call.' } },
    ]);
    const history = toChatHistory([...opening, ...rounds]);
    expect(history.slice(0, 4)).toEqual(toChatHistory(opening));
    expect(history.slice(4)).toEqual([
      {
        type: 'model',
        response: [
          'Let me look.',
          { type: 'functionCall', name: 'fs__list_allowed_directories', params: {}, result: 'Allowed directories:\n/a' },
          { type: 'functionCall', name: 'fs__read_text_file', params: { path: '/a' }, result: 'alpha' },
          { type: 'functionCall', name: 'fs__write_file', params: { path: '/b', content: 'x' }, result: 'The user denied this call.' },
        ],
      },
    ]);
    expect(callsIn([...opening, ...rounds])).toBe(3);
    expect(callsIn(opening)).toBe(0);
  });

  it('reads a result given as JSON or as content parts, and starts a new model turn after the next user turn', () => {
    const history = toChatHistory([
      { role: 'user', content: [{ type: 'text', text: 'q1' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 't__json', input: {} }, { type: 'tool-call', toolCallId: 'b', toolName: 't__parts', input: {} }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a', toolName: 't__json', output: { type: 'json', value: { n: 1 } } },
          { type: 'tool-result', toolCallId: 'b', toolName: 't__parts', output: { type: 'content', value: [{ type: 'text', text: 'one ' }, { type: 'text', text: 'two' }] } },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      { role: 'user', content: [{ type: 'text', text: 'q2' }] },
    ]);
    expect(history).toEqual([
      { type: 'user', text: 'q1' },
      {
        type: 'model',
        response: [
          { type: 'functionCall', name: 't__json', params: {}, result: { n: 1 } },
          { type: 'functionCall', name: 't__parts', params: {}, result: 'one two' },
          'Done.',
        ],
      },
      { type: 'user', text: 'q2' },
    ]);
  });

  it("takes the SDK's function tools back as Genie's tools", () => {
    const schema = { type: 'object' as const, properties: {} };
    expect(toolsOf([{ type: 'function', name: 'fs__list_allowed_directories', inputSchema: schema }, { type: 'function', name: 'x__y', description: 'Why.', inputSchema: schema }])).toEqual([
      { name: 'fs__list_allowed_directories', description: '', parameters: schema },
      { name: 'x__y', description: 'Why.', parameters: schema },
    ]);
    expect(toolsOf(undefined)).toEqual([]);
  });
});
