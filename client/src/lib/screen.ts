import { createContext, useContext } from 'react';

/**
 * What a page is drawn on: the browser's window, or the server's picture of the first screen
 * (app/server-render.tsx, docs/architecture.md "The first page load"). Components ask this
 * instead of testing `typeof window` (scripts/lint/no-window-test.mjs): the render entry that draws
 * on the server provides SERVER_SCREEN, and everywhere else the browser's own is the default.
 */
export interface Screen {
  /** Drawn as HTML on the server: no size is known, nothing is measured, and the browser's first render replaces it. */
  readonly onServer: boolean;
  /** The window's size in CSS pixels, before anything on the page is measured. */
  size(): { width: number; height: number };
  /** Whether the media query `query` matches now. */
  matches(query: string): boolean;
  /** Calls `onChange` whenever one of `queries` starts or stops matching; returns the unsubscribe. */
  watch(queries: readonly string[], onChange: () => void): () => void;
}

/** The part of a window a Screen reads (a test passes its own). */
export type ScreenWindow = Pick<Window, 'innerWidth' | 'innerHeight'> & { matchMedia?: Window['matchMedia'] };

/** The browser's screen, read from `view`; a window without matchMedia (an old browser, jsdom) matches no query. */
export function browserScreen(view: ScreenWindow): Screen {
  return {
    onServer: false,
    size: () => ({ width: view.innerWidth, height: view.innerHeight }),
    matches: (query) => view.matchMedia?.(query).matches ?? false,
    watch(queries, onChange) {
      if (!view.matchMedia) return () => undefined;
      const lists = queries.map((query) => view.matchMedia!(query));
      for (const list of lists) list.addEventListener('change', onChange);
      return () => lists.forEach((list) => list.removeEventListener('change', onChange));
    },
  };
}

/** The server's: no size, no query matches (the narrowest layout), and nothing changes. */
export const SERVER_SCREEN: Screen = {
  onServer: true,
  size: () => ({ width: 0, height: 0 }),
  matches: () => false,
  watch: () => () => undefined,
};

const ScreenContext = createContext<Screen | null>(null);

/** Gives its children the screen they are drawn on: the server render entry's SERVER_SCREEN, a test's own. */
export const ScreenProvider = ScreenContext.Provider;

let theBrowsers: Screen | undefined;

/** The screen the calling component is drawn on: the provided one, else the browser's window (read only when asked). */
export function useScreen(): Screen {
  const provided = useContext(ScreenContext);
  if (provided) return provided;
  theBrowsers ??= browserScreen(window);
  return theBrowsers;
}
