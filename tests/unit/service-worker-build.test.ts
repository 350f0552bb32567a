import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { serviceWorker } from '../../scripts/build/service-worker';

/** Runs the plugin's generateBundle on a made-up bundle and answers the sw.js it emitted. */
function emittedWorker(files: Record<string, number>) {
  const bundle = Object.fromEntries(
    Object.entries(files).map(([fileName, size]) => [fileName, { type: 'asset', fileName, source: 'x'.repeat(size) }]),
  ) as unknown as OutputBundle;
  let source = '';
  const plugin = serviceWorker();
  const hook = plugin.generateBundle as (this: unknown, options: unknown, bundle: OutputBundle) => void;
  hook.call({ emitFile: (file: { fileName: string; source: string }) => (file.fileName === 'sw.js' ? (source = file.source) : undefined) }, {}, bundle);
  const precache = JSON.parse(/const PRECACHE = (\[.*\]);/.exec(source)![1]!) as string[];
  const version = JSON.parse(/const VERSION = (".*");/.exec(source)![1]!) as string;
  return { precache, version };
}

describe('the service worker the build writes (issue 44)', () => {
  it('lists the hashed JS and CSS, index.html and the public shell; never a large file, an image asset or the server render', () => {
    const { precache } = emittedWorker({
      'assets/chat-abc123.js': 1000,
      'assets/index-def456.css': 500,
      'assets/pdfjs-big.js': 700 * 1024,
      'assets/photo-1.png': 100,
      'ssr/entry.js': 100,
    });
    expect(precache).toEqual([
      '/assets/chat-abc123.js',
      '/assets/index-def456.css',
      '/index.html',
      '/favicon.png',
      '/theme-init.js',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
    ]);
  });

  it('changes its version when a hashed file changes, so the browser installs the new worker', () => {
    const before = emittedWorker({ 'assets/chat-abc123.js': 1000 }).version;
    expect(emittedWorker({ 'assets/chat-abc123.js': 1000 }).version).toBe(before);
    expect(emittedWorker({ 'assets/chat-zzz999.js': 1000 }).version).not.toBe(before);
    expect(before).toMatch(/^[0-9a-f]{12}$/);
  });
});
