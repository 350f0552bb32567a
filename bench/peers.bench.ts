/**
 * Issue 20: Genie against real peers, each figure against the same work sent to the peer directly.
 *
 * 1. Time to first token: a chat through Genie to llama.cpp (node-llama-cpp's CPU binary, the tiny
 *    GGUF model, 1 thread) against the very request Genie sent, replayed straight to llama.cpp.
 *    Both sides read the stream to its end. 30 rounds, alternating which side goes first.
 * 2. A 20 MB upload to Ceph RGW: Genie's flow (upload URL, presigned PUT, upload-complete, file
 *    record) against the same PUT to a URL presigned by the S3 SDK, straight to RGW.
 *
 * The median of the rounds' values and their spread are reported, with the load average.
 * `npx tsx bench/peers.bench.ts` (Ceph's start takes 30-60 s; needs ceph-mon ceph-osd radosgw).
 */
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { join } from 'node:path';
import { startCephRgw } from '../tests/peers/ceph-rgw';
import { startLlamaServer } from '../tests/peers/llama-server';
import { spawnGenie, tempDir } from '../tests/reliability/support/genie-process';
import { putUpload } from '../tests/reliability/support/files';
import { newAccount, signUpOverHttp } from '../tests/reliability/support/http';
import { alternate, showSpread } from './lib/alternate';
import { ensureCompiledServer } from './lib/processes';
import { median, report, round } from './lib/report';
import { timeStream } from './lib/streams';

const TTFT_ROUNDS = 30;
const UPLOAD_ROUNDS = 9;
const UPLOAD_BYTES = 20 * 1024 * 1024;
const MODEL = join(import.meta.dirname, '../tests/fixtures/genie-tiny.gguf');
// Binary bytes (a type Genie stores but does not index): the figure is the upload path; a text
// file's background indexing would otherwise run into the next round (bench/retrieval times it).
const PAYLOAD = Buffer.alloc(UPLOAD_BYTES);
for (let i = 0; i < PAYLOAD.length; i++) PAYLOAD[i] = (i * 7919 + (i >> 13)) % 251;


await ensureCompiledServer();
const rgw = await startCephRgw('genie-bench');
const llama = await startLlamaServer({ modelPath: MODEL, threads: 1 });
const work = tempDir('genie-bench-peers-');
const genie = spawnGenie(
  {
    DATA_DIR: work.dir,
    LOG_LEVEL: 'error',
    OPENAI_COMPATIBLE_BASE_URL: llama.url,
    // Every request here opens a new conversation, which a person does once per chat: the title
    // call each would start (GENIE_MODEL_TITLES) is not the work this figure measures.
    GENIE_MODEL_DEFAULT: `openai-compatible:${llama.modelId}`,
    GENIE_MODEL_TITLES: 'false',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_DAILY_MESSAGES_FREE: '1000000',
    FILES_CLEANUP_INTERVAL_MINUTES: '0',
    ...rgw.env,
  },
  180_000,
  { compiled: true },
);
const s3 = new S3Client({
  endpoint: rgw.env.S3_ENDPOINT,
  region: rgw.env.S3_REGION,
  forcePathStyle: true,
  credentials: { accessKeyId: rgw.env.S3_ACCESS_KEY_ID!, secretAccessKey: rgw.env.S3_SECRET_ACCESS_KEY! },
});

try {
  const url = await genie.ready;
  const cookie = await signUpOverHttp(url, newAccount('benchpeers'));

  // --- Time to first token -------------------------------------------------------------------
  const question = 'What does the word harbour mean?';
  const throughGenie = () =>
    timeStream(
      `${url}/api/chat`,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie }, body: JSON.stringify({ message: question }) },
      (message) => message.event === 'delta',
    );
  await throughGenie();
  // The baseline replays exactly what Genie sent (system prompt, history, limits), so both sides
  // make llama.cpp do the same work; only Genie's own part differs.
  const sent = llama.completions.at(-1)!.body;
  const directBody = JSON.stringify({ ...sent, stream: true });
  const direct = () =>
    timeStream(
      `${llama.url}/chat/completions`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: directBody },
      (message) => {
        if (!message.data || message.data === '[DONE]') return false;
        const chunk = JSON.parse(message.data) as { choices?: Array<{ delta?: { content?: string } }> };
        return Boolean(chunk.choices?.[0]?.delta?.content);
      },
    );
  const ttft = await alternate({
    rounds: TTFT_ROUNDS,
    warmup: 2,
    baseline: async () => (await direct()).firstTokenMs,
    measured: async () => (await throughGenie()).firstTokenMs,
  });
  const added = ttft.measured.median - ttft.baseline.median;
  report({
    figure: 'Time to first token, Genie against llama.cpp called directly (tiny GGUF model, 1 thread; median of 30, alternated)',
    baseline: `${showSpread(ttft.baseline)} (the request Genie sent, replayed to llama.cpp)`,
    measured: `${showSpread(ttft.measured)} through Genie (adds ${round(added, 1)} ms); load ${ttft.load}`,
    ratio: round(ttft.ratio.median),
    target: 'Genie adds under 15 ms',
    met: added < 15,
    gap: 'Genie\'s part before the first token: session, allowance and message statements, the prompt build, and one more loopback hop each way.',
  });

  // --- 20 MB upload to Ceph RGW ----------------------------------------------------------------
  let n = 0;
  const directPut = async () => {
    const key = `bench/direct-${n++}`;
    const presigned = await getSignedUrl(s3, new PutObjectCommand({ Bucket: rgw.bucket, Key: key, ContentType: 'application/octet-stream' }), { expiresIn: 600 });
    const started = performance.now();
    const put = await putUpload(presigned, presigned, 'application/octet-stream', PAYLOAD);
    const ms = performance.now() - started;
    if (put.status !== 200) throw new Error(`direct PUT answered ${put.status}: ${put.text}`);
    await s3.send(new DeleteObjectCommand({ Bucket: rgw.bucket, Key: key }));
    return ms;
  };
  const headers = { cookie, 'content-type': 'application/json' };
  const phases = { url: [] as number[], put: [] as number[], complete: [] as number[], record: [] as number[] };
  const genieUpload = async () => {
    const started = performance.now();
    let mark = started;
    const phase = (name: keyof typeof phases) => {
      const now = performance.now();
      phases[name].push(now - mark);
      mark = now;
    };
    const { uploadURL } = (await (await fetch(`${url}/api/objects/upload`, { method: 'POST', headers: { cookie } })).json()) as { uploadURL: string };
    phase('url');
    const put = await putUpload(url, uploadURL, 'application/octet-stream', PAYLOAD);
    if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${put.text}`);
    phase('put');
    const complete = await fetch(`${url}/api/files/upload-complete`, { method: 'PUT', headers, body: JSON.stringify({ fileURL: uploadURL }) });
    const { objectPath } = (await complete.json()) as { objectPath: string };
    phase('complete');
    const record = await fetch(`${url}/api/files`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ originalName: `bench-${n++}.bin`, mimeType: 'application/octet-stream', size: UPLOAD_BYTES, objectPath }),
    });
    if (record.status !== 201) throw new Error(`record answered ${record.status}: ${await record.text()}`);
    phase('record');
    const ms = performance.now() - started;
    const { id } = (await record.json()) as { id: string };
    await fetch(`${url}/api/files/${id}`, { method: 'DELETE', headers: { cookie } }); // memstore holds 1 GiB
    return ms;
  };
  const upload = await alternate({ rounds: UPLOAD_ROUNDS, warmup: 1, baseline: directPut, measured: genieUpload });
  const mbps = (ms: number) => round(UPLOAD_BYTES / 2 ** 20 / (ms / 1000), 1);
  report({
    figure: '20 MB upload to Ceph RGW: Genie\'s flow (upload URL, presigned PUT, upload-complete, record) against the same PUT straight to RGW (median of 9, alternated)',
    baseline: `${showSpread(upload.baseline)} (${mbps(upload.baseline.median)} MB/s, PUT to a URL the S3 SDK presigned)`,
    measured: `${showSpread(upload.measured)} (${mbps(upload.measured.median)} MB/s; medians: upload URL ${round(median(phases.url), 1)} ms, PUT ${round(median(phases.put), 1)} ms, upload-complete ${round(median(phases.complete), 1)} ms, record ${round(median(phases.record), 1)} ms); load ${upload.load}`,
    ratio: round(upload.ratio.median),
    target: 'within 1.2x of the direct PUT',
    met: upload.ratio.median <= 1.2,
    gap: 'The bytes go straight to RGW on both sides; the difference is Genie\'s three requests around the PUT, of which upload-complete reads the object\'s head back from RGW.',
  });
} finally {
  genie.kill('SIGTERM');
  await genie.exited;
  s3.destroy();
  await llama.close();
  await rgw.stop();
  work.remove();
}
