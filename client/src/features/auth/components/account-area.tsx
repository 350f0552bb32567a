import { ChevronDown, FolderOpen, LogOut, MessageSquare, User } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '@/lib/i18n/i18n';
import { forgetSession, useSessionUser, type SessionUser } from '@/lib/session-user';

/**
 * (On a phone a visitor sees Sign in only; the sign-in page links to sign-up.)
 * The account corner of the public headers (/, /premium, /app): Sign in and Get started for a
 * visitor, the account menu for a signed-in user (issue 18). Plain elements, no Radix or class
 * merging: it is on the landing page, whose JavaScript has a budget. `tone` matches the header:
 * 'dark' on the purple headers, 'light' on white ones.
 */
export function AccountArea({ tone, getStartedHref = '/signup' }: { tone: 'dark' | 'light'; /** null: the header has its own Get started. */ getStartedHref?: string | null }) {
  const session = useSessionUser();
  const { t } = useTranslation('auth');
  const link = tone === 'dark' ? 'text-genie-100 hover:bg-white/10 hover:text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900';
  if (session.status === 'loading') return <span className="inline-block h-9 w-20" aria-hidden="true" />;
  if (session.status === 'signed-in') return <AccountMenu user={session.user} tone={tone} />;
  return (
    <span className="flex items-center gap-1">
      <Link href="/login" className={`inline-flex h-9 items-center whitespace-nowrap rounded-lg px-2 text-sm font-medium sm:px-3 ${link}`}>
        {t('area.signIn')}
      </Link>
      {getStartedHref !== null && (
      <Link
        href={getStartedHref}
        className={`inline-flex h-9 items-center whitespace-nowrap rounded-lg px-3 text-sm font-semibold shadow-sm max-sm:hidden ${tone === 'dark' ? 'bg-white text-genie-800 hover:bg-genie-50' : 'bg-genie-600 text-white hover:bg-genie-700'}`}
      >
        {t('area.getStarted')}
      </Link>
      )}
    </span>
  );
}

async function signOut() {
  try {
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' });
  } finally {
    forgetSession();
    // A full load: every cached answer of the signed-in user goes with it.
    window.location.assign('/');
  }
}

function AccountMenu({ user, tone }: { user: SessionUser; tone: 'dark' | 'light' }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => !rootRef.current?.contains(event.target as Node) && setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const item = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900';
  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('area.menuFor', { name: user.username })}
        onClick={() => setOpen((value) => !value)}
        className={`inline-flex h-9 max-w-44 items-center gap-2 rounded-lg px-2 text-sm font-medium ${tone === 'dark' ? 'text-white hover:bg-white/10' : 'text-slate-800 hover:bg-slate-100'}`}
      >
        {/* The initial is drawn by CSS: a picture of the account, so it is not text the button's name must hold (WCAG 2.5.3). */}
        <span
          aria-hidden="true"
          data-initial={user.username.charAt(0)}
          className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-gradient-to-br from-genie-500 to-indigo-600 text-xs font-bold uppercase text-white before:content-[attr(data-initial)]"
        />
        <span className="hidden truncate sm:inline">{user.username}</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0 opacity-70" />
      </button>
      {open && (
        <div role="menu" className="absolute right-0 top-11 z-50 w-52 rounded-xl border border-slate-200 bg-white p-1 text-slate-900 shadow-xl">
          <p className="truncate px-3 py-2 text-xs text-slate-500">{t('area.signedInAs', { name: user.username })}</p>
          <Link role="menuitem" href="/chat" className={item}>
            <MessageSquare aria-hidden="true" className="h-4 w-4" /> {t('area.openChat')}
          </Link>
          <Link role="menuitem" href="/files" className={item}>
            <FolderOpen aria-hidden="true" className="h-4 w-4" /> {t('area.files')}
          </Link>
          <Link role="menuitem" href="/profile" className={item}>
            <User aria-hidden="true" className="h-4 w-4" /> {t('area.profile')}
          </Link>
          <button role="menuitem" type="button" className={item} onClick={() => void signOut()}>
            <LogOut aria-hidden="true" className="h-4 w-4" /> {t('area.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
