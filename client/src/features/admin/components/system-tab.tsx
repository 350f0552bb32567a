import type { SystemResponse } from '@contract/admin';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useAdminSystem } from '../api/get-system';
import { LocalModelsPanel } from './local-models-panel';
import { McpServersPanel } from './mcp-servers-panel';
import { Trans } from 'react-i18next';
import { adminFormats } from '../lib/formats';
import { useAdminTexts } from '../texts';
import { QueryState } from './stat-card';

const STATUS_DOT = { online: 'bg-emerald-500', offline: 'bg-amber-400', not_configured: 'bg-slate-400', down: 'bg-red-500', warning: 'bg-amber-500' } as const;

/**
 * The setup an operator needs when a persona answers offline. It lives here and in the README,
 * never in a user's reply (issue 18: users are told to ask their administrator).
 */
// The settings are written as they are typed, in every language; the sentence around them is translated.
const SETTINGS = {
  key: <code>{'OPENAI_API_KEY'}</code>,
  url: <code>{'OLLAMA_BASE_URL=http://127.0.0.1:11434/v1'}</code>,
  model: <code>{'GENIE_MODEL_DEFAULT=ollama:llama3.2'}</code>,
};

function ConnectModelHelp() {
  const { t } = useAdminTexts();
  return (
    <div className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="connect-model-help">
      <p className="font-semibold">{t('system.connectTitle')}</p>
      <p className="mt-1">
        <Trans t={t} i18nKey="system.connectBody" components={SETTINGS} />
      </p>
    </div>
  );
}

/** The newest backup's time (issue 47): from `npm run backup` or BACKUP_DIR's schedule. */
function BackupLine({ backup }: { backup: NonNullable<SystemResponse['backup']> }) {
  const { t, i18n } = useAdminTexts();
  const { dateTime } = adminFormats(i18n.language);
  return (
    <div className="mt-3 flex items-start gap-3 rounded-xl border border-slate-200 p-4" data-testid="system-backup">
      <span className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', STATUS_DOT[backup.status])} aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium">{t('system.backups')}</p>
        <p className="text-sm font-semibold">
          {t(`system.backupStatus.${backup.status}`)}
          {backup.lastAt && t('system.lastBackup', { date: dateTime(backup.lastAt) })}
        </p>
        <p className="break-words text-xs text-slate-500">{backup.detail}</p>
      </div>
    </div>
  );
}

export function SystemTab() {
  const { data, isLoading, error } = useAdminSystem();
  const { t, i18n } = useAdminTexts();
  const { dateTime } = adminFormats(i18n.language);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('system.title')}</CardTitle>
        <CardDescription>{data ? t('system.checked', { date: dateTime(data.checkedAt) }) : t('system.liveChecks')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState isLoading={isLoading} error={error}>
          {data?.checks.some((check) => check.status === 'offline') && <ConnectModelHelp />}
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {data?.checks.map((check) => (
              <li key={check.id} className="flex items-start gap-3 rounded-xl border border-slate-200 p-4" data-testid={`system-${check.id}`}>
                <span className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', STATUS_DOT[check.status])} aria-hidden="true" />
                <div>
                  {/* Named by its id in the page's language; the server's English label is the same words. */}
                  <p className="font-medium">{t(`system.check.${check.id}`)}</p>
                  <p className="text-sm font-semibold">{t(`system.status.${check.status}`)}</p>
                  <p className="text-xs text-slate-500">{check.detail}</p>
                </div>
              </li>
            ))}
          </ul>
          {data?.backup && <BackupLine backup={data.backup} />}
          {data?.localModels && data.localModels.length > 0 && <LocalModelsPanel models={data.localModels} />}
          <McpServersPanel />
        </QueryState>
      </CardContent>
    </Card>
  );
}
