import { basename } from 'node:path';
import type { ModelChoice, ProviderName } from './catalogue';

/**
 * "Powered by …" for people: GENIE_MODEL_LABEL_<PERSONA> when the operator set one, else a clean
 * form of the model id ("gpt-4o" → "GPT-4o (OpenAI)"), never the raw `<provider>:<id>` reference.
 */
const PROVIDER_NAMES: Record<ProviderName, string | null> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  xai: 'xAI',
  venice: 'Venice AI',
  ollama: 'Ollama',
  // A self-hosted server's name says nothing to a user; the model's own name does.
  'openai-compatible': null,
  local: null,
};

const WORDS: Record<string, string> = { gpt: 'GPT', claude: 'Claude', grok: 'Grok', llama: 'Llama', qwen: 'Qwen', mistral: 'Mistral', gemma: 'Gemma', phi: 'Phi' };

function cleanModelId(modelId: string): string {
  const base = modelId.split('/').pop()!.replace(/:latest$/i, '');
  const tokens = base.split(/[-_\s]+/).filter(Boolean);
  const out: string[] = [];
  for (const token of tokens) {
    const previous = out[out.length - 1];
    // "4-5" is version 4.5: consecutive plain numbers join with a dot.
    if (/^\d+$/.test(token) && previous !== undefined && /^\d+(\.\d+)*$/.test(previous)) out[out.length - 1] = `${previous}.${token}`;
    else if (/^\d+(\.\d+)?[bkm]$/i.test(token)) out.push(token.toUpperCase());
    else out.push(WORDS[token.toLowerCase()] ?? token.charAt(0).toUpperCase() + token.slice(1));
  }
  // GPT keeps its hyphen ("GPT-4o"), as OpenAI writes it.
  return out.join(' ').replace(/^GPT (\S+)/, 'GPT-$1');
}

export function readableModelName(choice: ModelChoice, operatorLabel?: string): string {
  const label = operatorLabel?.trim();
  if (label) return label;
  // A model Genie runs itself is named by its file, as the operator downloaded it.
  if (choice.provider === 'local') return basename(choice.modelId);
  const model = cleanModelId(choice.modelId);
  const provider = PROVIDER_NAMES[choice.provider];
  return provider ? `${model} (${provider})` : model;
}
