/**
 * Issue 19: a chat with a 20 MB text PDF attached. Genie reads an attachment only as far as the
 * prompt's budget (ATTACHMENT_TEXT_BUDGET_CHARS): the extraction worker stops at the first pages
 * that fill it, and the server process never holds the file. Measured against the same chat with a
 * one-page PDF of the same text attached, alternated (ABAB) over several rounds on one Genie
 * (PGlite, the fake model server answering), after both files are indexed. Figures: the time to
 * the reply (median of the rounds' ratios, with their spread) and the Genie process's resident
 * memory growth while the 20 MB file is read (its extraction workers are separate processes,
 * whose peak is shown beside it).
 */
import { uploadBytes } from '../tests/reliability/support/files';
import { spawnGenie, tempDir } from '../tests/reliability/support/genie-process';
import { newAccount, postJson, signUpOverHttp } from '../tests/reliability/support/http';
import { rssMbOf, sampleMemory } from '../tests/reliability/support/probes';
import { alternate, showSpread } from './lib/alternate';
import { ensureCompiledServer, spawnTsx, stop } from './lib/processes';
import { report, round, scaled } from './lib/report';
import { pdfFile } from '../tests/fakes/pdf-file';

const MB = 1024 * 1024;
const TARGET_BYTES = 20 * MB;
const PAGES = 1_800; // under the extraction limit of 2,000 pages
const ROUNDS = scaled(6, 2);

/**
 * A PDF whose every page shows its own lines of text (an uncompressed content stream each), about
 * `bytes` long: a long report as a person attaches one, not a hostile file.
 */
function textPdf(pages: number, bytes: number): Buffer {
  const line = (page: number, n: number) => `(Page ${page}, line ${n}: the committee reviewed the quarterly figures and the budget.) Tj T*`;
  const linesPerPage = Math.max(1, Math.floor(bytes / pages / (line(1, 1).length + 1)));
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  // 1 catalog, 2 page tree, 3 font; then each page and its content stream.
  const kids = Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ');
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let p = 1; p <= pages; p++) {
    const content = `BT /F1 10 Tf 12 TL 40 780 Td\n${Array.from({ length: linesPerPage }, (_, n) => line(p, n + 1)).join('\n')}\nET`;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${objects.length + 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  return pdfFile(objects);
}

await ensureCompiledServer();
const fake = spawnTsx('tests/fakes/fake-model-server.ts', ['--port', '0'], /FAKE_MODEL_SERVER_URL=(\S+)/);
const fakeUrl = (await fake.matched)[1]!;
const data = tempDir('genie-bench-attachment-');
const genie = spawnGenie(
  {
    DATA_DIR: data.dir,
    LOG_LEVEL: 'error',
    OPENAI_COMPATIBLE_BASE_URL: fakeUrl,
    // Every request here opens a new conversation, which a person does once per chat: the title
    // call each would start (GENIE_MODEL_TITLES) is not the work this figure measures.
    GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
    GENIE_MODEL_TITLES: 'false',
    // A model that takes the attachment's budget and its passages (the compatible default, 8k, does not).
    GENIE_MODEL_CONTEXT_DEFAULT: '32768',
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
    CHAT_DAILY_MESSAGES_FREE: '100000',
  },
  180_000,
  { compiled: true },
);
try {
  const url = await genie.ready;
  const pid = genie.child.pid!;
  const cookie = await signUpOverHttp(url, newAccount('bench-attach'));
  const big = textPdf(PAGES, TARGET_BYTES);
  const small = textPdf(1, 10 * 1024);
  const files = {
    big: { ...(await uploadBytes(url, cookie, { name: 'annual-report.pdf', type: 'application/pdf', bytes: big })), name: 'annual-report.pdf' },
    small: { ...(await uploadBytes(url, cookie, { name: 'one-page.pdf', type: 'application/pdf', bytes: small })), name: 'one-page.pdf' },
  };
  // Indexing (issue 16) reads each file once after its upload; wait for it, so the rounds time the chat alone.
  for (const started = Date.now(); ; ) {
    const listing = (await (await fetch(`${url}/api/files`, { headers: { cookie } })).json()) as { files: { id: string; indexStatus: string }[] };
    const pending = listing.files.filter((f) => f.id === files.big.id || f.id === files.small.id).filter((f) => !['indexed', 'failed', 'unsupported'].includes(f.indexStatus));
    if (pending.length === 0) break;
    if (Date.now() - started > 600_000) throw new Error('the attachments were not indexed within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const chatWith = (file: { id: string; name: string; size: number }) => async () => {
    const started = performance.now();
    const response = await postJson(
      `${url}/api/chat`,
      { message: 'What does this report say about the budget?', attachments: [{ url: file.id, name: file.name, type: 'application/pdf', size: file.size }] },
      { cookie },
    );
    if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const idleRssMb = await rssMbOf(pid);
  const memory = sampleMemory(pid, 20);
  const rounds = await alternate({ rounds: ROUNDS, baseline: chatWith(files.small), measured: chatWith(files.big) });
  const { serverPeakMb, childPeakMb } = await memory.stop();
  report({
    figure: `Chat with a ${round(big.length / MB, 1)} MB text PDF (${PAGES} pages) attached: time to the reply`,
    baseline: `the same chat with a one-page PDF attached: ${showSpread(rounds.baseline)} (load ${rounds.load})`,
    measured: `${showSpread(rounds.measured)}; ratio per round ${showSpread(rounds.ratio, '', 2)}`,
    ratio: round(rounds.ratio.median),
    // Issue 19 measured 17 s before. pdf.js needs the whole file to open it (its cross-reference
    // table is at the end), so the 20 MB pass through to the worker and are scanned once; the pages
    // are then read only until the prompt's budget is full.
    target: 'median < 2 s to the reply (17 s in issue 19)',
    met: rounds.measured.median < 2000,
    gap: 'Measured on one warm worker at lowered CPU priority: on a busy machine the worker gets little CPU. Warm, in-process, this file costs about 80-180 ms to scan for page objects, 60-350 ms for pdf.js to open, 100-200 ms for the first page. Plan: scan the bytes for page objects without a 20 MB latin1 string, and profile the worker (--cpu-prof) on an idle machine.',
  });
  report({
    figure: `Chat with a ${round(big.length / MB, 1)} MB text PDF attached: resident memory of the Genie process`,
    baseline: `${round(idleRssMb, 0)} MB before the rounds`,
    measured: `peak ${round(serverPeakMb, 0)} MB (growth ${round(serverPeakMb - idleRssMb, 0)} MB); largest extraction worker ${round(childPeakMb, 0)} MB`,
    ratio: round(serverPeakMb / idleRssMb),
    target: 'growth < 32 MB (the file is read in a worker process, never whole in the server)',
    met: serverPeakMb - idleRssMb < 32,
    gap: 'Something in the server process buffered the file or its text. Plan: a heap snapshot during a round.',
  });
} finally {
  genie.kill('SIGTERM');
  await genie.exited;
  await stop(fake.child);
  data.remove();
}
