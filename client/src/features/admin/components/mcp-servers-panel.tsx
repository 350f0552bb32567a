import type { McpServerView } from '@contract/mcp-tools';
import { cn } from '@/lib/utils';
import { useMcpServers } from '../api/get-mcp-servers';
import { useSetMcpTool } from '../api/set-mcp-tool';
import { useAdminTexts } from '../texts';

const STATE_DOT: Record<McpServerView['state'], string> = { connecting: 'bg-amber-400', ready: 'bg-emerald-500', failed: 'bg-red-500' };

/**
 * MCP tools in chat (issue 40): each server of MCP_SERVERS, its state and its tools, each with a
 * switch that turns it off (or on) for everyone. Nothing shows when no server is configured.
 */
export function McpServersPanel() {
  const { data } = useMcpServers();
  const setTool = useSetMcpTool();
  const { t } = useAdminTexts();
  if (!data || data.servers.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="mcp-servers-heading" data-testid="mcp-servers">
      <h3 id="mcp-servers-heading" className="mb-1 text-sm font-semibold text-slate-700">
        {t('mcp.title')}
      </h3>
      <p className="mb-3 text-xs text-slate-500">{t('mcp.description')}</p>
      <ul className="grid grid-cols-1 gap-3">
        {data.servers.map((server) => (
          <li key={server.name} className="rounded-xl border border-slate-200 p-4">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className={cn('h-2.5 w-2.5 shrink-0 rounded-full', STATE_DOT[server.state])} aria-hidden="true" />
              <p className="font-medium">{server.name}</p>
              <p className="text-sm font-semibold">{t(`mcp.state.${server.state}`)}</p>
              <p className="text-xs text-slate-500">{server.transport === 'stdio' ? 'stdio' : t('mcp.http')}</p>
            </div>
            {server.message && server.state !== 'ready' && <p className="mt-1 break-words text-xs text-slate-600">{server.message}</p>}
            {server.tools.length > 0 && (
              <ul className="mt-3 divide-y divide-slate-100">
                {server.tools.map((tool) => (
                  <li key={tool.name} className="flex items-start gap-3 py-2">
                    <div className="min-w-0 flex-1">
                      <p className="break-words font-mono text-xs font-semibold text-slate-800">
                        {tool.name}
                        <span className="ml-2 inline-block whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 font-sans text-[11px] font-medium text-slate-600">{tool.readOnly ? t('mcp.readOnly') : t('mcp.asksFirst')}</span>
                      </p>
                      {tool.description && <p className="mt-0.5 line-clamp-2 text-xs text-slate-500">{tool.description}</p>}
                    </div>
                    <label className="flex shrink-0 cursor-pointer items-center gap-2 text-xs text-slate-700">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-genie-600"
                        checked={tool.enabled}
                        disabled={setTool.isPending}
                        onChange={(event) => setTool.mutate({ server: server.name, tool: tool.name, enabled: event.target.checked })}
                        aria-label={t('mcp.offer', { server: server.name, tool: tool.name })}
                      />
                      {tool.enabled ? t('mcp.on') : t('mcp.off')}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
