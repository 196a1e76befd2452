/**
 * Turns an uploaded image into the stored avatar: a square WebP (SPEC: avatars are images; we store one
 * shape so every screen shows the same crop). EXIF orientation is applied and metadata (location!) is
 * dropped. Decoding is bounded so a small file that claims huge dimensions cannot exhaust memory.
 */
import sharp from 'sharp';
import { AVATAR_SIZE_PX, profileTexts, AppError } from '@gigreel/core';

const MAX_INPUT_PIXELS = 50_000_000;

export async function squareWebp(inputPath: string): Promise<Buffer> {
  try {
    return await sharp(inputPath, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // The bytes looked like an image but do not decode as one (truncated, forged header, too large).
    throw new AppError('invalid_file_type', profileTexts.avatarInvalidType);
  }
}
