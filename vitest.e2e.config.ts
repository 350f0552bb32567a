import { defineConfig } from 'vitest/config';

// End-to-end tests: the production build served as `npm start` serves it, driven in Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    pool: 'forks',
    // One file at a time: every file drives the same Genie and the same fake model server, and
    // chat specs switch that server's behaviour (errors, slow streams); two at once saw each
    // other's 500s (a seeding request got a 502 while chat-controls tested Retry).
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
