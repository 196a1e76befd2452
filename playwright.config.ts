import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium driven by Playwright, one server started by global setup.
 * Every test acts as people of its own (e2e/fixtures.ts), so any test may run beside any other, in
 * any order. Two workers at most, one per core: each drives a Chromium that needs most of a core
 * while the one server (PGlite answers on a single thread) shares them, and a third worker on two
 * cores only queues behind the others while the tests that must see a live message within a second
 * lose their margin. A single-core machine runs one at a time.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: Math.max(1, Math.min(2, availableParallelism())),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '.tmp/playwright.json' }]]
    : [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:4173',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
});
