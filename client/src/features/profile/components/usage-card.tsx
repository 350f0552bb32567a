import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n/i18n';
import { useMyUsage } from '../api/get-usage';
import { formatCount as tokens, formatUsd } from '../lib/format';

/** /profile (issue 43): this month's tokens and cost, and the budget left when the team sets one. */
export function UsageCard() {
  const usage = useMyUsage().data;
  const { t, i18n } = useTranslation('profile');
  if (!usage) return null;
  const used = usage.tokensIn + usage.tokensOut;
  const budget = usage.monthlyTokensPerMember;
  return (
    <Card data-testid="my-usage" className="mt-4 sm:mt-6">
      <CardHeader>
        <CardTitle>{t('usage.title')}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-slate-700">
        <p>
          {t('usage.tokens', {
            used: tokens(used),
            tokensIn: tokens(usage.tokensIn),
            tokensOut: tokens(usage.tokensOut),
            // English keeps its two places without grouping, as before ("$1234.50").
            cost: i18n.language === 'en' ? `$${usage.costUSD.toFixed(2)}` : formatUsd(usage.costUSD),
          })}
        </p>
        {budget !== null && <p>{t('usage.budget', { left: tokens(Math.max(0, budget - used)), budget: tokens(budget) })}</p>}
      </CardContent>
    </Card>
  );
}
