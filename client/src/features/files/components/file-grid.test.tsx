import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Folder } from '@contract/files';
import { browserScreen, SERVER_SCREEN, ScreenProvider, type Screen, type ScreenWindow } from '@/lib/screen';
import { fileRecord as file } from '@/test/file-record';
import { FileGrid } from './file-grid';

const folder: Folder = { id: 'f1', name: 'Contracts', parentId: null, createdAt: '2026-11-27T10:00:00.000Z', scope: 'private', canModify: true };
const files = Array.from({ length: 100 }, (_, i) => file(i));
const nothing = () => undefined;
const handlers = { onOpenFolder: nothing, onOpenFile: nothing, onRename: nothing, onMove: nothing, onDelete: nothing };
const paging = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: nothing };

const draw = (screen: Screen) =>
  renderToString(
    // The tiles' actions hold mutations: a client of their own, never asked.
    <QueryClientProvider client={new QueryClient()}>
      <ScreenProvider value={screen}>
        <FileGrid folders={[folder]} files={files} handlers={handlers} paging={paging} />
      </ScreenProvider>
    </QueryClientProvider>,
  );
/** The tiles' names in the order drawn. */
const tileNames = (html: string) => [...html.matchAll(/data-testid="(?:file|folder)-item"[^>]*>.*?title="([^"]*)"/g)].map(([, name]) => name);
/** The tile grids' column classes: one per virtual row, or the server's one responsive grid. */
const gridClasses = (html: string) => [...html.matchAll(/class="[^"]*?\bgrid ([^"]*)"/g)].map(([, rest]) => rest!.split(' ').filter((c) => c.includes('grid-cols')).join(' '));

/** A window of `width` × `height` whose media queries answer as Chromium's would for that width. */
const windowOf = (width: number, height: number): ScreenWindow => ({
  innerWidth: width,
  innerHeight: height,
  matchMedia: (query: string) => {
    const min = Number(/min-width: (\d+)px/.exec(query)?.[1]);
    return { matches: width >= min, addEventListener: nothing, removeEventListener: nothing } as unknown as MediaQueryList;
  },
});

/** The file manager's grid on both sides of the first load's seam (lib/screen.ts). */
describe('FileGrid', () => {
  it('draws on the server the first 36 tiles, folders first, as one grid whose columns follow the width', () => {
    const html = draw(SERVER_SCREEN);
    expect(tileNames(html)).toEqual(['Contracts', ...Array.from({ length: 35 }, (_, i) => `report-${i}.pdf`)]);
    expect(gridClasses(html)).toEqual(['grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6']);
    expect(html).toContain('aria-setsize="101"');
    expect(html).not.toContain('translateY');
  });

  it("draws in a desktop browser the rows its 70vh box shows and two more, six tiles a row", () => {
    // 900 px tall: a 630 px box shows rows 0-3 of 204 px; with 2 rows of overscan, 6 rows of 6.
    const html = draw(browserScreen(windowOf(1366, 900)));
    expect(tileNames(html)).toEqual(['Contracts', ...Array.from({ length: 35 }, (_, i) => `report-${i}.pdf`)]);
    expect(gridClasses(html)).toEqual(Array.from({ length: 6 }, () => 'grid-cols-6'));
    expect(html).toContain('transform:translateY(1020px)');
  });

  it("draws in a phone's browser two tiles a row, as many rows as its box shows and two more", () => {
    // 844 px tall: a 590 px box shows rows 0-2; with 2 rows of overscan, 5 rows of 2.
    const html = draw(browserScreen(windowOf(390, 844)));
    expect(tileNames(html)).toEqual(['Contracts', ...Array.from({ length: 9 }, (_, i) => `report-${i}.pdf`)]);
    expect(gridClasses(html)).toEqual(Array.from({ length: 5 }, () => 'grid-cols-2'));
  });
});
