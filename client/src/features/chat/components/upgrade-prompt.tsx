import { Crown } from 'lucide-react';
import { Link } from 'wouter';
import { useChatTexts } from '../texts';

/** Shown instead of a failure toast when a free user asks Legal mode (403 premium_required). */
export function UpgradePrompt({ message }: { message: string }) {
  const { t } = useChatTexts();
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border border-amber-200 bg-gradient-to-br from-amber-50 to-orange-50 p-5 text-center shadow-sm">
      <span className="flex h-11 w-11 items-center justify-center rounded-full bg-gradient-to-br from-amber-400 to-orange-500 text-white shadow">
        <Crown aria-hidden="true" className="h-5 w-5" />
      </span>
      <div>
        <p className="font-semibold text-slate-900">{t('upgrade.title')}</p>
        <p className="mt-1 text-sm text-slate-600">{message}</p>
      </div>
      <Link
        href="/premium"
        className="inline-flex h-10 items-center rounded-full bg-gradient-to-r from-amber-300 to-orange-400 px-5 text-sm font-semibold text-amber-950 shadow hover:brightness-105"
      >
        {t('upgrade.cta')}
      </Link>
    </div>
  );
}
