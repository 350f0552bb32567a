import { Coins, MessagesSquare } from 'lucide-react';
import { PLATFORM_FEE_RATE } from '@contract/limits';
import type { UserMetrics } from '@contract/profile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatUsd, plural } from '../lib/format';
import { DetailList } from './detail-list';

const titleWithIcon = (Icon: typeof Coins, title: string) => (
  <CardTitle className="flex items-center gap-2">
    <Icon aria-hidden="true" className="h-4 w-4 text-genie-600" />
    {title}
  </CardTitle>
);

/** SPEC §2 Activity: conversation stats and crypto activity. */
export function ActivityTab({ metrics }: { metrics: UserMetrics }) {
  return (
    <div className="grid gap-4 sm:gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          {titleWithIcon(MessagesSquare, 'Conversation Stats')}
          <CardDescription>How you talk with your Genie.</CardDescription>
        </CardHeader>
        <CardContent>
          <DetailList
            rows={[
              { label: 'Total Conversations', value: formatCount(metrics.totalConversations), testId: 'activity-conversations' },
              { label: 'Average Length', value: plural(metrics.averageConversationLength, 'message'), testId: 'activity-average-length' },
              { label: 'Questions This Month', value: formatCount(metrics.questionsThisMonth), testId: 'activity-this-month' },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          {titleWithIcon(Coins, 'Crypto Activity')}
          <CardDescription>Your confirmed payments.</CardDescription>
        </CardHeader>
        <CardContent>
          <DetailList
            rows={[
              { label: 'Total Transactions', value: formatCount(metrics.cryptoTransactions), testId: 'activity-transactions' },
              { label: 'Total Spent', value: formatUsd(metrics.totalSpent), testId: 'activity-spent' },
              {
                label: 'Platform Fees Paid',
                value: formatUsd(metrics.platformFees),
                hint: `${PLATFORM_FEE_RATE * 100}% of total spent`,
                testId: 'activity-fees',
              },
            ]}
          />
        </CardContent>
      </Card>
    </div>
  );
}
