import { describe, expect, it } from 'vitest';
import { readableModelName } from './model-names';

describe('readableModelName', () => {
  it('cleans a model id and names its provider', () => {
    expect(readableModelName({ provider: 'openai', modelId: 'gpt-4o' })).toBe('GPT-4o (OpenAI)');
    expect(readableModelName({ provider: 'anthropic', modelId: 'claude-sonnet-4-5' })).toBe('Claude Sonnet 4.5 (Anthropic)');
    expect(readableModelName({ provider: 'xai', modelId: 'grok-3' })).toBe('Grok 3 (xAI)');
    expect(readableModelName({ provider: 'venice', modelId: 'llama-3.3-70b' })).toBe('Llama 3.3 70B (Venice AI)');
    expect(readableModelName({ provider: 'ollama', modelId: 'llama3.2:latest' })).toBe('Llama3.2 (Ollama)');
  });

  it('names no provider for a self-hosted OpenAI-compatible server, and drops an organisation prefix', () => {
    expect(readableModelName({ provider: 'openai-compatible', modelId: 'fake-model' })).toBe('Fake Model');
    expect(readableModelName({ provider: 'openai-compatible', modelId: 'meta-llama/Llama-3.1-8B-Instruct' })).toBe('Llama 3.1 8B Instruct');
  });

  it('prefers the operator’s own label', () => {
    expect(readableModelName({ provider: 'openai-compatible', modelId: 'fake-model' }, '  Our in-house model ')).toBe('Our in-house model');
  });
});
