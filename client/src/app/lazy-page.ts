import { createElement, lazy, type ComponentType } from 'react';

/**
 * React.lazy with `load()`, which fetches the chunk ahead of the first render. Once the module is
 * in, the component renders it directly instead of through lazy(): React suspends a lazy component
 * on its first render even when its chunk is already here, and a boundary that has shown its
 * fallback waits out React's reveal throttle (300 ms) before it shows the page.
 */
export function lazyPage<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= importer().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed chunk is asked for again by the next render, which then shows the failure.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => load().then(() => ({ default: loaded! })));
  function Page(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Page, { load });
}
