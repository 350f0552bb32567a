import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ImportState } from '../hooks/use-import';
import { ImportPanel } from './import-panel';

const draw = (state: ImportState) => renderToString(<ImportPanel state={state} onDismiss={() => undefined} />);
/** The panel's words as a person reads them: tags out, entities back. */
const words = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

describe('ImportPanel', () => {
  it('draws nothing when no import runs', () => {
    expect(draw({ phase: 'idle' })).toBe('');
  });

  it('shows each step of an import as it runs, with a percentage where one is known', () => {
    expect(words(draw({ phase: 'reading', name: 'Clients' }))).toBe('Reading Clients…');
    expect(words(draw({ phase: 'uploading', name: 'manuals.zip', fraction: 0.426 }))).toBe('Uploading manuals.zip 43%');
    expect(draw({ phase: 'uploading', name: 'manuals.zip', fraction: 0.426 })).toContain('aria-label="Uploading manuals.zip"');
    expect(words(draw({ phase: 'unpacking', name: 'manuals.zip' }))).toBe('Unpacking manuals.zip and adding its files…');
    expect(words(draw({ phase: 'importing', name: 'Clients', done: 3, total: 1200 }))).toBe('Importing Clients: 3 of 1,200 files 0%');
    expect(words(draw({ phase: 'importing', name: 'Clients', done: 1, total: 1 }))).toBe('Importing Clients: 1 of 1 file 100%');
  });

  it('sums up what was imported and names each skipped entry with its reason', () => {
    const html = draw({
      phase: 'done',
      name: 'manuals.zip',
      outcome: {
        folders: 2,
        files: [{ path: 'net/ssh.txt', id: 'a' }, { path: 'readme.md', id: 'b' }],
        skipped: [{ path: '../../evil.txt', reason: 'A path that climbs out of the archive with "..": refused.' }],
      },
    });
    expect(words(html)).toBe(
      'Imported manuals.zip: 2 files added, 2 new folders. Each file is indexed for search on its own; its badge shows when it is ready. ' +
        'Skipped 1 item: ../../evil.txt : A path that climbs out of the archive with "..": refused.',
    );
    expect(html).toContain('aria-label="Dismiss the import summary"');
    expect(html).not.toContain('role="alert"');
  });

  it('says what stopped an import part way, and lists at most 50 skipped entries', () => {
    const skipped = Array.from({ length: 53 }, (_, i) => ({ path: `f${i}.exe`, reason: 'This type of file is not accepted.' }));
    const html = draw({ phase: 'done', name: 'Box', outcome: { folders: 0, files: [], skipped, stopped: 'Your library is full.' } });
    const text = words(html);
    expect(text.startsWith('Imported Box: 0 files added, 0 new folders. Stopped before the end: Your library is full. Skipped 53 items:')).toBe(true);
    expect((html.match(/<li/g) ?? []).length).toBe(51);
    expect(text).toContain('f49.exe');
    expect(text).not.toContain('f50.exe');
    expect(text.endsWith('and 3 more items.')).toBe(true);
    expect(html).toContain('role="alert"');
  });

  it('says why an import failed', () => {
    const html = draw({ phase: 'failed', name: 'broken.zip', error: 'That file is not a ZIP archive Genie can read.' });
    expect(words(html)).toBe('Could not import broken.zip: That file is not a ZIP archive Genie can read.');
    expect(html).toContain('role="alert"');
  });
});
