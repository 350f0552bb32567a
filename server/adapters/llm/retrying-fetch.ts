/**
 * fetch for model providers that sends a request once more when the connection broke before any
 * response arrived. A pooled keep-alive socket can be closed by the provider just as Genie reuses
 * it (the server's idle timeout racing our next request); undici does not replay a POST itself,
 * and the user would see "could not be reached" for a provider that is up. Only socket resets are
 * replayed, once: a refused connection, an HTTP error status or the caller's abort are final.
 */

const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

function isStaleSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return error instanceof TypeError && typeof cause?.code === 'string' && STALE_SOCKET_CODES.has(cause.code);
}

export const retryingFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    // The ai SDK sends a string body, so the request can be sent again as it was.
    const replayable = init?.body === undefined || typeof init.body === 'string';
    if (!isStaleSocket(error) || !replayable || init?.signal?.aborted) throw error;
    return fetch(input, init);
  }
};
