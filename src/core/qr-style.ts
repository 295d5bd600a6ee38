import { invalidField } from './errors.ts';

/**
 * How a link's QR code may look (GET /links/{id}/qr, docs/api.md "QR codes"): the rules that keep
 * a styled code scannable. The dashboard imports this module too, so its form and the API refuse
 * the same things.
 */

export const QR_FORMATS = ['svg', 'png'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

/** Error-correction levels, weakest first: L restores about 7% of the code, M 15%, Q 25%, H 30%. */
export const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrLevel = (typeof QR_LEVELS)[number];

export const QR_SIZE = { min: 128, max: 2048, default: 512 } as const;
/** Quiet zone in modules: the standard asks for 4, most phone scanners read 1. */
export const QR_MARGIN = { min: 0, max: 8, default: 1 } as const;
export const QR_DEFAULT_FG = '#000000';
export const QR_DEFAULT_BG = '#ffffff';

/**
 * The least contrast ratio (WCAG's formula, 1 to 21) between the two colours. Scanners binarise the
 * camera image around a threshold; below 4:1 a code printed or shown on a dim screen fails often.
 */
export const MIN_QR_CONTRAST = 4;

/**
 * The least level a code with a logo may have: the logo hides the modules under it, and Q's 25%
 * restores them with room to spare for print and camera errors.
 */
export const LEVEL_WITH_LOGO: QrLevel = 'Q';

/** The share of the code's width (without the quiet zone) the logo's cleared square may take at most. */
export const MAX_LOGO_SHARE = 0.22;

export const HEX_COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** `#rrggbb` (either case) as its channels, or undefined for anything else. */
export function parseHexColour(value: string): Rgb | undefined {
  if (!new RegExp(HEX_COLOUR_PATTERN).test(value)) return undefined;
  const channel = (at: number) => Number.parseInt(value.slice(at, at + 2), 16);
  return { r: channel(1), g: channel(3), b: channel(5) };
}

/** Relative luminance of an sRGB colour, 0 (black) to 1 (white), as WCAG defines it. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white), whichever is lighter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Why `fg` on `bg` would not scan, or undefined when it would: a light code on a dark ground is
 * refused too, since many phone scanners look only for dark modules on a light ground.
 */
export function colourProblem(fg: Rgb, bg: Rgb): string | undefined {
  if (relativeLuminance(fg) >= relativeLuminance(bg)) {
    return 'The foreground colour must be darker than the background colour: many scanners read only dark codes.';
  }
  const ratio = contrastRatio(fg, bg);
  if (ratio < MIN_QR_CONTRAST) {
    return (
      `The colours contrast ${ratio.toFixed(2)}:1; a QR code needs at least ${MIN_QR_CONTRAST}:1 to scan ` +
      'reliably. Darken the foreground or lighten the background.'
    );
  }
  return undefined;
}

export interface QrStyleInput {
  fg?: string | undefined;
  bg?: string | undefined;
  ec?: QrLevel | undefined;
  logo?: boolean | undefined;
}

export interface QrStyle {
  fg: string;
  bg: string;
  level: QrLevel;
  logo: boolean;
}

/**
 * The colours and level a request asks for, with the defaults filled in, or a 422 naming the field.
 * Without `ec` the level is M, or Q with a logo; an explicit L or M with a logo is refused rather than
 * raised behind the caller's back, so the answer is always the level that was asked for.
 */
export function resolveQrStyle(input: QrStyleInput): QrStyle {
  const fg = (input.fg ?? QR_DEFAULT_FG).toLowerCase();
  const bg = (input.bg ?? QR_DEFAULT_BG).toLowerCase();
  const fgRgb = parseHexColour(fg);
  if (!fgRgb) throw invalidField('fg', 'The fg field must be a colour written #rrggbb.');
  const bgRgb = parseHexColour(bg);
  if (!bgRgb) throw invalidField('bg', 'The bg field must be a colour written #rrggbb.');
  const problem = colourProblem(fgRgb, bgRgb);
  if (problem) throw invalidField('fg', problem);
  const logo = input.logo ?? false;
  const level = input.ec ?? (logo ? LEVEL_WITH_LOGO : 'M');
  if (logo && QR_LEVELS.indexOf(level) < QR_LEVELS.indexOf(LEVEL_WITH_LOGO)) {
    throw invalidField(
      'ec',
      `A code with a logo needs error correction ${LEVEL_WITH_LOGO} or H: the logo hides modules.`,
    );
  }
  return { fg, bg, level, logo };
}

/**
 * The square of modules cleared for the logo, in module coordinates of a symbol `symbolModules` wide
 * (always odd for QR codes): the largest odd side within MAX_LOGO_SHARE of the width, so the square
 * sits exactly on the centre module. At least 3, so a version 1 code still shows a logo.
 */
export function logoArea(symbolModules: number): { start: number; modules: number } {
  let modules = Math.floor(symbolModules * MAX_LOGO_SHARE);
  if (modules % 2 === 0) modules -= 1;
  modules = Math.max(3, modules);
  return { start: (symbolModules - modules) / 2, modules };
}
