import type { ServerResponse } from 'node:http';

/** A 1x1 PNG: the smallest image a browser draws with a width. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A page whose head carries a title and Open Graph tags; `image` may be relative. */
export function pageWithCard(card: { title: string; ogTitle: string; description: string; image: string }): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${card.title}</title>
<meta property="og:title" content="${card.ogTitle}">
<meta property="og:description" content="${card.description}">
<meta property="og:image" content="${card.image}">
</head><body><p>Hello</p></body></html>`;
}

/** Answers HTML. */
export function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}
