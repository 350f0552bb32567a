import { clsx } from 'clsx';
import { useTranslation } from '@/lib/i18n/i18n';

/** "$49" for whole dollars, "$39.20" otherwise. */
export const formatUSD = (amount: number) => (Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`);

interface PriceTagProps {
  /** The price paid; null is a custom price. */
  amount: number | null;
  /** The usual price, struck through when higher than `amount`. */
  original?: number | null;
  period?: string;
  className?: string;
  tone?: 'light' | 'dark';
}

export function PriceTag({ amount, original, period, className, tone = 'light' }: PriceTagProps) {
  const { t } = useTranslation();
  if (amount === null) {
    return <p className={clsx('text-4xl font-bold tracking-tight', className)}>{t('price.custom')}</p>;
  }
  const discounted = original != null && original > amount;
  return (
    <p className={clsx('flex flex-wrap items-baseline gap-x-2', className)}>
      {discounted && (
        <s className={clsx('text-xl font-medium', tone === 'dark' ? 'text-genie-200/70' : 'text-slate-400')} data-testid="original-price">
          <span className="sr-only">{t('price.was')} </span>
          {formatUSD(original)}
        </s>
      )}
      <span className="text-4xl font-bold tracking-tight" data-testid="price">
        {discounted && <span className="sr-only">{t('price.now')} </span>}
        {formatUSD(amount)}
      </span>
      <span className={clsx('text-sm', tone === 'dark' ? 'text-genie-200' : 'text-slate-500')}>{period ?? t('price.perMonth')}</span>
    </p>
  );
}
