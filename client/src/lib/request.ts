import { takeEarly } from './early-requests';

/** The error every failed request becomes: SPEC §8's `<status>: <body or status text>`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The server's `{error}` sentence when the body is one of our JSON errors. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { error?: unknown };
      return typeof parsed.error === 'string' ? parsed.error : undefined;
    } catch {
      return undefined;
    }
  }

  get code(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { code?: unknown };
      return typeof parsed.code === 'string' ? parsed.code : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function throwIfNotOk(response: Response) {
  if (!response.ok) {
    const text = await response.text();
    throw new HttpError(response.status, text, response.statusText);
  }
}

/**
 * The shared request helper of SPEC §7: credentials always included, a JSON body with a JSON
 * content type only when a body is given, non-OK responses thrown as HttpError.
 */
export async function apiRequest(method: string, url: string, data?: unknown, init: RequestInit = {}): Promise<Response> {
  const early = method === 'GET' ? takeEarly(url) : undefined;
  if (early) {
    const response = await early;
    await throwIfNotOk(response);
    return response;
  }
  const headers = new Headers(init.headers);
  if (data !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(url, {
    ...init,
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** GET and parse JSON. */
export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await apiRequest('GET', url, undefined, init);
  return (await response.json()) as T;
}
