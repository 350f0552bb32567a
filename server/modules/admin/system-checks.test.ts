import { describe, expect, it } from 'vitest';
import type { LocalModelStatus } from '../../adapters/llm/local/local-runtime';
import type { HealthChecks } from '../health/health.routes';
import { systemChecks } from './system-checks';

const model = (state: LocalModelStatus['state'], error: string | null = null): LocalModelStatus => ({
  file: 'qwen2.5-3b-instruct-q4_k_m.gguf',
  state,
  error,
  contextSize: 32_768,
  threads: 3,
  tokensPerSecond: state === 'loaded' ? 21 : null,
  memoryBytes: state === 'loaded' ? 2_400_000_000 : 0,
  running: 0,
  waiting: 0,
});

const checksWith = (models: LocalModelStatus[], status: 'ok' | 'down'): HealthChecks => ({
  database: async () => true,
  storage: async () => true,
  models: async () => status,
  localModels: () => models,
});

describe('System tab with a local model', () => {
  it('lists the local model with its figures and points LLM Processing at it', async () => {
    const response = await systemChecks(checksWith([model('loaded')], 'ok'), false, new Date('2026-11-24T00:00:00Z'));
    expect(response.localModels).toEqual([model('loaded')]);
    expect(response.checks.find((c) => c.id === 'models')).toEqual({
      id: 'models',
      label: 'LLM Processing',
      status: 'online',
      detail: 'Genie runs a model itself (below).',
    });
  });

  it('says the local model could not be loaded, and why, when it failed', async () => {
    const failed = model('failed', 'failed to load model');
    const response = await systemChecks(checksWith([failed], 'down'), false, new Date('2026-11-24T00:00:00Z'));
    expect(response.localModels).toEqual([failed]);
    expect(response.checks.find((c) => c.id === 'models')).toMatchObject({ status: 'down', detail: 'The local model could not be loaded (below).' });
  });

  it('has no local model section without one', async () => {
    const response = await systemChecks(checksWith([], 'ok'), false, new Date('2026-11-24T00:00:00Z'));
    expect(response.localModels).toBeUndefined();
    expect(response.checks.find((c) => c.id === 'models')!.detail).toBe('A model provider is configured.');
  });
});

describe('System tab and the disk under DATA_DIR (issue 47)', () => {
  const GB = 1e9;
  const withDisk = (freeBytes: number, totalBytes: number): HealthChecks => ({
    database: async () => true,
    storage: async () => true,
    models: async () => 'ok',
    localModels: () => [],
    disk: async () => ({ freeBytes, totalBytes }),
  });

  it('warns on File Storage once the disk is 90% full', async () => {
    const response = await systemChecks(withDisk(5 * GB, 50 * GB), false, new Date('2026-11-24T00:00:00Z'));
    expect(response.checks.find((c) => c.id === 'storage')).toEqual({
      id: 'storage',
      label: 'File Storage',
      status: 'warning',
      detail: 'The object store answered. The disk holding DATA_DIR is 90% full: 5 GB free of 50 GB.',
    });
  });

  it('says how much is free when there is room', async () => {
    const response = await systemChecks(withDisk(30 * GB, 50 * GB), false, new Date('2026-11-24T00:00:00Z'));
    expect(response.checks.find((c) => c.id === 'storage')).toEqual({
      id: 'storage',
      label: 'File Storage',
      status: 'online',
      detail: 'The object store answered. The disk holding DATA_DIR is 40% full: 30 GB free of 50 GB.',
    });
  });
});
