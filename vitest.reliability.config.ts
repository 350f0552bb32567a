import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Reliability tests: real server processes killed, restarted and starved of their database, plus
// the cross-cutting attack and fuzz tests. Files run one at a time: several of them start servers
// of ~300 MB each, and the PostgreSQL outage test must not overlap anything else of ours.
export default defineConfig({
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      '@': fileURLToPath(new URL('./client/src', import.meta.url)),
    },
  },
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    // The migrated-database template that createTestApp (the in-process fuzz tests) loads.
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
