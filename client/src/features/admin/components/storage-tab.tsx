import { Database, Files } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { writtenSize } from '@/lib/i18n/written-size';
import { useAdminDashboard } from '../api/get-dashboard';
import { useAdminTexts } from '../texts';
import { QueryState, StatCard } from './stat-card';

export function StorageTab() {
  const { data, isLoading, error } = useAdminDashboard();
  const { t, i18n } = useAdminTexts();
  const formatBytes = (bytes: number) => writtenSize(i18n.language, bytes);
  const storage = data?.storageStats;
  const entries = storage ? Object.entries(storage.usageByType).sort((a, b) => b[1].bytes - a[1].bytes) : [];
  const totalBytes = entries.reduce((sum, [, usage]) => sum + usage.bytes, 0);
  return (
    <QueryState isLoading={isLoading} error={error}>
      {storage && (
        <div className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <StatCard icon={Files} label={t('storage.totalFiles')} value={storage.totalFiles} />
            <StatCard icon={Database} label={t('storage.totalSize')} value={t('storage.gigabytes', { size: storage.totalSizeGB })} detail={formatBytes(totalBytes)} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{t('storage.byType')}</CardTitle>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-3">
              {entries.length === 0 && <p className="text-sm text-slate-500">{t('storage.none')}</p>}
              {entries.map(([category, usage]) => (
                <div key={category} className="grid grid-cols-1 gap-1">
                  <div className="flex justify-between text-sm">
                    <span className="font-medium capitalize">{t(`storage.category.${category}`, { defaultValue: category })}</span>
                    <span className="text-slate-600">
                      {t('storage.files', { count: usage.count })} · {formatBytes(usage.bytes)}
                    </span>
                  </div>
                  <Progress value={totalBytes ? (usage.bytes / totalBytes) * 100 : 0} label={t('storage.share', { category: t(`storage.category.${category}`, { defaultValue: category }) })} />
                </div>
              ))}
            </CardContent>
          </Card>
        </div>
      )}
    </QueryState>
  );
}
