import { Type } from 'typebox';
import {
  HEX_COLOUR_PATTERN,
  LEVEL_WITH_LOGO,
  MIN_QR_CONTRAST,
  QR_DEFAULT_BG,
  QR_DEFAULT_FG,
  QR_FORMATS,
  QR_LEVELS,
  QR_MARGIN,
  QR_SIZE,
} from '../core/qr-style.ts';
import { EXAMPLE_UPDATED_AT } from './common.ts';

const Colour = (description: string, fallback: string) =>
  Type.Optional(
    Type.String({
      pattern: HEX_COLOUR_PATTERN,
      maxLength: 7,
      description: `${description}, \`#rrggbb\` (\`%23\` in a URL); ${fallback} by default.`,
      examples: [fallback],
    }),
  );

/** GET /links/{id}/qr's query; each field's default is documented, filled in by resolveQrStyle. */
export const QrQuery = Type.Object({
  format: Type.Optional(Type.Enum(QR_FORMATS, { description: '`svg` (the default) or `png`.' })),
  size: Type.Optional(
    Type.Integer({
      minimum: QR_SIZE.min,
      maximum: QR_SIZE.max,
      description:
        `The image's width and height in pixels, ${QR_SIZE.min}-${QR_SIZE.max}; ` + `${QR_SIZE.default} by default.`,
    }),
  ),
  fg: Colour('The modules’ colour', QR_DEFAULT_FG),
  bg: Colour('The background’s colour', QR_DEFAULT_BG),
  ec: Type.Optional(
    Type.Enum(QR_LEVELS, {
      description:
        'Error correction: L (7%), M (15%), Q (25%), H (30%). M by default, ' +
        `${LEVEL_WITH_LOGO} with a logo, where L and M are refused.`,
    }),
  ),
  margin: Type.Optional(
    Type.Integer({
      minimum: QR_MARGIN.min,
      maximum: QR_MARGIN.max,
      description:
        `The quiet zone around the code in modules, ${QR_MARGIN.min}-${QR_MARGIN.max}; ` +
        `${QR_MARGIN.default} by default.`,
    }),
  ),
  logo: Type.Optional(
    Type.Boolean({ description: "`true`: the workspace's QR logo in the centre (422 when it has none)." }),
  ),
});

export const QR_DESCRIPTION =
  "The link's short URL as a QR code, `image/svg+xml` or `image/png`, drawn by the service with the " +
  `colours, size, error correction and quiet zone asked for. The colours must contrast at least ` +
  `${MIN_QR_CONTRAST}:1, the foreground the darker, or the answer is a 422 on \`fg\`: such codes do not ` +
  "scan. With `logo=true` the workspace's logo covers a square of at most 22% of the code's width in " +
  'the centre, the modules under it cleared. Answered with an ETag and `Cache-Control: private, no-cache`: ' +
  'asking again with `If-None-Match` is a 304 until the link, the style or the logo changes.';

/** A small code as the endpoint draws it, for the OpenAPI document. */
export const QR_SVG_EXAMPLE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 27 27" ' +
  'shape-rendering="crispEdges"><rect width="27" height="27" fill="#ffffff"/>' +
  '<path fill="#000000" d="M1 1h7v1h-7z..."/></svg>';

export const QrLogoSchema = Type.Object(
  {
    width: Type.Integer({ description: 'The stored image’s width in pixels, at most 256.' }),
    height: Type.Integer({ description: 'The stored image’s height in pixels, at most 256.' }),
    updated_at: Type.String({ format: 'date-time', description: 'ISO 8601 UTC' }),
  },
  {
    description: "The workspace's QR logo as stored: the service's PNG of the upload.",
    examples: [{ width: 256, height: 128, updated_at: EXAMPLE_UPDATED_AT }],
  },
);
