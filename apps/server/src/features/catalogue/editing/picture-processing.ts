import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MIN_PICTURE_SIDE } from '@pizzeria/domain';
import { HttpError } from '../../../plugins/errors.ts';

// An upload becomes the sizes the shop shows, once, when staff upload it (docs/product/back-office.md). Every rendition
// is re-encoded as WebP from the decoded pixels, so nothing of the file staff sent reaches a customer:
// no EXIF (location, camera), no hidden payload. sharp decodes in libuv's thread pool.

/**
 * Pixels an upload may have, read from its header before anything is decoded: decompression bombs (a
 * tiny file that decodes to gigapixels) are refused, and so is more than a menu photo needs. The largest
 * rendition has 0.9 megapixels; 24 still take a 6000×4000 photo straight from a camera, while the worst
 * case, an interlaced PNG that is decoded whole, stays near 100 MB of pixels (twice that at 16 bits).
 */
const MAX_INPUT_PIXELS = 24_000_000;
export const MAX_MEGAPIXELS = MAX_INPUT_PIXELS / 1_000_000;

export const RENDITIONS = [
  { kind: 'card', width: 160, height: 160 },
  { kind: 'card', width: 320, height: 320 },
  { kind: 'wide', width: 640, height: 360 },
  { kind: 'wide', width: 1280, height: 720 },
] as const;

export interface Rendition {
  kind: 'card' | 'wide';
  width: number;
  height: number;
  contentType: 'image/webp';
  bytes: Buffer;
  /** SHA-256 of the bytes, base64url: the rendition's URL. */
  hash: string;
}

export const PICTURE_TYPE = new HttpError(400, 'picture_type', {
  de: 'Bitte laden Sie ein Bild im Format JPEG, PNG oder WebP hoch.',
  en: 'Please upload a picture in JPEG, PNG or WebP format.',
});
const PICTURE_TOO_SMALL = new HttpError(400, 'picture_too_small', {
  de: `Das Bild ist zu klein: Die kürzere Seite braucht mindestens ${MIN_PICTURE_SIDE} Pixel.`,
  en: `The picture is too small: its shorter side needs at least ${MIN_PICTURE_SIDE} pixels.`,
});
const PICTURE_TOO_MANY_PIXELS = new HttpError(400, 'picture_dimensions', {
  de: `Das Bild hat zu viele Pixel (höchstens ${MAX_MEGAPIXELS} Megapixel). Bitte verkleinern Sie es.`,
  en: `The picture has too many pixels (${MAX_MEGAPIXELS} megapixels at most). Please make it smaller.`,
});

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/** The format the bytes say they are, by their magic numbers (never by a header or a file name). */
export function sniffFormat(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const starts = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Width and height as shown, after the EXIF orientation turns the picture. */
async function orientedSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: too many pixels gets its own answer below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw PICTURE_TYPE;
  }
  if (!['jpeg', 'png', 'webp'].includes(metadata.format) || !metadata.width || !metadata.height) throw PICTURE_TYPE;
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw PICTURE_TOO_MANY_PIXELS;
  const turned = (metadata.orientation ?? 1) >= 5;
  return turned ? { width: metadata.height, height: metadata.width } : metadata;
}

/**
 * Checks an upload (a JPEG, PNG or WebP by its content; big enough; not a decompression bomb) and
 * makes its renditions: upright by its EXIF orientation, cropped to fill from the centre, WebP.
 */
export async function renderPicture(bytes: Buffer): Promise<Rendition[]> {
  if (sniffFormat(bytes) === null) throw PICTURE_TYPE;
  const size = await orientedSize(bytes);
  if (Math.min(size.width, size.height) < MIN_PICTURE_SIDE) throw PICTURE_TOO_SMALL;
  const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  try {
    // One after another: a picture that cannot be read in stripes (an interlaced PNG) is decoded whole
    // for each rendition, and four at once held four copies of its pixels.
    const renditions: Rendition[] = [];
    for (const { kind, width, height } of RENDITIONS) {
      const output = await upright
        .clone()
        .resize(width, height, { fit: 'cover', position: 'centre' })
        .webp({ quality: 82 })
        .toBuffer();
      renditions.push({ kind, width, height, contentType: 'image/webp', bytes: output, hash: contentHash(output) });
    }
    return renditions;
  } catch {
    // The header was readable but the pixels are not (a truncated or corrupt file).
    throw PICTURE_TYPE;
  }
}
