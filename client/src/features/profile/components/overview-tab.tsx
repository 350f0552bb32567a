import { CalendarDays, Flame, MessageSquare, Wallet } from 'lucide-react';
import type { UserMetrics, UserProfile } from '@contract/profile';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { daysAgoText, formatCount, formatDate, formatUsd, lastActiveText, plural } from '../lib/format';
import { useTranslation } from '@/lib/i18n/i18n';
import { DetailList } from './detail-list';
import { StatCard } from './stat-card';

/** SPEC §2 Overview: four stat cards and the account summary. */
export function OverviewTab({ profile, metrics }: { profile: UserProfile; metrics: UserMetrics }) {
  const { subscription } = profile;
  const { t } = useTranslation('profile');
  return (
    <div className="grid gap-4 sm:gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard icon={MessageSquare} label={t('overview.totalQuestions')} value={formatCount(metrics.totalQuestions)} hint={t('overview.totalQuestionsHint')} tone="bg-genie-100 text-genie-700" testId="stat-total-questions" />
        <StatCard icon={CalendarDays} label={t('overview.thisMonth')} value={formatCount(metrics.questionsThisMonth)} hint={t('overview.thisMonthHint')} tone="bg-sky-100 text-sky-700" testId="stat-this-month" />
        <StatCard icon={Wallet} label={t('overview.cryptoSpent')} value={formatUsd(metrics.totalSpent)} hint={t('overview.cryptoSpentHint')} tone="bg-emerald-100 text-emerald-700" testId="stat-crypto-spent" />
        <StatCard icon={Flame} label={t('overview.streak')} value={plural(metrics.streakDays, 'day')} hint={metrics.streakDays > 0 ? t('overview.streakGoing') : t('overview.streakStart')} tone="bg-orange-100 text-orange-700" testId="stat-streak" />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('overview.summary')}</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            rows={[
              {
                label: t('overview.accountType'),
                value: subscription.isPremium ? <Badge variant="pro">Premium</Badge> : <Badge variant="secondary">{t('overview.free')}</Badge>,
                hint: subscription.isPremium && subscription.expiresAt ? t('overview.expires', { date: formatDate(subscription.expiresAt) }) : undefined,
                testId: 'summary-account-type',
              },
              {
                label: t('overview.memberSince'),
                value: formatDate(profile.createdAt),
                hint: daysAgoText(metrics.joinedDaysAgo),
                testId: 'summary-member-since',
              },
              { label: t('overview.lastActive'), value: lastActiveText(profile.lastActive), testId: 'summary-last-active' },
              { label: t('overview.favoriteFeature'), value: metrics.favoriteFeature || t('overview.chat'), testId: 'summary-favorite-feature' },
            ]}
          />
        </CardContent>
      </Card>
    </div>
  );
}
