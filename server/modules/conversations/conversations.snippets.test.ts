import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Conversation search shows its snippets as plain text: Markdown's marks are not the words (issue 42). */
describe('conversation search snippets', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signUp(t.app));
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie },
      payload: { message: 'Where is it said? **[3] tar.pdf, p. 13** names the `gzip` flag for archives' },
    });
    expect(reply.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('takes the Markdown marks off the snippet and keeps the highlight', async () => {
    const found = (await t.app.inject({ method: 'GET', url: '/api/conversations?search=archives', headers: { cookie } })).json();
    const snippet = found.conversations[0].snippet as { text: string; highlight: boolean }[];
    // ts_headline starts the fragment a few words before the match.
    expect(snippet.map((p) => p.text).join('')).toBe('said? [3] tar.pdf, p. 13 names the gzip flag for archives');
    expect(snippet.filter((p) => p.highlight).map((p) => p.text)).toEqual(['archives']);
  });
});
