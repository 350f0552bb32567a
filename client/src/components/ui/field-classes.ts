/**
 * The text field and label look, as plain class strings: Input and Label merge a caller's classes
 * over them, and the landing page's demo form uses them as they are, so that page loads no
 * tailwind-merge (its JavaScript budget).
 */
export const inputClasses =
  'flex h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-400 focus-visible:border-genie-500 disabled:cursor-not-allowed disabled:opacity-50';

export const labelClasses = 'text-sm font-medium text-slate-700';
