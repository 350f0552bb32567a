import { Activity, CheckCircle2, Heart, MessageSquare, ThumbsDown, ThumbsUp, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAdminAnalytics } from '../api/get-analytics';
import { QueryState, StatCard } from './stat-card';
import { useAdminTexts } from '../texts';

// SPEC §3: the default persona is shown under the companion word.
const characterName = (id: string) => (id === 'default' ? 'GENIE' : id.charAt(0).toUpperCase() + id.slice(1));

export function AnalyticsTab() {
  const { data, isLoading, error } = useAdminAnalytics();
  const { t } = useAdminTexts();
  return (
    <QueryState isLoading={isLoading} error={error}>
      {data && (
        <div className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              icon={MessageSquare}
              label={t('analytics.totalInteractions')}
              value={data.overview.totalInteractions}
              detail={t('analytics.averageResponse', { ms: data.overview.avgResponseTime })}
            />
            <StatCard icon={CheckCircle2} label={t('analytics.successRate')} value={`${data.overview.successRate}%`} />
            <StatCard icon={Users} label={t('analytics.activeSessions')} value={data.activeSessions} detail={t('analytics.activeSessionsDetail')} />
            <StatCard
              icon={Heart}
              label={t('analytics.feedback')}
              value={
                <span className="flex gap-6">
                  <span className="flex items-center gap-1.5 text-emerald-700">
                    <ThumbsUp className="h-5 w-5" aria-label={t('analytics.thumbsUp')} /> {data.overview.positiveFeedback}
                  </span>
                  <span className="flex items-center gap-1.5 text-red-700">
                    <ThumbsDown className="h-5 w-5" aria-label={t('analytics.thumbsDown')} /> {data.overview.negativeFeedback}
                  </span>
                </span>
              }
            />
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{t('analytics.characterUsage')}</CardTitle>
              </CardHeader>
              <CardContent>
                {data.characterUsage.length === 0 && <p className="text-sm text-slate-500">{t('analytics.noConversations')}</p>}
                <ul className="grid grid-cols-1 gap-2">
                  {data.characterUsage.map((row) => (
                    <li key={row.character} className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 text-sm">
                      <span className="font-medium">{characterName(row.character)}</span>
                      <span className="text-slate-600">
                        {t('analytics.chats', { count: row.count })} · {t('analytics.averageMs', { ms: row.avgResponseTime })}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Activity className="h-4 w-4 text-genie-600" aria-hidden="true" /> {t('analytics.topFeatures')}
                </CardTitle>
              </CardHeader>
              <CardContent>
                {data.featureUsage.length === 0 && <p className="text-sm text-slate-500">{t('analytics.noFeatures')}</p>}
                <ol className="grid grid-cols-1 gap-2">
                  {data.featureUsage.map((row) => (
                    <li key={`${row.feature}/${row.action}`} className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 text-sm">
                      <span>
                        <span className="font-medium">{row.feature}</span> <span className="text-slate-500">· {row.action}</span>
                      </span>
                      <span className="font-semibold">{row.count}</span>
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </QueryState>
  );
}
