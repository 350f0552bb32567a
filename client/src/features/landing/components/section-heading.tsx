import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  tone?: 'light' | 'dark';
  className?: string;
}

/** The eyebrow, title and lead of a landing section; the title's id names the section. */
export function SectionHeading({ id, eyebrow, title, children, tone = 'light', className }: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className={cn('text-sm font-semibold uppercase tracking-widest', tone === 'dark' ? 'text-genie-300' : 'text-genie-600')}>{eyebrow}</p>
      <h2 id={id} className={cn('mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl', tone === 'dark' ? 'text-white' : 'text-slate-900')}>
        {title}
      </h2>
      {children && <p className={cn('mt-4 text-lg text-pretty', tone === 'dark' ? 'text-genie-100/80' : 'text-slate-600')}>{children}</p>}
    </div>
  );
}
