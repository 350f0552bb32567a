import { clsx } from 'clsx';
import { Sparkles } from 'lucide-react';
import type { ActivePromotion } from '@contract/promotions';
import { Countdown } from '@/components/ui/countdown';
import { useTranslation } from '@/lib/i18n/i18n';

/** One line per live promotion: its headline and the time left. Renders nothing when none is live. */
export function PromotionBanner({ promotions, className }: { promotions: ActivePromotion[]; className?: string }) {
  const { t } = useTranslation('auth');
  if (promotions.length === 0) return null;
  return (
    <section aria-label={t('offers.current')} className={clsx('bg-gradient-to-r from-amber-400 via-orange-400 to-pink-500 text-slate-950', className)}>
      <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-2 text-sm sm:px-6">
        {promotions.map((promotion) => (
          <li key={promotion.id} className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center" data-testid="promotion">
            <Sparkles className="hidden h-4 w-4 shrink-0 sm:block" aria-hidden="true" />
            <span className="font-semibold">{promotion.headline}</span>
            <Countdown to={promotion.expiresAt} className="rounded-full bg-white/40 px-2 py-0.5 text-xs font-semibold" />
          </li>
        ))}
      </ul>
    </section>
  );
}
