import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

interface SidebarItemProps {
  icon: LucideIcon;
  label: string;
  collapsed: boolean;
  onClick?(): void;
  href?: string;
  active?: boolean;
  /** After the label (e.g. the PRO badge); part of the accessible name. */
  suffix?: ReactNode;
}

/** One sidebar entry: icon and label when expanded, the icon with a tooltip when collapsed. */
export function SidebarItem({ icon: Icon, label, collapsed, onClick, href, active = false, suffix }: SidebarItemProps) {
  const className = cn(
    // shrink-0: in a short window the sidebar scrolls rather than squashing its entries.
    'relative flex w-full shrink-0 items-center gap-3 rounded-xl text-sm font-medium text-white/75 transition hover:bg-white/10 hover:text-white',
    collapsed ? 'h-10 justify-center' : 'h-10 px-3',
    active && 'bg-white/15 text-white shadow-inner ring-1 ring-white/15',
  );
  const content = (
    <>
      <Icon aria-hidden="true" className="h-[18px] w-[18px] shrink-0" />
      {collapsed ? <span className="sr-only">{label}</span> : <span className="flex-1 truncate text-left">{label}</span>}
      {suffix && (collapsed ? <span className="absolute -right-1.5 -top-1">{suffix}</span> : suffix)}
    </>
  );
  const element = href ? (
    <Link href={href} className={className}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onClick} aria-pressed={active || undefined} className={className}>
      {content}
    </button>
  );
  return collapsed ? <Tooltip content={label}>{element}</Tooltip> : element;
}

export function SidebarHeading({ children, collapsed }: { children: ReactNode; collapsed: boolean }) {
  if (collapsed) return <div aria-hidden="true" className="mx-3 my-2 h-px shrink-0 bg-white/10" />;
  return <h2 className="shrink-0 px-3 pb-1 pt-3 text-[11px] font-semibold uppercase tracking-[0.16em] text-white/50">{children}</h2>;
}

/**
 * An account link in the expanded sidebar: icon over a short label, three to a row, so the
 * account section takes two rows and the conversation list keeps the height (issue 18: on a
 * phone, one entry per row left the list one clipped row).
 */
export function SidebarTile({ icon: Icon, label, onClick, href }: Omit<SidebarItemProps, 'collapsed' | 'active' | 'suffix'>) {
  const className =
    'flex min-w-0 flex-col items-center justify-center gap-1 rounded-xl px-1 py-2 text-[11px] font-medium leading-tight text-white/75 transition hover:bg-white/10 hover:text-white';
  const content = (
    <>
      <Icon aria-hidden="true" className="h-[18px] w-[18px] shrink-0" />
      <span className="line-clamp-2 w-full break-words text-center">{label}</span>
    </>
  );
  return href ? (
    <Link href={href} className={className} title={label}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onClick} className={className} title={label}>
      {content}
    </button>
  );
}
