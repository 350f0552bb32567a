import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOfPages } from '../../../tests/fakes/documents';
import { createFolder, uploadThroughApi } from '../../../tests/support/files';
import { waitForIndexing } from '../../../tests/support/search';
import { parseSse } from '../../../tests/support/sse';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * Issue 16 in chat: with "Search my files" on and no model, the offline engine answers with the
 * best passages quoted and cited, says no model wrote it, and the citations (file, page) come in
 * the done event, the JSON reply and the stored conversation. Another user's files never answer.
 */
const PAGES = [
  'Master services agreement between Acme Corporation and Genie Limited. Effective from 1 March 2024.',
  'Fees. The customer pays the fees in the order form within thirty days of each invoice.',
  'Term and termination. Either party may end this agreement by giving ninety days written notice to the other party. Notice must be sent by registered post.',
];

describe('chat with "Search my files" and no model', () => {
  let t: TestApp;
  let a: { cookie: string };
  let b: { cookie: string };
  let fileId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { EXTRACTION_TIMEOUT_SECONDS: '300' } });
    a = await signUp(t.app);
    b = await signUp(t.app);
    fileId = (await uploadThroughApi(t.app, a.cookie, { name: 'acme-msa.pdf', bytes: pdfOfPages(PAGES), type: 'application/pdf' })).id;
    await waitForIndexing(t.app, a.cookie);
    // Indexing starts worker processes: on a busy machine that alone can take a while.
  }, 300_000);
  afterAll(() => t.close());

  it('quotes and cites the clause, with its page, in the done event and the stored conversation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie: a.cookie, accept: 'text/event-stream' },
      payload: { message: 'What is our notice period for ending the Acme contract?', knowledge: { scope: 'all' } },
    });
    const events = parseSse(response.body);
    const done = events.find((e) => e.event === 'done')!.data as { content: string; conversationId: string; citations: { n: number; fileId: string; fileName: string; page: number | null; snippet: string }[] };
    expect(done.citations[0]).toMatchObject({ n: 1, fileId, fileName: 'acme-msa.pdf', page: 3 });
    expect(done.citations[0]!.snippet).toContain('ninety days written notice');
    expect(done.content).toContain('From your files: "Either party may end this agreement by giving ninety days written notice to the other party." [1]');
    expect(done.content).toContain('**[1] acme-msa.pdf, p. 3**');
    expect(done.content).toContain('No language model wrote this');

    const stored = await t.app.inject({ method: 'GET', url: `/api/conversations/${done.conversationId}`, headers: { cookie: a.cookie } });
    const reply = (stored.json().messages as { role: string; citations?: unknown }[]).find((m) => m.role === 'assistant')!;
    expect(reply.citations).toEqual(done.citations);
  });

  it('answers in JSON with the same citations', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: a.cookie }, payload: { message: 'When are invoices paid?', knowledge: { scope: 'private', fileIds: [fileId] } } });
    expect(response.statusCode).toBe(200);
    expect(response.json().citations[0]).toMatchObject({ n: 1, fileId, page: 2 });
  });

  it('finds nothing in another user’s files, and says so', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: b.cookie }, payload: { message: 'What is the notice period in the Acme contract?', knowledge: { scope: 'all', fileIds: [fileId] } } });
    expect(response.statusCode).toBe(200);
    expect(response.json().citations).toEqual([]);
    expect(response.json().content).toContain('I searched your files and found no passage that matches this question.');
  });

  it('searches the picked files and the picked folders together, not only files that are in both', async () => {
    const folder = await createFolder(t.app, a.cookie, 'Facilities');
    const canteen = (await uploadThroughApi(t.app, a.cookie, { name: 'canteen.md', bytes: Buffer.from('# Canteen\n\nThe canteen opens at noon on weekdays.\n'), type: 'text/markdown', folderId: folder.id })).id;
    await waitForIndexing(t.app, a.cookie, folder.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie: a.cookie },
      payload: { message: 'When does the canteen open, and what notice ends the agreement?', knowledge: { scope: 'all', fileIds: [fileId], folderIds: [folder.id] } },
    });
    expect(response.statusCode).toBe(200);
    const cited = new Set((response.json().citations as { fileId: string }[]).map((c) => c.fileId));
    expect([...cited].sort()).toEqual([fileId, canteen].sort());
  });

  it('refuses a knowledge option that is not well formed', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: a.cookie }, payload: { message: 'x', knowledge: { scope: 'everyone' } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('scope must be all, private or team');
  });
});
