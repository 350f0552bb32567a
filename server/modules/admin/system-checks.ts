import type { SystemResponse } from '@contract/admin';
import { formatBytes } from '@contract/format';
import { usedPercent, WARN_USED_FRACTION, type DiskSpace } from '../../lib/disk-space';
import type { HealthChecks } from '../health/health.routes';

/** File Storage's line: the object store's answer, then the disk under DATA_DIR, warned from 90% full (issue 47). */
function storageCheck(storage: boolean, disk: DiskSpace | null): SystemResponse['checks'][number] {
  const answered = storage ? 'The object store answered.' : 'The object store did not answer.';
  if (!disk) return { id: 'storage', label: 'File Storage', status: storage ? 'online' : 'down', detail: answered };
  const full = disk.totalBytes > 0 && disk.totalBytes - disk.freeBytes >= disk.totalBytes * WARN_USED_FRACTION;
  return {
    id: 'storage',
    label: 'File Storage',
    status: !storage ? 'down' : full ? 'warning' : 'online',
    detail: `${answered} The disk holding DATA_DIR is ${usedPercent(disk)}% full: ${formatBytes(disk.freeBytes)} free of ${formatBytes(disk.totalBytes)}.`,
  };
}

/** Never lets one hanging dependency hold the System tab: a check that takes too long is down. */
async function within<T>(promise: Promise<T>, fallback: T, ms = 3000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise.catch(() => fallback), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** SPEC §2 System tab's four indicators, each from a real check made now. */
export async function systemChecks(checks: HealthChecks, paymentsConfigured: boolean, now: Date): Promise<SystemResponse> {
  const [database, storage, models, disk] = await Promise.all([
    within(checks.database(), false),
    within(checks.storage(), false),
    within(checks.models(), 'down' as const),
    within(checks.disk?.() ?? Promise.resolve(null), null),
  ]);
  const backup = checks.backup ? await within(checks.backup(), null) : null;
  const localModels = checks.localModels();
  return {
    checkedAt: now.toISOString(),
    ...(localModels.length > 0 ? { localModels } : {}),
    ...(backup ? { backup } : {}),
    checks: [
      {
        id: 'payments',
        label: 'Payment Processing',
        status: paymentsConfigured ? 'online' : 'not_configured',
        detail: paymentsConfigured ? 'Webhook secret set; signed payment events are accepted.' : 'PAYMENTS_WEBHOOK_SECRET is not set; payment events are refused.',
      },
      storageCheck(storage, disk),
      {
        id: 'models',
        label: 'LLM Processing',
        status: models === 'ok' ? 'online' : models === 'offline' ? 'offline' : 'down',
        detail:
          models === 'ok'
            ? localModels.length > 0
              ? 'Genie runs a model itself (below).'
              : 'A model provider is configured.'
            : models === 'offline'
              ? 'No model provider is configured; the offline engine answers.'
              : localModels.some((m) => m.state === 'failed')
                ? 'The local model could not be loaded (below).'
                : 'The configured model provider is not answering.',
      },
      {
        id: 'api',
        label: 'API Endpoints',
        status: database ? 'online' : 'down',
        detail: database ? 'The API and its database answered.' : 'The database did not answer.',
      },
    ],
  };
}
