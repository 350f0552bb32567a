import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { SystemResponse } from '@contract/admin';
import { applyLanguage } from '@/lib/i18n/i18n';
import { adminSystemQueryOptions } from '../api/get-system';
import { SystemTab } from './system-tab';

function draw(backup: SystemResponse['backup'], checks: SystemResponse['checks'] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const system: SystemResponse = { checkedAt: '2026-11-28T10:00:00.000Z', checks, ...(backup ? { backup } : {}) };
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

/** Issue 44: the tab in the page's language, the settings an operator types left as they are. */
describe('SystemTab in German', () => {
  afterEach(async () => applyLanguage('en'));
  const offlineModels: SystemResponse['checks'] = [{ id: 'models', label: 'LLM Processing', status: 'offline', detail: 'No provider key is set.' }];

  it('names the checks, their state and the backup in German', async () => {
    await applyLanguage('de');
    const html = draw({ status: 'online', lastAt: '2026-11-28T09:00:00.000Z', detail: 'x' }, offlineModels);
    expect(html).toContain('Systemstatus');
    expect(html).toContain('LLM-Verarbeitung');
    expect(html).toContain('Offline-Modus');
    expect(html).toContain('Gesichert');
    expect(html).toContain(' · zuletzt 28.11.2026');
    expect(html).not.toContain('Backed up');
  });

  it('keeps the settings of the model help as typed inside the translated sentence', async () => {
    await applyLanguage('de');
    const html = draw(undefined, offlineModels);
    expect(html).toContain('Setzen Sie einen Anbieterschlüssel (zum Beispiel <code>OPENAI_API_KEY</code>) oder einen lokalen Server (zum Beispiel <code>OLLAMA_BASE_URL=http://127.0.0.1:11434/v1</code> mit <code>GENIE_MODEL_DEFAULT=ollama:llama3.2</code>)');
  });

  it('says the model help in English as before', () => {
    const html = draw(undefined, offlineModels);
    expect(html).toContain('Set a provider key (for example <code>OPENAI_API_KEY</code>) or a local server (for example <code>OLLAMA_BASE_URL=http://127.0.0.1:11434/v1</code> with <code>GENIE_MODEL_DEFAULT=ollama:llama3.2</code>), then restart Genie. The README section “Connecting a model provider” lists every option.');
    expect(html).toContain('LLM Processing');
    expect(html).toContain('Offline engine');
  });
});
