import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMe } from './current-user';
import { HttpError } from './request';

const user = { user: { id: 'u1', email: 'ada@example.com', username: 'ada', createdAt: '2025-01-02T03:04:05.000Z' } };

function answer(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('getMe', () => {
  it('asks GET /api/auth/session (not /api/auth/me, whose 401 the browser logs) with credentials and answers the user', async () => {
    const fetchMock = answer(200, JSON.stringify(user));
    expect(await getMe()).toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.credentials]).toEqual(['/api/auth/session', 'GET', 'include']);
  });

  it('answers null for a visitor (200, user null)', async () => {
    answer(200, JSON.stringify({ user: null }));
    expect(await getMe()).toBeNull();
  });

  it('throws any other failure as an HttpError', async () => {
    answer(503, JSON.stringify({ error: 'The database is unavailable.', code: 'unavailable' }));
    const failure = await getMe().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe('503: {"error":"The database is unavailable.","code":"unavailable"}');
  });
});
