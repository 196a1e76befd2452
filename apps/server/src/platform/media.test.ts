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

/**
 * A fast-start MP4's index alone, its data reference rewritten as a Mac alias to `sibling` (a file in
 * the same folder): the samples are then read from that other file, at the same offsets.
 */
function pointingElsewhere(mp4: Buffer, sibling: string): Buffer {
  const at = (type: string, from = 0) => mp4.indexOf(type, from) - 4;
  const url = at('url ', at('dref'));
  const target = Buffer.from(`/${sibling}`);
  // The alias record: fixed fields (levels up from the alias and down to the target at 130 and 132), then an absolute-path entry.
  const record = Buffer.alloc(154 + target.length + (target.length % 2));
  record.writeUInt16BE(1, 130);
  record.writeUInt16BE(1, 132);
  record.writeUInt16BE(2, 150);
  record.writeUInt16BE(target.length, 152);
  target.copy(record, 154);
  const alias = Buffer.concat([Buffer.alloc(12), record]);
  alias.writeUInt32BE(alias.length, 0);
  alias.write('alis', 4);
  const index = Buffer.from(mp4.subarray(0, at('mdat')));
  for (const box of ['moov', 'trak', 'mdia', 'minf', 'dinf', 'dref'])
    index.writeUInt32BE(index.readUInt32BE(at(box)) + alias.length - 12, at(box));
  return Buffer.concat([index.subarray(0, url), alias, index.subarray(url + 12)]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gigreel-media-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('createLocalMediaProcessor', () => {
  it('transcodes a WebM (VP9/Opus) to a fast-start H.264/AAC MP4 with a poster', async () => {
    const input = path.join(dir, 'in.webm');
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=f=440',
      '-t',
      '1',
      '-c:v',
      'libvpx-vp9',
      '-c:a',
      'libopus',
      input,
    );
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
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#336699' } })
      .jpeg()
      .toFile(big);
    const shrunk = await media.process({ path: big, mime: 'image/jpeg' }, dir, 'big-out');
    expect(await sharp(shrunk.media.path).metadata()).toMatchObject({ format: 'webp', width: 1440, height: 1080 });
  });

  it('rejects bytes that only look like a video, and leaves no output behind', async () => {
    const fake = path.join(dir, 'fake.mp4');
    await writeFile(
      fake,
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(2000, 7)]),
    );
    await expect(media.process({ path: fake, mime: 'video/mp4' }, dir, 'fake-out')).rejects.toBeInstanceOf(
      MediaRejectedError,
    );
    await expect(readFile(path.join(dir, 'fake-out.mp4'))).rejects.toThrow();
    await expect(media.process({ path: fake, mime: 'application/pdf' }, dir, 'pdf-out')).rejects.toBeInstanceOf(
      MediaRejectedError,
    );
  });
});

/**
 * Files whose content points ffmpeg at other files. Each names the same "secret" video, kept beside it
 * as another stored upload would be; none may be opened, whatever type the upload was detected as.
 */
describe('ffmpeg reads only the uploaded file', () => {
  let secretMp4: string;
  let secretTs: string;
  const followers: Record<string, () => string> = {
    'an HLS playlist': () => `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n${secretTs}\n#EXT-X-ENDLIST\n`,
    'a DASH manifest': () =>
      `<?xml version="1.0"?>\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" mediaPresentationDuration="PT1S" minBufferTime="PT1S">` +
      `<Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="1000" width="64" height="64" codecs="avc1.64000a"><BaseURL>file://${secretMp4}</BaseURL><SegmentBase/></Representation></AdaptationSet></Period></MPD>\n`,
    // The concat demuxer's safe mode still follows a plain name in the same folder, where other uploads wait.
    'an ffconcat list': () => `ffconcat version 1.0\nfile ${path.basename(secretMp4)}\n`,
  };

  beforeAll(() => {
    secretMp4 = path.join(dir, 'secret.mp4');
    secretTs = path.join(dir, 'secret.ts');
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64:rate=5',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      secretMp4,
    );
    ffmpeg('-i', secretMp4, '-c', 'copy', '-f', 'mpegts', secretTs);
  });

  for (const [label, content] of Object.entries(followers)) {
    for (const mime of ['video/mp4', 'video/webm']) {
      it(`refuses ${label} that reached it as ${mime}, and writes nothing`, async () => {
        const name = `${label.replace(/\W+/g, '-')}-${mime.replace('/', '-')}`;
        const input = path.join(dir, `${name}.upload`);
        await writeFile(input, content());
        // ffmpeg itself follows it: the test builds a real threat.
        expect(streams(input)).toMatch(/Video: h264/);
        await expect(media.process({ path: input, mime }, dir, name)).rejects.toBeInstanceOf(MediaRejectedError);
        await expect(readFile(path.join(dir, `${name}.mp4`))).rejects.toThrow();
      });
    }
  }

  it('refuses an MP4 whose media lives in another file (an external data reference)', async () => {
    const input = path.join(dir, 'dref.mp4');
    await writeFile(input, pointingElsewhere(await readFile(secretMp4), path.basename(secretMp4)));
    // ffmpeg decodes the other file's frames through it when data references are enabled: a real threat.
    const frames = (options: string[], file: string) =>
      String(
        execFileSync(findFfmpeg(), [
          '-hide_banner',
          '-loglevel',
          'quiet',
          ...options,
          '-i',
          file,
          '-map',
          '0:v',
          '-f',
          'framemd5',
          '-',
        ]),
      )
        .split('\n')
        .filter((line) => /^\d/.test(line));
    expect(frames(['-enable_drefs', '1'], input)).toEqual(frames([], secretMp4));
    await expect(media.process({ path: input, mime: 'video/mp4' }, dir, 'dref-out')).rejects.toBeInstanceOf(
      MediaRejectedError,
    );
    await expect(readFile(path.join(dir, 'dref-out.mp4'))).rejects.toThrow();
  });

  it('refuses types outside the plain containers without running ffmpeg at all', async () => {
    const input = path.join(dir, 'clip.ts');
    await writeFile(input, await readFile(secretTs));
    await expect(media.process({ path: input, mime: 'video/mp2t' }, dir, 'ts-out')).rejects.toThrow(
      /not a plain image or video container/,
    );
  });
});

describe('what a video may cost', () => {
  it('refuses a video longer than 60 seconds from its probe, however small the file', async () => {
    const input = path.join(dir, 'long.mp4');
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'color=c=black:size=1280x720:rate=1',
      '-t',
      '61',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      input,
    );
    expect((await readFile(input)).length).toBeLessThan(60 * 1024);
    const refused = media.process({ path: input, mime: 'video/mp4' }, dir, 'long-out');
    await expect(refused).rejects.toMatchObject({ userMessage: 'Videos can be at most 60 seconds long.', status: 422 });
  });

  it('refuses a video larger than 1080 x 1920, and takes one that fits on its side', async () => {
    const tall = path.join(dir, 'tall.webm');
    ffmpeg('-f', 'lavfi', '-i', 'color=c=black:size=1080x1936:rate=1', '-t', '1', '-c:v', 'libvpx-vp9', tall);
    await expect(media.process({ path: tall, mime: 'video/webm' }, dir, 'tall-out')).rejects.toMatchObject({
      userMessage: 'Videos can be at most 1080 × 1920 pixels.',
      status: 422,
    });
    const landscape = path.join(dir, 'landscape.mp4');
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'color=c=black:size=1920x1080:rate=1',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      landscape,
    );
    expect((await media.process({ path: landscape, mime: 'video/mp4' }, dir, 'landscape-out')).kind).toBe('video');
  });
});
