import { clsx } from 'clsx';
import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  tone?: 'light' | 'dark';
  /** Centred over a section, or at the start of a column. */
  align?: 'center' | 'start';
}

/** The eyebrow, title and lead of a landing section; the title's id names the section. */
export function SectionHeading({ id, eyebrow, title, children, tone = 'light', align = 'center' }: SectionHeadingProps) {
  return (
    <div className={clsx('max-w-2xl', align === 'center' ? 'mx-auto text-center' : 'text-left')}>
      <p className={clsx('text-sm font-semibold uppercase tracking-widest', tone === 'dark' ? 'text-genie-300' : 'text-genie-700')}>{eyebrow}</p>
      <h2 id={id} className={clsx('mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl', tone === 'dark' ? 'text-white' : 'text-slate-900')}>
        {title}
      </h2>
      {children && <p className={clsx('mt-4 text-lg text-pretty', tone === 'dark' ? 'text-genie-100/80' : 'text-slate-600')}>{children}</p>}
    </div>
  );
}
