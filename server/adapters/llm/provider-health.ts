import type { Config } from '../../config';
import type { ModelCatalogue, ProviderName } from './catalogue';
import { localModelsStatus } from './local/local-models';
import { OLLAMA_DEFAULT_BASE_URL, VENICE_DEFAULT_BASE_URL } from './providers';

/**
 * Whether the configured model providers answer: a GET of each one's `/models` list (cheap, no
 * tokens spent). 'offline' when none is configured, 'down' when any configured one does not
 * answer. Results are kept for a short while so a polled /api/health does not probe every time.
 */

export type ModelsHealth = 'ok' | 'offline' | 'down';

const PROBE_TIMEOUT_MS = 3_000;
const CACHE_MS = 30_000;

type RemoteProvider = Exclude<ProviderName, 'local'>;

function probeTarget(config: Config, provider: RemoteProvider): { url: string; headers: Record<string, string> } {
  const bearer = (key: string | undefined): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});
  switch (provider) {
    case 'openai':
      return { url: `${config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1'}/models`, headers: bearer(config.OPENAI_API_KEY) };
    case 'xai':
      return { url: `${config.XAI_BASE_URL ?? 'https://api.x.ai/v1'}/models`, headers: bearer(config.XAI_API_KEY) };
    case 'anthropic':
      return {
        url: `${config.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com/v1'}/models`,
        headers: { 'x-api-key': config.ANTHROPIC_API_KEY ?? '', 'anthropic-version': '2023-06-01' },
      };
    case 'venice':
      return { url: `${config.VENICE_BASE_URL ?? VENICE_DEFAULT_BASE_URL}/models`, headers: bearer(config.VENICE_API_KEY) };
    case 'ollama':
      return { url: `${config.OLLAMA_BASE_URL ?? OLLAMA_DEFAULT_BASE_URL}/models`, headers: bearer(config.OLLAMA_API_KEY) };
    case 'openai-compatible':
      return { url: `${config.OPENAI_COMPATIBLE_BASE_URL}/models`, headers: bearer(config.OPENAI_COMPATIBLE_API_KEY) };
  }
}

export function createModelsHealth(config: Config, catalogue: ModelCatalogue, now: () => number = Date.now) {
  const configured = [...new Set(Object.values(catalogue).flatMap((c) => (c ? [c.provider] : [])))];
  // A model Genie runs itself is not probed over the network (nothing leaves the machine): it is
  // down only when its file failed to load (local/local-runtime.ts).
  const hasLocal = configured.includes('local');
  const providers = configured.filter((p): p is RemoteProvider => p !== 'local');
  let cached: { at: number; value: Promise<ModelsHealth> } | null = null;

  async function probe(): Promise<ModelsHealth> {
    if (providers.length === 0) return hasLocal ? 'ok' : 'offline';
    const results = await Promise.all(
      providers.map(async (provider) => {
        const { url, headers } = probeTarget(config, provider);
        try {
          const response = await fetch(url, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
          await response.body?.cancel();
          return response.ok;
        } catch {
          return false;
        }
      }),
    );
    return results.every(Boolean) ? 'ok' : 'down';
  }

  return async (): Promise<ModelsHealth> => {
    if (!cached || now() - cached.at > CACHE_MS) cached = { at: now(), value: probe() };
    const remote = await cached.value;
    if (hasLocal && localModelsStatus(config).some((model) => model.state === 'failed')) return 'down';
    return remote;
  };
}
