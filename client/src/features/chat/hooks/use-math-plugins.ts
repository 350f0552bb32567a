import { useEffect, useState } from 'react';

type MathPlugins = typeof import('../lib/math-plugins');

// One load for the whole page: every reply with math shares it.
let loaded: MathPlugins | null = null;
let loading: Promise<MathPlugins> | null = null;

/** The math plugins once `needed` (null until they arrive); a reply renders as plain text meanwhile. */
export function useMathPlugins(needed: boolean): MathPlugins | null {
  const [plugins, setPlugins] = useState<MathPlugins | null>(loaded);
  useEffect(() => {
    if (!needed || plugins) return;
    let cancelled = false;
    loading ??= import('../lib/math-plugins').then((module) => (loaded = module));
    loading.then(
      (module) => !cancelled && setPlugins(module),
      () => {
        // A failed chunk load leaves the TeX as written; the next reply with math tries again.
        loading = null;
      },
    );
    return () => {
      cancelled = true;
    };
  }, [needed, plugins]);
  return needed ? plugins : null;
}
