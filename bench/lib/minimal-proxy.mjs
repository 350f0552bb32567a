// The chat baseline of issue 19: the same work as Genie's POST /api/chat minus Genie. It takes
// the chat request, asks the provider (the fake model server) for a streamed completion, and
// re-frames each OpenAI chunk as Genie's `event: delta` SSE, then `event: done`. No session, no
// database, no limits, no ai SDK: what remains between it and Genie is Genie's own work.
// Usage: node bench/lib/minimal-proxy.mjs <provider base URL>; prints PROXY_URL=<url>.
import { createServer } from 'node:http';

const provider = process.argv[2];
const server = createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const { message } = JSON.parse(body || '{}');
  const upstream = await fetch(`${provider}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: message }] }),
  });
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  let buffered = '';
  let content = '';
  for await (const chunk of upstream.body) {
    buffered += Buffer.from(chunk).toString();
    let end;
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const line = buffered.slice(0, end).replace(/^data: /, '');
      buffered = buffered.slice(end + 2);
      if (line === '[DONE]') continue;
      const text = JSON.parse(line).choices?.[0]?.delta?.content;
      if (text) {
        content += text;
        res.write(`event: delta\ndata: ${JSON.stringify({ text })}\n\n`);
      }
    }
  }
  res.end(`event: done\ndata: ${JSON.stringify({ content })}\n\n`);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`PROXY_URL=http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
