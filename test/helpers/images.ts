import jsQRModule from 'jsqr';
import sharp from 'sharp';

// jsqr is CommonJS whose exports carry the function as `default` too; the types see only the module.
const jsQR = jsQRModule.default;

/** A solid `width` x `height` image in `colour` (#rrggbb), as PNG, JPEG or WebP bytes. */
export async function solidImage(
  width: number,
  height: number,
  colour: string,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

export interface DecodedImage {
  width: number;
  height: number;
  /** The RGB colour of one pixel, as #rrggbb. */
  colourAt(x: number, y: number): string;
  /** What a QR scanner (jsQR) reads in the image, or undefined when it finds no code. */
  qrText(): string | undefined;
}

/** An image's pixels, decoded by sharp, to look at as a scanner would. */
export async function decodeImage(bytes: Buffer | Uint8Array): Promise<DecodedImage> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  return {
    width: info.width,
    height: info.height,
    colourAt(x, y) {
      const at = (y * info.width + x) * 4;
      return `#${[0, 1, 2].map((i) => data[at + i]!.toString(16).padStart(2, '0')).join('')}`;
    },
    qrText: () => jsQR(pixels, info.width, info.height)?.data,
  };
}
