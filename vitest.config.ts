import { defineConfig } from 'vitest/config';

// One name per run, so runs side by side never share a template database.
process.env.GIGREEL_TEST_RUN ??= `v${process.pid}`;

/**
 * The named tiers (`npm run test:unit`, `test:api`, `test:slow`; `npm test` runs every one):
 * unit needs no database or server, api builds the app in process on a test database, slow starts
 * server processes or the benchmarks. A new server test lands in api unless listed here.
 */
const SLOW = [
  'apps/server/src/main.test.ts',
  'apps/server/src/crash.test.ts',
  'apps/server/src/scale-out.test.ts',
  'apps/server/src/realtime/realtime.multiprocess.test.ts',
  'apps/server/src/platform/storage.faults.test.ts',
  'apps/server/src/db/backup.test.ts',
  'apps/server/src/faults.test.ts',
  'bench/**/*.test.ts',
];
const PURE_SERVER = [
  'apps/server/src/config.test.ts',
  'apps/server/src/db/driver.test.ts',
  'apps/server/src/platform/flights.test.ts',
  'apps/server/src/platform/media.test.ts',
];
const TIERS = {
  unit: {
    include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', ...PURE_SERVER],
    exclude: [] as string[],
  },
  api: { include: ['apps/server/src/**/*.test.ts'], exclude: [...SLOW, ...PURE_SERVER] },
  slow: { include: SLOW, exclude: [] as string[] },
  all: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: [] as string[],
  },
};
const tierName = (process.env.GIGREEL_TEST_TIER ?? 'all') as keyof typeof TIERS;
const tier = TIERS[tierName];
if (!tier) throw new Error(`GIGREEL_TEST_TIER must be one of ${Object.keys(TIERS).join(', ')}`);

export default defineConfig({
  test: {
    include: tier.include,
    exclude: ['**/node_modules/**', ...tier.exclude],
    // The unit tier touches no database, so it skips preparing the template ones.
    globalSetup: tierName === 'unit' ? [] : ['apps/server/test/global-setup.ts'],
    // Property tests replay the same inputs on every run; a failure prints its seed and path.
    setupFiles: ['scripts/vitest-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test', GIGREEL_TEST_RUN: process.env.GIGREEL_TEST_RUN },
  },
});
