import { defineConfig } from 'vitest/config';

// One name per run, so runs side by side never share a template database.
process.env.GIGREEL_TEST_RUN ??= `v${process.pid}`;

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test', GIGREEL_TEST_RUN: process.env.GIGREEL_TEST_RUN },
  },
});
