import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildCatalogue, imageModelChoice, modelLabel } from './catalogue';

const labels = (env: Record<string, string>) => {
  const catalogue = buildCatalogue(loadConfig(env));
  return Object.fromEntries(Object.entries(catalogue).map(([id, choice]) => [id, choice ? modelLabel(choice) : 'offline']));
};

describe('model catalogue', () => {
  it('is offline for every persona with nothing configured', () => {
    expect(labels({})).toEqual({ default: 'offline', gino: 'offline', gina: 'offline', g: 'offline' });
  });

  it('gives each persona its own provider when every key is set', () => {
    expect(labels({ VENICE_API_KEY: 'v', OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a', XAI_API_KEY: 'x' })).toEqual({
      default: 'venice:llama-3.3-70b',
      gino: 'openai:gpt-4o',
      gina: 'anthropic:claude-sonnet-4-5',
      g: 'xai:grok-3',
    });
  });

  it('falls back to a configured provider for personas whose own is missing', () => {
    expect(labels({ ANTHROPIC_API_KEY: 'a' })).toEqual({
      default: 'anthropic:claude-sonnet-4-5',
      gino: 'anthropic:claude-sonnet-4-5',
      gina: 'anthropic:claude-sonnet-4-5',
      g: 'anthropic:claude-sonnet-4-5',
    });
  });

  it('uses an explicit Ollama model for everyone, and explicit choices per persona first', () => {
    expect(labels({ GENIE_MODEL_DEFAULT: 'ollama:llama3.2:3b', GENIE_MODEL_G: 'xai:grok-4', XAI_API_KEY: 'x' })).toEqual({
      default: 'ollama:llama3.2:3b',
      gino: 'ollama:llama3.2:3b',
      gina: 'ollama:llama3.2:3b',
      g: 'xai:grok-4',
    });
  });

  it('skips an explicit model whose provider has no key', () => {
    expect(labels({ GENIE_MODEL_GINO: 'openai:gpt-4.1', OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:8000/v1', GENIE_MODEL_DEFAULT: 'openai-compatible:qwen' }).gino).toBe(
      'openai-compatible:qwen',
    );
  });

  it('refuses a model reference with an unknown provider at start', () => {
    expect(() => loadConfig({ GENIE_MODEL_DEFAULT: 'mistral:large' })).toThrow(/GENIE_MODEL_DEFAULT: must be <provider>:<model id>/);
  });

  it('turns image generation on only for a configured provider that can draw', () => {
    expect(imageModelChoice(loadConfig({}))).toBeNull();
    expect(imageModelChoice(loadConfig({ GENIE_IMAGE_MODEL: 'openai:gpt-image-1' }))).toBeNull();
    expect(imageModelChoice(loadConfig({ GENIE_IMAGE_MODEL: 'openai:gpt-image-1', OPENAI_API_KEY: 'o' }))).toEqual({ provider: 'openai', modelId: 'gpt-image-1' });
    expect(imageModelChoice(loadConfig({ GENIE_IMAGE_MODEL: 'anthropic:claude', ANTHROPIC_API_KEY: 'a' }))).toBeNull();
  });
});
