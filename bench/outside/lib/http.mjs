// What bench/outside says to a server: sign-ups and a timed chat stream (the load generator of
// the read figure is raw-load.mjs).
let counter = 0;

/** Signs a new account up over POST /api/auth/signup; resolves with its cookie header. */
export async function signUp(baseUrl, tag = 'outside') {
  counter += 1;
  const unique = `${tag}${process.pid}x${counter}x${Math.floor(Math.random() * 1e6)}`;
  const body = { email: `${unique}@example.com`, username: unique.slice(0, 30), password: 'correct horse battery' };
  const response = await fetch(`${baseUrl}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * One chat, POST <url> with {message}, timed from the request to the first `event: delta` and to
 * the end of the stream, as a browser sees them. Genie and the proxy take the same body.
 */
export async function timedChat(url, cookie, message) {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ message }),
  });
  if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  let firstToken = null;
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    if (firstToken === null && text.includes('event: delta')) firstToken = performance.now() - started;
  }
  if (firstToken === null) throw new Error(`chat streamed no delta: ${text.slice(0, 300)}`);
  return { firstToken, total: performance.now() - started };
}
