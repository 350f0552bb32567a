/**
 * GET requests a page is sure to make, started by its first script instead of after the chunks
 * that make them have loaded (app/router.tsx). apiRequest takes each one the first time the same
 * GET is made; every later GET of that URL asks the server again. This file is in every page's
 * first chunk, so it imports nothing.
 *
 * A signed-in page's HTML may already hold the answer (server/plugins/page-first-reads.ts: a
 * `<script type="application/json" data-first-read="<url>" data-status="<status>">` for each);
 * that answer is taken instead of asking, and its element removed so it is taken once.
 */
const started = new Map<string, Promise<Response>>();

function writtenIntoPage(url: string): Response | undefined {
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[data-first-read]')) {
    if (script.dataset.firstRead !== url) continue;
    script.remove();
    return new Response(script.textContent, { status: Number(script.dataset.status), headers: { 'Content-Type': 'application/json' } });
  }
  return undefined;
}

export function startEarly(url: string): void {
  if (started.has(url)) return;
  const written = writtenIntoPage(url);
  const response = written ? Promise.resolve(written) : fetch(url, { credentials: 'include' });
  // A network failure is the taker's to report; one nobody takes is no error.
  response.catch(() => undefined);
  started.set(url, response);
}

/** The response of an early GET of `url`, once; undefined when none was started or it was taken. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const response = started.get(url);
  started.delete(url);
  return response;
}
