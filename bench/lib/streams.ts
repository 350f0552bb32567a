/** Timing of one streamed reply: time to its first text token and to its end, in ms. */
export interface StreamTiming {
  firstTokenMs: number;
  totalMs: number;
}

/**
 * POSTs and reads a streamed response to its end; `isToken` says which SSE block carries the
 * first text token (a Genie `delta` event, or an OpenAI chunk with content).
 */
export async function timeStream(url: string, init: RequestInit, isToken: (block: string) => boolean): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(url, init);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  let firstTokenMs = -1;
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (firstTokenMs >= 0) continue;
    buffer += decoder.decode(chunk, { stream: true });
    let boundary;
    while (firstTokenMs < 0 && (boundary = buffer.indexOf('\n\n')) >= 0) {
      if (isToken(buffer.slice(0, boundary))) firstTokenMs = performance.now() - started;
      buffer = buffer.slice(boundary + 2);
    }
  }
  return { firstTokenMs, totalMs: performance.now() - started };
}
