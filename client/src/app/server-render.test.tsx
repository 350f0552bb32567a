import { describe, expect, it } from 'vitest';
import type { FileRecord, FileListResponse } from '@contract/files';
import { fileRecord as file } from '@/test/file-record';
import { renderFilesPage } from './server-render';

const page = (files: FileRecord[], nextCursor: string | null = null): FileListResponse => ({ folders: [], files, nextCursor });
const me = { user: { id: 'u1', email: 'ada@example.com', username: 'ada', createdAt: '2026-11-01T00:00:00.000Z', emailVerified: true, language: null } };
const tileNames = (html: string) => [...html.matchAll(/data-testid="file-item"[^>]*>.*?title="([^"]*)"/g)].map(([, name]) => name);

/** The file manager's first screen drawn on the server (server-render.tsx). */
describe('renderFilesPage', () => {
  it('draws the page with the first 36 tiles of a long list, newest first as listed, inside an inert box', () => {
    const html = renderFilesPage({ search: '', me, firstPage: page(Array.from({ length: 100 }, (_, i) => file(i)), 'next') });
    expect(html.startsWith('<div data-server-rendered inert>')).toBe(true);
    expect(html).toContain('>File Manager</h1>');
    expect(tileNames(html)).toEqual(Array.from({ length: 36 }, (_, i) => `report-${i}.pdf`));
    expect(html).toContain('aria-setsize="100"');
    expect(html).toContain('Load more files');
  });

  it('writes a file name as text, never as markup', () => {
    const html = renderFilesPage({ search: '', me, firstPage: page([file(1, { originalName: '<img src=x onerror=alert(1)>.pdf' })]) });
    expect(html).not.toContain('<img');
    expect(tileNames(html)).toEqual(['&lt;img src=x onerror=alert(1)&gt;.pdf']);
  });

  it("draws the library the URL names: ?scope=team selects the Team tab and says who shares it", () => {
    const html = renderFilesPage({ search: '?scope=team', me, firstPage: page([file(2, { scope: 'team' })]) });
    expect(html).toMatch(/aria-selected="true"[^>]*>.*?Team<\/button>/);
    expect(html).toContain('Shared with everyone in your team');
  });

  it("draws the page in the account's language, sizes included, and in English for an account that chose none", () => {
    const german = renderFilesPage({ search: '', me: { user: { ...me.user, language: 'de' } }, firstPage: page([file(3)]) });
    expect(german).toContain('>Dateiverwaltung</h1>');
    expect(german).toContain('aria-label="report-3.pdf öffnen"');
    expect(german).toContain('>2 kB</span>');
    expect(renderFilesPage({ search: '', me, firstPage: page([file(3)]) })).toContain('>File Manager</h1>');
  });

  it('draws an empty library as the page does: its empty state, no tiles', () => {
    const html = renderFilesPage({ search: '', me, firstPage: page([]) });
    expect(tileNames(html)).toEqual([]);
    expect(html).not.toContain('data-testid="file-scroll"');
  });
});
