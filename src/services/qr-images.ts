import QRCode from 'qrcode';
import { logoArea, type QrFormat, type QrStyle } from '../core/qr-style.ts';
import { image } from './images.ts';

/** What one code is drawn from: the text, the style, the pixel size, the quiet zone, the logo (PNG). */
export interface QrDrawing {
  text: string;
  style: QrStyle;
  size: number;
  margin: number;
  logo?: { png: Uint8Array } | undefined;
}

/** The modules of a code: `dark(row, col)` in symbol coordinates, `modules` a side. */
interface Symbol {
  modules: number;
  dark(row: number, col: number): boolean;
}

/** The code's modules; with a logo, those under its square are light, so nothing half shows behind it. */
function symbolOf(drawing: QrDrawing): Symbol {
  const matrix = QRCode.create(drawing.text, { errorCorrectionLevel: drawing.style.level }).modules;
  const modules = matrix.size;
  if (!drawing.logo) return { modules, dark: (row, col) => matrix.get(row, col) === 1 };
  const { start, modules: side } = logoArea(modules);
  const cleared = (at: number) => at >= start && at < start + side;
  return { modules, dark: (row, col) => matrix.get(row, col) === 1 && !(cleared(row) && cleared(col)) };
}

/** Where the logo goes in module units of the whole image (quiet zone included): half a module inside its square. */
function logoBox(symbol: Symbol, margin: number): { at: number; side: number } {
  const { start, modules } = logoArea(symbol.modules);
  return { at: margin + start + 0.5, side: modules - 1 };
}

export async function drawQr(drawing: QrDrawing, format: QrFormat): Promise<Buffer> {
  return format === 'svg' ? Buffer.from(drawSvg(drawing)) : drawPng(drawing);
}

/**
 * An SVG in module units scaled to `size` pixels: the ground, then one path of the dark modules
 * (a rectangle per horizontal run), then the logo as a data: URI so the file stands alone.
 */
export function drawSvg(drawing: QrDrawing): string {
  const symbol = symbolOf(drawing);
  const { margin, size, style } = drawing;
  const total = symbol.modules + 2 * margin;
  const runs: string[] = [];
  for (let row = 0; row < symbol.modules; row++) {
    for (let col = 0; col < symbol.modules; col++) {
      if (!symbol.dark(row, col)) continue;
      let length = 1;
      while (col + length < symbol.modules && symbol.dark(row, col + length)) length++;
      runs.push(`M${col + margin} ${row + margin}h${length}v1h-${length}z`);
      col += length - 1;
    }
  }
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${total} ${total}" ` +
      'shape-rendering="crispEdges">',
    `<rect width="${total}" height="${total}" fill="${style.bg}"/>`,
    `<path fill="${style.fg}" d="${runs.join('')}"/>`,
  ];
  if (drawing.logo) {
    const box = logoBox(symbol, margin);
    const href = `data:image/png;base64,${Buffer.from(drawing.logo.png).toString('base64')}`;
    parts.push(
      `<image x="${box.at}" y="${box.at}" width="${box.side}" height="${box.side}" ` +
        `preserveAspectRatio="xMidYMid meet" href="${href}"/>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

function hexToBytes(colour: string): [number, number, number] {
  return [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16)) as [number, number, number];
}

/** The code's pixels, `size` a side, RGB: each pixel takes the colour of the module it falls in. */
function rasterise(drawing: QrDrawing, symbol: Symbol): Buffer {
  const { margin, size } = drawing;
  const total = symbol.modules + 2 * margin;
  const fg = hexToBytes(drawing.style.fg);
  const bg = hexToBytes(drawing.style.bg);
  // The module (symbol coordinates, or -1 in the quiet zone) under each pixel column and row.
  const moduleAt = Int32Array.from({ length: size }, (_, pixel) => {
    const at = Math.floor((pixel * total) / size) - margin;
    return at >= 0 && at < symbol.modules ? at : -1;
  });
  const pixels = Buffer.alloc(size * size * 3);
  const stride = size * 3;
  for (let y = 0; y < size; y++) {
    const row = moduleAt[y]!;
    // Pixel rows over the same module row are alike: drawn once, copied for the others.
    if (y > 0 && row === moduleAt[y - 1]) {
      pixels.copy(pixels, y * stride, (y - 1) * stride, y * stride);
      continue;
    }
    for (let x = 0; x < size; x++) {
      const col = moduleAt[x]!;
      pixels.set(row >= 0 && col >= 0 && symbol.dark(row, col) ? fg : bg, y * stride + x * 3);
    }
  }
  return pixels;
}

/** A PNG `size` pixels a side; the logo is scaled into its box and composited over the cleared square. */
async function drawPng(drawing: QrDrawing): Promise<Buffer> {
  const symbol = symbolOf(drawing);
  const { size } = drawing;
  const raster = await image(rasterise(drawing, symbol), { raw: { width: size, height: size, channels: 3 } });
  if (drawing.logo) {
    const total = symbol.modules + 2 * drawing.margin;
    const box = logoBox(symbol, drawing.margin);
    const side = Math.max(1, Math.floor((box.side * size) / total));
    const at = Math.round((box.at * size) / total);
    const logo = await (
      await image(drawing.logo.png)
    )
      .resize({ width: side, height: side, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    raster.composite([{ input: logo, left: at, top: at }]);
  }
  return raster.png().toBuffer();
}
