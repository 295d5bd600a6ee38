import type { Sharp, SharpOptions } from 'sharp';

/**
 * sharp (libvips), loaded on the first image the process handles: a service that never draws a QR
 * code or takes a logo keeps its native library out of memory (docs/decisions/lazy-modules-and-data.md).
 */
let loaded: Promise<typeof import('sharp')> | undefined;

export async function image(input?: Buffer | Uint8Array, options?: SharpOptions): Promise<Sharp> {
  loaded ??= import('sharp');
  const { default: sharp } = await loaded;
  return input === undefined ? sharp(options) : sharp(input, options);
}
