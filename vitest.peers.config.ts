import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests against real peers (tests/peers): llama.cpp, Ceph RGW and nginx in front of two Genie
// processes. Each peer starts once per file; files run one at a time, since Ceph and two Genie
// processes together fill a 2-core machine. A peer that cannot start fails its file loudly.
export default defineConfig({
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      '@': fileURLToPath(new URL('./client/src', import.meta.url)),
    },
  },
  test: {
    include: ['tests/peers/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts', 'tests/peers/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
