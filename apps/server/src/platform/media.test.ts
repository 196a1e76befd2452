import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaProcessor, findFfmpeg, MediaRejectedError } from './media.ts';

let dir: string;
const media = createLocalMediaProcessor();
const ffmpeg = (...args: string[]) => execFileSync(findFfmpeg(), ['-nostdin', '-loglevel', 'error', '-y', ...args]);
const streams = (file: string) => {
  try {
    execFileSync(findFfmpeg(), ['-hide_banner', '-i', file], { stdio: 'pipe' });
  } catch (error) {
    return String((error as { stderr: Buffer }).stderr);
  }
  return '';
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gigreel-media-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('createLocalMediaProcessor', () => {
  it('transcodes a WebM (VP9/Opus) to a fast-start H.264/AAC MP4 with a poster', async () => {
    const input = path.join(dir, 'in.webm');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine=f=440', '-t', '1', '-c:v', 'libvpx-vp9', '-c:a', 'libopus', input);
    const result = await media.process({ path: input, mime: 'video/webm' }, dir, 'webm-out');
    expect(result.kind).toBe('video');
    const bytes = await readFile(result.media.path);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const info = streams(result.media.path);
    expect(info).toMatch(/Video: h264/);
    expect(info).toMatch(/Audio: aac/);
    expect((await sharp(result.poster!.path).metadata()).format).toBe('jpeg');
  });

  it('keeps an animated GIF animated (as WebP) and shrinks big images to the feed size', async () => {
    const gif = path.join(dir, 'anim.gif');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=100x100:rate=5', '-t', '1', gif);
    const animated = await media.process({ path: gif, mime: 'image/gif' }, dir, 'gif-out');
    expect((await sharp(animated.media.path, { animated: true }).metadata()).pages).toBeGreaterThan(1);
    const big = path.join(dir, 'big.jpg');
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#336699' } }).jpeg().toFile(big);
    const shrunk = await media.process({ path: big, mime: 'image/jpeg' }, dir, 'big-out');
    expect(await sharp(shrunk.media.path).metadata()).toMatchObject({ format: 'webp', width: 1440, height: 1080 });
  });

  it('rejects bytes that only look like a video, and leaves no output behind', async () => {
    const fake = path.join(dir, 'fake.mp4');
    await writeFile(fake, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(2000, 7)]));
    await expect(media.process({ path: fake, mime: 'video/mp4' }, dir, 'fake-out')).rejects.toBeInstanceOf(MediaRejectedError);
    await expect(readFile(path.join(dir, 'fake-out.mp4'))).rejects.toThrow();
    await expect(media.process({ path: fake, mime: 'application/pdf' }, dir, 'pdf-out')).rejects.toBeInstanceOf(MediaRejectedError);
  });
});
