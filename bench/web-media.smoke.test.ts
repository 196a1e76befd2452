/**
 * The web and media sections' smoke runs, so they cannot rot: each starts the real server with the demo
 * data and drives Debian's Chromium (first-screen script size; three advances through the feed), and
 * must return finite figures. Lighthouse runs in the full benchmark only. The server is on the embedded
 * database whatever the run's engine, so these run in the PGlite run only.
 */
import { describe, expect, it } from 'vitest';
import { inPostgresRun } from '../apps/server/test/databases.ts';
import { section as mediaSection } from './media.ts';
import type { Section } from './report.ts';
import { section as webSection } from './web.ts';

function expectFigures(section: Section): void {
  expect(section.figures.length).toBeGreaterThan(0);
  for (const figure of section.figures)
    expect(Number.isFinite(figure.value), `${section.title}: ${figure.name} = ${figure.value}`).toBe(true);
}

describe.skipIf(inPostgresRun)('browser benchmark sections (smoke)', () => {
  it("web: measures the first screen's script", async () => {
    const web = await webSection({ smoke: true, log: () => {} });
    expect(web.title).toBe('Web app');
    expectFigures(web);
  }, 240_000);

  it("media: advances through the feed and times the next video's first frame", async () => {
    const media = await mediaSection({ smoke: true, log: () => {} });
    expect(media.title).toBe('Media');
    expectFigures(media);
  }, 240_000);
});
