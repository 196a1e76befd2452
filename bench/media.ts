/**
 * Media benchmark (issue part 4): on the phone-sized feed in headless Chromium, the time from advancing
 * to the next offer (ArrowDown, as a person on a keyboard does) until that offer's video shows its
 * first frame of playback, and the /media bytes fetched per offer viewed. Real server, demo data and
 * media, the built web app.
 *
 *   node --import tsx bench/media.ts           # three rounds of the whole demo feed
 *   node --import tsx bench/media.ts --smoke   # three advances: a quick check that it works
 *
 * "First frame" is the first frame of playback of the video that becomes current: the first
 * requestVideoFrameCallback (registered before the key is pressed) with a media time above 0, taken at
 * the time the browser expects that frame on screen (expectedDisplayTime), minus the keydown event's
 * timeStamp. The poster (the video's first frame as a JPEG) is on screen before that; this is the
 * moment the video itself runs.
 */
import { availableParallelism, loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { atMost, percentile, type BenchSection, type Figure } from './report.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, ensureWebBuild, isMain, startDemoServer } from './demo-app.ts';

const FIRST_FRAME_BUDGET_MS = 200;
/** How long an advance may take to show a frame before it counts as a miss (reported as this value). */
const FRAME_TIMEOUT_MS = 5000;
/** Time left on each offer after its first frame, so the feed preloads the next one as it would for a viewer. */
const DWELL_MS = 1000;

type MediaTraffic = { requests: number; ranged: number; bytes: number };

/** Counts every /media/ response body byte the page receives (ranged or not), through the DevTools protocol. */
async function watchMedia(page: Page): Promise<{ peek(): MediaTraffic; take(): MediaTraffic }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const media = new Set<string>();
  let traffic: MediaTraffic = { requests: 0, ranged: 0, bytes: 0 };
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!new URL(event.request.url).pathname.startsWith('/media/')) return;
    media.add(event.requestId);
    traffic.requests++;
    if (Object.keys(event.request.headers).some((name) => name.toLowerCase() === 'range')) traffic.ranged++;
  });
  cdp.on('Network.dataReceived', (event) => {
    if (media.has(event.requestId)) traffic.bytes += event.dataLength;
  });
  return {
    peek: () => ({ ...traffic }),
    take() {
      const taken = traffic;
      traffic = { requests: 0, ranged: 0, bytes: 0 };
      return taken;
    },
  };
}

type Slide = { title: string; kind: 'video' | 'image' | 'none' };

/** The offer that ArrowDown brings on screen: the slide mounted one screen below the current one. */
async function nextSlide(page: Page): Promise<Slide> {
  return page.evaluate(() => {
    const holder = [
      ...document.querySelectorAll<HTMLElement>('section[aria-label="Offers"] article[aria-roledescription="offer"]'),
    ]
      .map((article) => article.parentElement!)
      .find((element) => element.style.transform === 'translateY(100%)');
    const article = holder?.querySelector('article');
    if (!article) throw new Error('no next offer is mounted');
    const kind = article.querySelector('video')
      ? 'video'
      : article.querySelector('img:not([aria-hidden])')
        ? 'image'
        : 'none';
    return { title: article.getAttribute('aria-label') ?? '', kind };
  });
}

type Advance = { title: string; kind: Slide['kind']; firstFrameMs: number | null; readyStateBefore: number | null };

/** Presses ArrowDown and, for a video, waits for its first presented frame. */
async function advance(page: Page): Promise<Advance> {
  const slide = await nextSlide(page);
  const armed = await page.evaluate((timeoutMs) => {
    const holder = [
      ...document.querySelectorAll<HTMLElement>('section[aria-label="Offers"] article[aria-roledescription="offer"]'),
    ]
      .map((article) => article.parentElement!)
      .find((element) => element.style.transform === 'translateY(100%)');
    const video = holder?.querySelector('video') ?? null;
    const state = window as unknown as { benchFrame?: Promise<number | null>; benchKeyAt?: number };
    state.benchKeyAt = undefined;
    window.addEventListener('keydown', (event) => (state.benchKeyAt = event.timeStamp), { once: true, capture: true });
    if (!video) {
      state.benchFrame = Promise.resolve(null);
      return { readyState: null };
    }
    // The first frame of playback: a paused video can present its first frame (mediaTime 0) as soon as
    // its slide moves on screen, which shows the poster's picture again, not the video running.
    state.benchFrame = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      const onFrame = (_now: number, frame: VideoFrameCallbackMetadata) => {
        if (frame.mediaTime > 0 && state.benchKeyAt !== undefined) {
          clearTimeout(timer);
          resolve(frame.expectedDisplayTime - state.benchKeyAt);
        } else video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    });
    return { readyState: video.readyState };
  }, FRAME_TIMEOUT_MS);
  await page.keyboard.press('ArrowDown');
  const firstFrameMs = await page.evaluate(
    () => (window as unknown as { benchFrame: Promise<number | null> }).benchFrame,
  );
  if (slide.kind === 'video' && firstFrameMs === null)
    return { title: slide.title, kind: slide.kind, firstFrameMs: FRAME_TIMEOUT_MS, readyStateBefore: armed.readyState };
  return { title: slide.title, kind: slide.kind, firstFrameMs, readyStateBefore: armed.readyState };
}

const round = (value: number, digits = 0) => Number(value.toFixed(digits));

export const section: BenchSection = async ({ smoke, log }) => {
  const notes: string[] = [];
  if (ensureWebBuild(log))
    notes.push('The web app was built first (npm run build): apps/web/dist was missing or older than its sources.');
  const loadBefore = loadavg()[0]!;
  const server = await startDemoServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    log(`server ${server.base} with the demo data`);
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    // tsx compiles the functions this file runs in the page and wraps named ones in its __name helper.
    await page.addInitScript('window.__name = (fn) => fn;');
    const traffic = await watchMedia(page);
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
    await page.locator('article[aria-roledescription="offer"]').first().waitFor();
    // Auto-advance would move the feed on its own between measurements on a slow run.
    await page.getByRole('button', { name: 'Auto-advance' }).click();
    if (!(await page.evaluate(() => document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E"'))))
      throw new Error('this Chromium cannot play H.264 MP4');
    await page.waitForLoadState('networkidle');
    const onLoad = traffic.peek();
    const offerCount = await page.evaluate(() =>
      Number(
        / of (\d+)/.exec(
          document
            .querySelector('section[aria-label="Offers"] article:not([aria-hidden])')
            ?.getAttribute('aria-label') ?? '',
        )?.[1] ?? 0,
      ),
    );
    if (offerCount < 2) throw new Error(`the demo feed has ${offerCount} offers; the benchmark needs several`);

    const rounds = smoke ? 0 : 3;
    const advances = smoke ? 3 : rounds * offerCount;
    const results: Advance[] = [];
    let firstRound: MediaTraffic | null = null;
    for (let i = 0; i < advances; i++) {
      const result = await advance(page);
      results.push(result);
      log(
        `advance ${i + 1}/${advances}: ${result.kind} ${result.title}: ${result.firstFrameMs === null ? '-' : `${round(result.firstFrameMs)} ms`}`,
      );
      await page.waitForTimeout(DWELL_MS);
      if (i + 1 === offerCount) firstRound = traffic.take();
    }
    const rest = traffic.take();

    const figures: Figure[] = [];
    const videos = results.filter((r) => r.kind === 'video' && r.firstFrameMs !== null);
    const frames = videos.map((r) => r.firstFrameMs!).sort((a, b) => a - b);
    const firstVisit = videos
      .slice(0, results.slice(0, offerCount).filter((r) => r.kind === 'video').length)
      .map((r) => r.firstFrameMs!)
      .sort((a, b) => a - b);
    figures.push(
      atMost(
        'Advance to first video frame p50',
        round(percentile(frames, 50)),
        'ms',
        FIRST_FRAME_BUDGET_MS,
        `< ${FIRST_FRAME_BUDGET_MS} ms`,
      ),
      atMost(
        'Advance to first video frame max',
        round(frames.at(-1) ?? Number.NaN),
        'ms',
        FIRST_FRAME_BUDGET_MS,
        `< ${FIRST_FRAME_BUDGET_MS} ms`,
      ),
    );
    // Opening the feed shows the first offer and preloads its neighbours; one round of advances views
    // every offer once (the last advance wraps back to the first), so everything fetched from opening
    // the feed to the end of that round, divided by the offers, is what viewing one offer costs.
    const viewed = firstRound ? offerCount : results.length + 1;
    const counted = firstRound ?? rest;
    figures.push({ name: 'Media bytes per offer viewed', value: round(counted.bytes / 1024 / viewed, 1), unit: 'KB' });
    notes.push(
      `Feed at 390x844 (phone, DPR 2) with the demo data: ${offerCount} offers, ${results.filter((r) => r.kind === 'video').length} of ${results.length} advances onto a video; ` +
        `first frame = the first requestVideoFrameCallback with mediaTime > 0 (playback, not the paused first frame), its expectedDisplayTime minus the ArrowDown keydown's timeStamp (the slide animation takes 300 ms and a video plays once 60% of it is visible).`,
      `Advance to first frame, every video advance (ms): ${videos.map((r) => round(r.firstFrameMs!)).join(', ') || 'none'}; first visit of each offer: p50 ${round(percentile(firstVisit, 50))} ms, max ${round(firstVisit.at(-1) ?? Number.NaN)} ms. ` +
        `Video data ready before the key (readyState >= 2) on ${videos.filter((r) => (r.readyStateBefore ?? 0) >= 2).length} of ${videos.length}.`,
      `Media bytes from opening the feed through one round: ${round(counted.bytes / 1024, 1)} KB in ${counted.requests} /media requests (${counted.ranged} of them video requests with a Range header) for ${viewed} offers, ` +
        `of which opening the feed (the first offer and its two neighbours) took ${round(onLoad.bytes / 1024, 1)} KB in ${onLoad.requests} requests` +
        (firstRound
          ? `; later rounds fetched ${round(rest.bytes / 1024, 1)} KB more in ${rest.requests} requests (media is served immutable, so revisits come from the browser cache)`
          : '') +
        '. Response bodies as received; headers not counted.',
      `Headless Chromium with software rendering on a shared ${availableParallelism()}-core machine: frame timings move with its load (1-minute load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end).`,
    );
    if (smoke) notes.push('Smoke run: three advances only.');
    return { title: 'Media', figures, notes };
  } finally {
    await browser.close();
    await server.stop();
  }
};

if (isMain(import.meta.url)) {
  const smoke = process.argv.includes('--smoke');
  const result = await section({ smoke, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
