import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { useAdminTexts } from '../texts';

export function StatCard({ icon: Icon, label, value, detail }: { icon: LucideIcon; label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-4 p-5">
        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-genie-100 text-genie-700">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </div>
        <div className="min-w-0">
          <p className="text-sm text-slate-500">{label}</p>
          <p className="truncate text-2xl font-bold text-slate-900">{value}</p>
          {detail && <p className="text-xs text-slate-500">{detail}</p>}
        </div>
      </CardContent>
    </Card>
  );
}

/** Loading, error or the content: every tab shows one of the three, never a blank. */
export function QueryState({ isLoading, error, children }: { isLoading: boolean; error: unknown; children: ReactNode }) {
  const { t } = useAdminTexts();
  if (isLoading) return <p className="p-6 text-center text-sm text-slate-500">{t('loading')}</p>;
  if (error) return <p className="p-6 text-center text-sm text-red-600">{t('loadFailed', { message: (error as Error).message })}</p>;
  return <>{children}</>;
}
