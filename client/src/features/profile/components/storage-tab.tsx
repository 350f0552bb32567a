import { FileText, FolderOpen, HardDrive, Image, Music, Package, Video, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { StorageCategory, UserMetrics } from '@contract/profile';
import { useTranslation } from '@/lib/i18n/i18n';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { formatPercent, formatStorage, percentOf, plural } from '../lib/format';

const CATEGORY_STYLE: Record<StorageCategory, { icon: LucideIcon; bar: string; tile: string }> = {
  image: { icon: Image, bar: 'bg-genie-500', tile: 'bg-genie-100 text-genie-700' },
  video: { icon: Video, bar: 'bg-sky-500', tile: 'bg-sky-100 text-sky-700' },
  audio: { icon: Music, bar: 'bg-pink-500', tile: 'bg-pink-100 text-pink-700' },
  document: { icon: FileText, bar: 'bg-amber-500', tile: 'bg-amber-100 text-amber-700' },
  other: { icon: Package, bar: 'bg-slate-400', tile: 'bg-slate-100 text-slate-600' },
};

/**
 * SPEC §2 Storage: used against the limit, then the real split of the user's files by category
 * (DESIGN.md; SPEC's fixed 60/30/10 split is a recorded deviation).
 */
export function StorageTab({ metrics }: { metrics: UserMetrics }) {
  const { storageUsed, storageLimit, storageBreakdown } = metrics;
  const { t } = useTranslation('profile');
  const usedText = t('storage.percentUsed', { percent: formatPercent(storageUsed, storageLimit) });
  const used = storageBreakdown.filter((row) => row.bytes > 0 || row.files > 0);
  return (
    <div className="grid gap-4 sm:gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <HardDrive aria-hidden="true" className="h-4 w-4 text-genie-600" />
            {t('storage.used')}
          </CardTitle>
          {/* True for a team of one and of ten: the meter is GET /api/storage's (issue 42). */}
          <CardDescription>{t('storage.usedText')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="text-2xl font-bold tabular-nums text-slate-900" data-testid="storage-used">
              {formatStorage(storageUsed)} <span className="text-base font-medium text-slate-500">{t('storage.of', { limit: formatStorage(storageLimit) })}</span>
            </p>
            <p className="text-sm font-medium text-slate-600" data-testid="storage-percent">
              {usedText}
            </p>
          </div>
          <Progress value={percentOf(storageUsed, storageLimit)} valueText={usedText} label={t('storage.meter')} className="h-3" />
          <p className="text-xs text-slate-500">{t('storage.free', { size: formatStorage(Math.max(0, storageLimit - storageUsed)) })}</p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('storage.breakdown')}</CardTitle>
          <CardDescription>{t('storage.breakdownText')}</CardDescription>
        </CardHeader>
        <CardContent>
          {used.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
              <FolderOpen aria-hidden="true" className="h-8 w-8 text-slate-400" />
              <p className="text-sm text-slate-600">{t('storage.none')}</p>
              <Link href="/files" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                {t('storage.openFiles')}
              </Link>
            </div>
          ) : (
            <div className="grid gap-4">
              <div className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                {used.map((row) => (
                  <div key={row.category} className={CATEGORY_STYLE[row.category].bar} style={{ width: `${percentOf(row.bytes, storageUsed)}%` }} />
                ))}
              </div>
              <ul className="grid gap-2 sm:grid-cols-2">
                {used.map((row) => {
                  const style = CATEGORY_STYLE[row.category];
                  const Icon = style.icon;
                  return (
                    <li key={row.category} className="flex items-center gap-3 rounded-xl border border-slate-100 bg-slate-50/60 p-3" data-testid={`storage-${row.category}`}>
                      <span className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-lg', style.tile)}>
                        <Icon aria-hidden="true" className="h-4 w-4" />
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className="text-sm font-semibold text-slate-900">{t(`storage.${row.category}`)}</p>
                        <p className="text-xs text-slate-500">{plural(row.files, 'file')}</p>
                      </div>
                      <div className="text-right">
                        <p className="text-sm font-semibold tabular-nums text-slate-900" data-testid={`storage-${row.category}-bytes`}>
                          {formatStorage(row.bytes)}
                        </p>
                        <p className="text-xs text-slate-500">{formatPercent(row.bytes, storageUsed)}</p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
