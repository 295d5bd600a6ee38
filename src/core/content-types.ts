/** Whether a Content-Type names an HTML page (text/html or XHTML), whatever its parameters. */
export function isHtmlType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}

/**
 * Image types the dashboard shows in its preview card, served again from its own origin. No SVG:
 * it is a document that can carry script, and served from the dashboard's origin it would run there
 * if opened directly.
 */
const CARD_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** The bare image type when it is one of those, else null. */
export function cardImageType(contentType: string | undefined): string | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return CARD_IMAGE_TYPES.has(type) ? type : null;
}
