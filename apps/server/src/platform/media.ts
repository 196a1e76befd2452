/**
 * Media processing behind one small interface, so a worker or an outside service can take it over at
 * scale. The local default runs in-process:
 *   images  re-encoded with sharp to a feed size (at most 1080 px tall and 1920 px wide, WebP, EXIF
 *           orientation applied and metadata such as GPS stripped; animated GIFs stay animated)
 *   videos  rewritten with ffmpeg as MP4 with its index (moov) first, so playback starts before the
 *           file is fully downloaded, plus a JPEG poster frame. H.264/AAC in MP4/MOV is only remuxed
 *           (fast); anything else is transcoded to H.264/AAC at most 1280 px tall.
 * ffmpeg and sharp read only the uploaded file: the demuxer is forced to the container its bytes were
 * detected as, only the file protocol is allowed, and anything outside a short list of plain containers
 * is refused before it is opened, so a playlist or manifest can never pull in another file or URL.
 * Videos longer or larger than the feed takes are refused from the probe, before any transcoding.
 * Callers never hold a database transaction while this runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  OFFER_IMAGE_TYPES,
  OFFER_VIDEO_MAX_LONG_SIDE,
  OFFER_VIDEO_MAX_SECONDS,
  OFFER_VIDEO_MAX_SHORT_SIDE,
  OFFER_VIDEO_TYPES,
  texts,
} from '@gigreel/core';

type MediaKind = 'image' | 'video';
type MediaFile = { path: string; ext: string; contentType: string };
type ProcessedMedia = { kind: MediaKind; media: MediaFile; poster: MediaFile | null };

export interface MediaProcessor {
  /** Turns an accepted upload (kind already checked by its bytes) into feed media in workDir. */
  process(input: { path: string; mime: string }, workDir: string, name: string): Promise<ProcessedMedia>;
}

/** The upload is refused: not a plain image or video, or beyond what the feed takes. */
export class MediaRejectedError extends Error {
  constructor(
    detail: string,
    /** What the person is told. */
    readonly userMessage: string = texts.validation.invalidFileType,
    /** 415 for a type refused, 422 for a video past the feed's limits. */
    readonly status: 415 | 422 = 415,
  ) {
    super(detail);
  }
}

/** The one ffmpeg demuxer each accepted video type may be opened with, and the name it reports back. */
const VIDEO_DEMUXERS: Record<(typeof OFFER_VIDEO_TYPES)[number], { demuxer: string; reported: string }> = {
  'video/mp4': { demuxer: 'mov', reported: 'mov,mp4,m4a,3gp,3g2,mj2' },
  'video/quicktime': { demuxer: 'mov', reported: 'mov,mp4,m4a,3gp,3g2,mj2' },
  'video/webm': { demuxer: 'matroska', reported: 'matroska,webm' },
  'video/x-matroska': { demuxer: 'matroska', reported: 'matroska,webm' },
};
/** The sharp format each accepted image type must decode as. */
const IMAGE_FORMATS: Record<(typeof OFFER_IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const isKey = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

const FEED_IMAGE_MAX_HEIGHT = 1080;
const FEED_IMAGE_MAX_WIDTH = 1920;
const FEED_VIDEO_MAX_HEIGHT = 1280;
const FFMPEG_TIMEOUT_MS = 180_000;

let ffmpegPath: string | null = null;

/** Debian's ffmpeg on PATH first (5.x); the older build shipped in @ffmpeg-installer otherwise. */
export function findFfmpeg(): string {
  if (ffmpegPath) return ffmpegPath;
  const probe = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  if (probe.status === 0) ffmpegPath = 'ffmpeg';
  else {
    const require = createRequire(import.meta.url);
    ffmpegPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
  return ffmpegPath;
}

function runFfmpeg(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(findFfmpeg(), ['-nostdin', '-hide_banner', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

async function nonEmpty(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

async function processImage(input: string, format: string, workDir: string, name: string): Promise<ProcessedMedia> {
  const output = path.join(workDir, `${name}.webp`);
  try {
    const metadata = await sharp(input).metadata();
    if (metadata.format !== format) throw new MediaRejectedError(`image decoded as ${metadata.format}, not ${format}`);
    const animated = (metadata.pages ?? 1) > 1;
    await sharp(input, { animated, limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: FEED_IMAGE_MAX_WIDTH, height: FEED_IMAGE_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(output);
  } catch {
    await rm(output, { force: true });
    throw new MediaRejectedError('image could not be decoded');
  }
  return { kind: 'image', media: { path: output, ext: 'webp', contentType: 'image/webp' }, poster: null };
}

/**
 * How ffmpeg may open an upload: this one demuxer and the file protocol only, so nothing inside the
 * file (a playlist, a manifest, a concat list, an external data reference) can make it open another.
 */
function uploadInput(demuxer: string, file: string): string[] {
  const noExternalReferences = demuxer === 'mov' ? ['-enable_drefs', '0'] : [];
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    demuxer,
    '-f',
    demuxer,
    ...noExternalReferences,
    '-i',
    `file:${path.resolve(file)}`,
  ];
}

type VideoDescription = {
  container: string;
  /** Seconds, or null when the container does not say (the encode is capped at the limit anyway). */
  duration: number | null;
  videos: Array<{ codec: string; width: number | null; height: number | null }>;
  audio: string | null;
};

/** What ffmpeg says about the input (from `ffmpeg -i`, which both the Debian and the bundled build have). */
async function describeVideo(demuxer: string, input: string): Promise<VideoDescription> {
  const { stderr } = await runFfmpeg(uploadInput(demuxer, input));
  const container = /Input #0, (.+?), from /.exec(stderr)?.[1] ?? '';
  const time = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
  const duration = time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : null;
  const videos = [...stderr.matchAll(/Stream #0:\d+[^:\n]*: Video: (\w+)([^\n]*)/g)].map((match) => {
    const size = /, (\d+)x(\d+)[ ,]/.exec(`${match[2]} `);
    return { codec: match[1]!, width: size ? Number(size[1]) : null, height: size ? Number(size[2]) : null };
  });
  const audio = /Stream #0:\d+[^:\n]*: Audio: (\w+)/.exec(stderr)?.[1] ?? null;
  return { container, duration, videos, audio };
}

/** Refuses, from the probe alone, a video the feed would not take, before any transcoding. */
function assertFeedVideo(info: VideoDescription, expectedContainer: string): void {
  if (info.container !== expectedContainer)
    throw new MediaRejectedError(`container ${info.container || 'unknown'} is not ${expectedContainer}`);
  if (info.videos.length === 0) throw new MediaRejectedError('no video stream');
  if (info.duration !== null && info.duration > OFFER_VIDEO_MAX_SECONDS)
    throw new MediaRejectedError(`${info.duration} s long`, texts.validation.videoTooLong, 422);
  for (const video of info.videos) {
    if (video.width === null || video.height === null) throw new MediaRejectedError('video size unknown');
    const long = Math.max(video.width, video.height);
    const short = Math.min(video.width, video.height);
    if (long > OFFER_VIDEO_MAX_LONG_SIDE || short > OFFER_VIDEO_MAX_SHORT_SIDE)
      throw new MediaRejectedError(`${video.width}x${video.height}`, texts.validation.videoTooBig, 422);
  }
}

async function processVideo(
  input: string,
  container: { demuxer: string; reported: string },
  workDir: string,
  name: string,
): Promise<ProcessedMedia> {
  const output = path.join(workDir, `${name}.mp4`);
  const poster = path.join(workDir, `${name}.poster.jpg`);
  const cleanup = () => Promise.all([rm(output, { force: true }), rm(poster, { force: true })]);
  try {
    const info = await describeVideo(container.demuxer, input);
    assertFeedVideo(info, container.reported);
    const remux =
      container.demuxer === 'mov' && info.videos[0]!.codec === 'h264' && (info.audio === null || info.audio === 'aac');
    const codec = remux
      ? ['-c', 'copy']
      : [
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '26',
          '-pix_fmt',
          'yuv420p',
          '-vf',
          `scale=-2:'min(${FEED_VIDEO_MAX_HEIGHT},ih)'`,
          '-c:a',
          'aac',
          '-b:a',
          '128k',
        ];
    // -t caps the work even when the container understates or omits its duration.
    const encoded = await runFfmpeg([
      '-loglevel',
      'error',
      ...uploadInput(container.demuxer, input),
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-t',
      String(OFFER_VIDEO_MAX_SECONDS),
      ...codec,
      '-threads',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ]);
    if (encoded.code !== 0 || !(await nonEmpty(output))) throw new MediaRejectedError('video could not be decoded');
    const frame = (seek: string[]) =>
      runFfmpeg([
        '-loglevel',
        'error',
        ...seek,
        ...uploadInput('mov', output),
        '-frames:v',
        '1',
        '-vf',
        `scale=-2:'min(${FEED_IMAGE_MAX_HEIGHT},ih)'`,
        '-q:v',
        '4',
        '-f',
        'image2',
        poster,
      ]);
    await frame(['-ss', '0.5']);
    if (!(await nonEmpty(poster))) await frame([]);
    if (!(await nonEmpty(poster))) throw new MediaRejectedError('no poster frame');
  } catch (error) {
    await cleanup();
    if (error instanceof MediaRejectedError) throw error;
    throw new MediaRejectedError(`video processing failed: ${(error as Error).message}`);
  }
  return {
    kind: 'video',
    media: { path: output, ext: 'mp4', contentType: 'video/mp4' },
    poster: { path: poster, ext: 'jpg', contentType: 'image/jpeg' },
  };
}

/** At most `limit` jobs at once in this process; the rest wait their turn (ffmpeg can take every core). */
function queue(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    // A finishing job hands its slot straight to the next waiter, so the limit holds at every moment.
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export function createLocalMediaProcessor(options: { concurrency?: number } = {}): MediaProcessor {
  const run = queue(options.concurrency ?? 2);
  return {
    async process(input, workDir, name) {
      if (isKey(IMAGE_FORMATS, input.mime)) {
        const format = IMAGE_FORMATS[input.mime];
        return run(() => processImage(input.path, format, workDir, name));
      }
      if (isKey(VIDEO_DEMUXERS, input.mime)) {
        const container = VIDEO_DEMUXERS[input.mime];
        return run(() => processVideo(input.path, container, workDir, name));
      }
      throw new MediaRejectedError(`not a plain image or video container: ${input.mime}`);
    },
  };
}

/** The processor with each job timed and counted for /metrics (platform/metrics.ts). */
export function measuredMedia(
  processor: MediaProcessor,
  metrics: { media<T>(kind: string, work: () => Promise<T>): Promise<T> },
): MediaProcessor {
  return {
    process: (input, workDir, name) =>
      metrics.media(input.mime.startsWith('video/') ? 'video' : 'image', () => processor.process(input, workDir, name)),
  };
}
