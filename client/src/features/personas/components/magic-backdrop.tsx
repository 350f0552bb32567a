import type { ReactNode } from 'react';
import { keepTabInside } from '../lib/keep-tab-inside';

/** The night-sky backdrop of the full-screen persona screens (carousel and tour). */
export function MagicBackdrop({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={label}
      onKeyDown={keepTabInside}
      className="fixed-palette fixed inset-0 z-40 overflow-y-auto bg-gradient-to-br from-slate-950 via-genie-950 to-indigo-950 text-white"
    >
      <div aria-hidden="true" className="pointer-events-none fixed inset-0 overflow-hidden">
        <div className="absolute -left-32 -top-32 h-96 w-96 rounded-full bg-genie-600/30 blur-3xl" />
        <div className="absolute -bottom-40 -right-24 h-[28rem] w-[28rem] rounded-full bg-fuchsia-600/20 blur-3xl" />
        <div className="absolute left-1/2 top-1/3 h-64 w-64 -translate-x-1/2 rounded-full bg-amber-400/10 blur-3xl" />
      </div>
      <div className="relative flex min-h-full flex-col">{children}</div>
    </div>
  );
}
