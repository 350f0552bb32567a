/**
 * A stand-in for the local model's process (server/adapters/llm/local/local-model-process.ts) for
 * the runtime's protocol tests: it speaks the real messages without llama.cpp, and answers each
 * `generate` as the user's last text says, so a test can send the server what no tiny model would.
 *   calls:<n>         a reply that called `fs__list_directory` n times (arguments `{"i":<k>}`)
 *   long-name         one call whose name is 257 characters
 *   long-arguments    one call whose arguments are 64 KB and one character
 *   too-large         the process's own stop of a runaway call (`tool_calls_too_large`)
 *   anything else     a reply whose text is the functions it was offered, as JSON
 */
import type { FromModelProcess, LocalToolCall, ToModelProcess } from '../../server/adapters/llm/local/local-model-protocol';

const send = (message: FromModelProcess) => process.send!(message);
const report = (id: number, text: string, toolCalls?: LocalToolCall[]): FromModelProcess => ({
  type: 'done',
  id,
  report: { promptTokens: 10, completionTokens: 2, stopReason: toolCalls ? 'functionCalls' : 'eogToken', text, seconds: 0.01, ...(toolCalls ? { toolCalls } : {}) },
});

process.on('message', (message: ToModelProcess) => {
  if (message.type === 'load') send({ type: 'loaded', contextSize: 2048, memoryBytes: 1, sequences: 1 });
  if (message.type === 'grammar' || message.type === 'force_tool_calls') send({ type: 'forced', seq: message.seq, error: null });
  if (message.type !== 'generate') return;
  const last = message.history.at(-1);
  const command = last?.type === 'user' ? last.text : '';
  const { id } = message;
  if (command.startsWith('calls:')) {
    send(report(id, '', Array.from({ length: Number(command.slice(6)) }, (_, i) => ({ name: 'fs__list_directory', arguments: JSON.stringify({ i }) }))));
  } else if (command === 'long-name') send(report(id, '', [{ name: 'x'.repeat(257), arguments: '{}' }]));
  else if (command === 'long-arguments') send(report(id, '', [{ name: 'fs__write_file', arguments: 'x'.repeat(64 * 1024 + 1) }]));
  else if (command === 'too-large') send({ type: 'tool_calls_too_large', id });
  else send(report(id, JSON.stringify(message.functions)));
});

process.on('disconnect', () => process.exit(0));
