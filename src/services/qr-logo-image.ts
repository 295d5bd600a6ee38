import { AppError, invalidField, messageOf } from '../core/errors.ts';
import { image } from './images.ts';

/** The largest upload taken (the route's body limit): a logo needs no more, a camera photo is refused. */
export const MAX_LOGO_UPLOAD_BYTES = 512 * 1024;
/** The stored logo's largest side: a logo fills at most 22% of a 2048-pixel code, about 450 pixels. */
export const MAX_LOGO_SIDE = 256;
/**
 * The most pixels an upload may declare: a small file can claim a huge image (a decompression bomb),
 * and libvips would allocate for all of it before the resize.
 */
export const MAX_LOGO_INPUT_PIXELS = 4096 * 4096;

export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoFormat = 'png' | 'jpeg' | 'webp';

/**
 * What the bytes are by their signature, whatever the request said: only these three are handed to
 * the decoder, so an SVG, a GIF or anything else libvips could open never reaches it.
 */
export function sniffLogoFormat(bytes: Uint8Array): LogoFormat | undefined {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

export interface EncodedLogo {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * The upload decoded and encoded anew as a PNG of at most MAX_LOGO_SIDE a side, turned upright by
 * its EXIF orientation: no metadata, no trailing bytes and no malformed structure of the upload
 * survive, and whatever is served later is the service's own output. A file that does not decode is
 * a 422.
 */
export async function reencodeLogo(bytes: Uint8Array): Promise<EncodedLogo> {
  if (bytes.length > MAX_LOGO_UPLOAD_BYTES) {
    throw new AppError('too-large', `The logo is larger than ${MAX_LOGO_UPLOAD_BYTES / 1024} KB.`);
  }
  if (!sniffLogoFormat(bytes)) throw invalidField('body', 'The logo must be a PNG, JPEG or WebP image.');
  try {
    const decoder = await image(bytes, { limitInputPixels: MAX_LOGO_INPUT_PIXELS, failOn: 'error', pages: 1 });
    const { data, info } = await decoder
      .rotate()
      .resize({ width: MAX_LOGO_SIDE, height: MAX_LOGO_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (error) {
    throw invalidField('body', `The logo could not be read as an image: ${messageOf(error).slice(0, 200)}`);
  }
}
