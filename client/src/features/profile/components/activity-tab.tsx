import { Coins, MessagesSquare } from 'lucide-react';
import { PLATFORM_FEE_RATE } from '@contract/limits';
import type { UserMetrics } from '@contract/profile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatUsd, plural } from '../lib/format';
import { useTranslation } from '@/lib/i18n/i18n';
import { DetailList } from './detail-list';

const titleWithIcon = (Icon: typeof Coins, title: string) => (
  <CardTitle className="flex items-center gap-2">
    <Icon aria-hidden="true" className="h-4 w-4 text-genie-600" />
    {title}
  </CardTitle>
);

/** SPEC §2 Activity: conversation stats and crypto activity. */
export function ActivityTab({ metrics }: { metrics: UserMetrics }) {
  const { t } = useTranslation('profile');
  return (
    <div className="grid gap-4 sm:gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          {titleWithIcon(MessagesSquare, t('activity.conversations'))}
          <CardDescription>{t('activity.conversationsText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <DetailList
            rows={[
              { label: t('activity.totalConversations'), value: formatCount(metrics.totalConversations), testId: 'activity-conversations' },
              { label: t('activity.averageLength'), value: plural(metrics.averageConversationLength, 'message'), testId: 'activity-average-length' },
              { label: t('activity.questionsThisMonth'), value: formatCount(metrics.questionsThisMonth), testId: 'activity-this-month' },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          {titleWithIcon(Coins, t('activity.crypto'))}
          <CardDescription>{t('activity.cryptoText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <DetailList
            rows={[
              { label: t('activity.transactions'), value: formatCount(metrics.cryptoTransactions), testId: 'activity-transactions' },
              { label: t('activity.spent'), value: formatUsd(metrics.totalSpent), testId: 'activity-spent' },
              {
                label: t('activity.fees'),
                value: formatUsd(metrics.platformFees),
                hint: t('activity.feesHint', { rate: formatCount(PLATFORM_FEE_RATE * 100) }),
                testId: 'activity-fees',
              },
            ]}
          />
        </CardContent>
      </Card>
    </div>
  );
}
