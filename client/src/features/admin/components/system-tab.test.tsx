import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SystemResponse } from '@contract/admin';
import { adminSystemQueryOptions } from '../api/get-system';
import { SystemTab } from './system-tab';

function draw(backup: SystemResponse['backup']) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const system: SystemResponse = { checkedAt: '2026-11-28T10:00:00.000Z', checks: [], ...(backup ? { backup } : {}) };
  client.setQueryData(adminSystemQueryOptions().queryKey, system);
  return renderToString(
    <QueryClientProvider client={client}>
      <SystemTab />
    </QueryClientProvider>,
  );
}

/** The System tab's Backups line (issue 47): the newest backup's time, or why there is none. */
describe('SystemTab backups', () => {
  it('shows the newest backup and its file', () => {
    const html = draw({ status: 'online', lastAt: '2026-11-28T09:00:00.000Z', detail: 'The newest backup is /backups/genie-backup-1.tar.gz (2,048 bytes).' });
    expect(html).toContain('data-testid="system-backup"');
    expect(html).toContain('Backed up');
    expect(html).toContain(' · last ');
    expect(html).toContain('The newest backup is /backups/genie-backup-1.tar.gz (2,048 bytes).');
  });

  it('says how to set backups up when none is made', () => {
    const html = draw({ status: 'not_configured', lastAt: null, detail: 'No backup yet. Run npm run backup -- <file>, or set BACKUP_DIR for scheduled backups.' });
    expect(html).toContain('Not configured');
    expect(html).toContain('No backup yet. Run npm run backup -- &lt;file&gt;, or set BACKUP_DIR for scheduled backups.');
    expect(html).not.toContain(' · last ');
  });

  it('draws no Backups line on PostgreSQL (no backup field)', () => {
    expect(draw(undefined)).not.toContain('system-backup');
  });
});
