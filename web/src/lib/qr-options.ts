// The QR code's options as the link page's form holds them, and the query of GET /links/{id}/qr they
// become. The form refuses what the API would (the same rules: src/core/qr-style.ts) before asking.
import {
  colourProblem,
  LEVEL_WITH_LOGO,
  parseHexColour,
  QR_DEFAULT_BG,
  QR_DEFAULT_FG,
  QR_LEVELS,
  QR_MARGIN,
  QR_SIZE,
  type QrFormat,
  type QrLevel,
} from '../../../src/core/qr-style.ts';

export interface QrOptions {
  fg: string;
  bg: string;
  size: number;
  ec: QrLevel;
  margin: number;
  logo: boolean;
}

export const DEFAULT_QR_OPTIONS: QrOptions = {
  fg: QR_DEFAULT_FG,
  bg: QR_DEFAULT_BG,
  size: QR_SIZE.default,
  ec: 'M',
  margin: QR_MARGIN.default,
  logo: false,
};

/** The sizes offered: small for a screen, large for print. */
export const QR_SIZES = [256, 512, 1024, 2048] as const;
export const QR_MARGINS = Array.from({ length: QR_MARGIN.max - QR_MARGIN.min + 1 }, (_, i) => QR_MARGIN.min + i);

export const LEVEL_NAMES: Record<QrLevel, string> = {
  L: 'L: low (7%)',
  M: 'M: medium (15%)',
  Q: 'Q: quartile (25%)',
  H: 'H: high (30%)',
};

/** Whether `level` may carry a logo (Q and H). */
export const levelTakesLogo = (level: QrLevel) => QR_LEVELS.indexOf(level) >= QR_LEVELS.indexOf(LEVEL_WITH_LOGO);

/**
 * The options with the logo turned on or off: turning it on raises L or M to Q, since the API refuses a
 * logo below Q; turning it off leaves the level as it is.
 */
export function withLogo(options: QrOptions, logo: boolean): QrOptions {
  return { ...options, logo, ec: logo && !levelTakesLogo(options.ec) ? LEVEL_WITH_LOGO : options.ec };
}

/** Why the colours would not scan (the API's own words), or undefined. */
export function colourMessage(options: QrOptions): string | undefined {
  const fg = parseHexColour(options.fg);
  const bg = parseHexColour(options.bg);
  if (!fg || !bg) return 'Pick both colours.';
  return colourProblem(fg, bg);
}

/** The query of GET /links/{id}/qr for these options in `format`. */
export function qrQuery(options: QrOptions, format: QrFormat) {
  return {
    format,
    size: options.size,
    fg: options.fg,
    bg: options.bg,
    ec: options.ec,
    margin: options.margin,
    logo: options.logo,
  };
}
