/** Small helpers for talking to a real server over loopback HTTP. */

export interface Account {
  email: string;
  username: string;
  password: string;
}

let counter = 0;

export function newAccount(tag: string): Account {
  counter += 1;
  const unique = `${tag}${process.pid}x${counter}x${Math.floor(Math.random() * 1e6)}`;
  return { email: `${unique}@example.com`, username: unique.slice(0, 30), password: 'correct horse battery' };
}

/** The `name=value` pairs of a response's Set-Cookie headers. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export async function signUpOverHttp(baseUrl: string, account: Account) {
  const response = await postJson(`${baseUrl}/api/auth/signup`, account);
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  return cookieOf(response);
}

/** Polls until `check` returns true, or throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
