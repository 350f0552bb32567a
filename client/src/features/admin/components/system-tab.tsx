import type { SystemResponse } from '@contract/admin';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useAdminSystem } from '../api/get-system';
import { LocalModelsPanel } from './local-models-panel';
import { McpServersPanel } from './mcp-servers-panel';
import { formatDate, QueryState } from './stat-card';

const STATUS_TEXT = { online: 'Online', offline: 'Offline engine', not_configured: 'Not configured', down: 'Down', warning: 'Warning' } as const;
const STATUS_DOT = { online: 'bg-emerald-500', offline: 'bg-amber-400', not_configured: 'bg-slate-400', down: 'bg-red-500', warning: 'bg-amber-500' } as const;

/**
 * The setup an operator needs when a persona answers offline. It lives here and in the README,
 * never in a user's reply (issue 18: users are told to ask their administrator).
 */
function ConnectModelHelp() {
  return (
    <div className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="connect-model-help">
      <p className="font-semibold">Connecting a model provider</p>
      <p className="mt-1">
        Set a provider key (for example <code>OPENAI_API_KEY</code>) or a local server (for example{' '}
        <code>OLLAMA_BASE_URL=http://127.0.0.1:11434/v1</code> with <code>GENIE_MODEL_DEFAULT=ollama:llama3.2</code>), then restart Genie. The
        README section “Connecting a model provider” lists every option.
      </p>
    </div>
  );
}

const BACKUP_TEXT = { online: 'Backed up', warning: 'Warning', not_configured: 'Not configured' } as const;

/** The newest backup's time (issue 47): from `npm run backup` or BACKUP_DIR's schedule. */
function BackupLine({ backup }: { backup: NonNullable<SystemResponse['backup']> }) {
  return (
    <div className="mt-3 flex items-start gap-3 rounded-xl border border-slate-200 p-4" data-testid="system-backup">
      <span className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', STATUS_DOT[backup.status])} aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium">Backups</p>
        <p className="text-sm font-semibold">
          {BACKUP_TEXT[backup.status]}
          {backup.lastAt && ` · last ${formatDate(backup.lastAt)}`}
        </p>
        <p className="break-words text-xs text-slate-500">{backup.detail}</p>
      </div>
    </div>
  );
}

export function SystemTab() {
  const { data, isLoading, error } = useAdminSystem();
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Status</CardTitle>
        <CardDescription>{data ? `Checked ${formatDate(data.checkedAt)}.` : 'Live checks of each dependency.'}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState isLoading={isLoading} error={error}>
          {data?.checks.some((check) => check.status === 'offline') && <ConnectModelHelp />}
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {data?.checks.map((check) => (
              <li key={check.id} className="flex items-start gap-3 rounded-xl border border-slate-200 p-4" data-testid={`system-${check.id}`}>
                <span className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', STATUS_DOT[check.status])} aria-hidden="true" />
                <div>
                  <p className="font-medium">{check.label}</p>
                  <p className="text-sm font-semibold">{STATUS_TEXT[check.status]}</p>
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
