import { CalendarDays, Flame, MessageSquare, Wallet } from 'lucide-react';
import type { UserMetrics, UserProfile } from '@contract/profile';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { daysAgoText, formatCount, formatDate, formatUsd, lastActiveText, plural } from '../lib/format';
import { DetailList } from './detail-list';
import { StatCard } from './stat-card';

/** SPEC §2 Overview: four stat cards and the account summary. */
export function OverviewTab({ profile, metrics }: { profile: UserProfile; metrics: UserMetrics }) {
  const { subscription } = profile;
  return (
    <div className="grid gap-4 sm:gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard icon={MessageSquare} label="Total Questions" value={formatCount(metrics.totalQuestions)} hint="Asked across every chat" tone="bg-genie-100 text-genie-700" testId="stat-total-questions" />
        <StatCard icon={CalendarDays} label="This Month" value={formatCount(metrics.questionsThisMonth)} hint="Questions since the 1st" tone="bg-sky-100 text-sky-700" testId="stat-this-month" />
        <StatCard icon={Wallet} label="Crypto Spent" value={formatUsd(metrics.totalSpent)} hint="Confirmed payments" tone="bg-emerald-100 text-emerald-700" testId="stat-crypto-spent" />
        <StatCard icon={Flame} label="Active Streak" value={plural(metrics.streakDays, 'day')} hint={metrics.streakDays > 0 ? 'Keep it going!' : 'Ask a question to start one'} tone="bg-orange-100 text-orange-700" testId="stat-streak" />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Account Summary</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            rows={[
              {
                label: 'Account Type',
                value: subscription.isPremium ? <Badge variant="pro">Premium</Badge> : <Badge variant="secondary">Free</Badge>,
                hint: subscription.isPremium && subscription.expiresAt ? `Expires ${formatDate(subscription.expiresAt)}` : undefined,
                testId: 'summary-account-type',
              },
              {
                label: 'Member Since',
                value: formatDate(profile.createdAt),
                hint: daysAgoText(metrics.joinedDaysAgo),
                testId: 'summary-member-since',
              },
              { label: 'Last Active', value: lastActiveText(profile.lastActive), testId: 'summary-last-active' },
              { label: 'Favorite Feature', value: metrics.favoriteFeature || 'Chat', testId: 'summary-favorite-feature' },
            ]}
          />
        </CardContent>
      </Card>
    </div>
  );
}
