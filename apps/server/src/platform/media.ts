/**
 * Media processing behind one small interface, so a worker or an outside service can take it over at
 * scale. The local default runs in-process:
 *   images  re-encoded with sharp to a feed size (at most 1080 px tall and 1920 px wide, WebP, EXIF
 *           orientation applied and metadata such as GPS stripped; animated GIFs stay animated)
 *   videos  rewritten with ffmpeg as MP4 with its index (moov) first, so playback starts before the
 *           file is fully downloaded, plus a JPEG poster frame. H.264/AAC in MP4/MOV is only remuxed
 *           (fast); anything else is transcoded to H.264/AAC at most 1280 px tall.
 * Callers never hold a database transaction while this runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export type MediaKind = 'image' | 'video';
export type MediaFile = { path: string; ext: string; contentType: string };
export type ProcessedMedia = { kind: MediaKind; media: MediaFile; poster: MediaFile | null };

export interface MediaProcessor {
  /** Turns an accepted upload (kind already checked by its bytes) into feed media in workDir. */
  process(input: { path: string; mime: string }, workDir: string, name: string): Promise<ProcessedMedia>;
}

/** The bytes claimed to be an image or video but could not be decoded as one. */
export class MediaRejectedError extends Error {}

export const FEED_IMAGE_MAX_HEIGHT = 1080;
export const FEED_IMAGE_MAX_WIDTH = 1920;
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
    const child = spawn(findFfmpeg(), ['-nostdin', '-hide_banner', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
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

async function processImage(input: string, workDir: string, name: string): Promise<ProcessedMedia> {
  const output = path.join(workDir, `${name}.webp`);
  try {
    const metadata = await sharp(input).metadata();
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

/** What ffmpeg says about the input's streams (from `ffmpeg -i`, so no ffprobe is needed). */
async function describeVideo(input: string): Promise<{ container: string; video: string | null; audio: string | null }> {
  const { stderr } = await runFfmpeg(['-i', input]);
  const container = /Input #0, (.+?), from /.exec(stderr)?.[1] ?? '';
  const video = /Stream #0:\d+[^:]*: Video: (\w+)/.exec(stderr)?.[1] ?? null;
  const audio = /Stream #0:\d+[^:]*: Audio: (\w+)/.exec(stderr)?.[1] ?? null;
  return { container, video, audio };
}

async function processVideo(input: string, workDir: string, name: string): Promise<ProcessedMedia> {
  const output = path.join(workDir, `${name}.mp4`);
  const poster = path.join(workDir, `${name}.poster.jpg`);
  const cleanup = () => Promise.all([rm(output, { force: true }), rm(poster, { force: true })]);
  try {
    const info = await describeVideo(input);
    if (!info.video) throw new MediaRejectedError('no video stream');
    const remux = info.container.includes('mp4') && info.video === 'h264' && (info.audio === null || info.audio === 'aac');
    const codec = remux
      ? ['-c', 'copy']
      : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p', '-vf', `scale=-2:'min(${FEED_VIDEO_MAX_HEIGHT},ih)'`, '-c:a', 'aac', '-b:a', '128k'];
    const encoded = await runFfmpeg(['-loglevel', 'error', '-i', input, '-map', '0:v:0', '-map', '0:a:0?', ...codec, '-threads', '2', '-movflags', '+faststart', '-f', 'mp4', output]);
    if (encoded.code !== 0 || !(await nonEmpty(output))) throw new MediaRejectedError('video could not be decoded');
    const frame = (seek: string[]) => runFfmpeg(['-loglevel', 'error', ...seek, '-i', output, '-frames:v', '1', '-vf', `scale=-2:'min(${FEED_IMAGE_MAX_HEIGHT},ih)'`, '-q:v', '4', '-f', 'image2', poster]);
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
      if (input.mime.startsWith('image/')) return run(() => processImage(input.path, workDir, name));
      if (input.mime.startsWith('video/')) return run(() => processVideo(input.path, workDir, name));
      throw new MediaRejectedError(`not image or video: ${input.mime}`);
    },
  };
}
