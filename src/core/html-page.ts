import { createHash } from 'node:crypto';

/** Escapes for both text and double- or single-quoted attribute values. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The short host's look: every page starts from it; a page needing more appends its own rules. */
export const STYLE = [
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:24px 16px;',
  'background:#f6f7f9;color:#1b1f24}',
  'main{max-width:32rem;margin:0 auto}',
  'h1{font-size:1.35rem;margin:0 0 16px}',
  'ol{list-style:none;padding:0;margin:0;display:grid;gap:12px}',
  'a{display:block;padding:16px;border-radius:10px;background:#fff;border:1px solid #d0d7de;color:#0b4fbd;',
  'text-decoration:none;font-size:1.05rem;word-break:break-word;min-height:24px}',
  'a:hover{border-color:#0b4fbd}',
  'a:focus-visible{outline:3px solid #0b4fbd;outline-offset:2px}',
  'small{display:block;color:#57606a;font-size:.85rem;margin-top:4px}',
  // A visitor whose device is dark gets the page dark: it often opens inside a dark app.
  ':root{color-scheme:light dark}',
  '@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}',
  'a{background:#161b22;border-color:#30363d;color:#79b8ff}a:hover{border-color:#79b8ff}',
  'a:focus-visible{outline-color:#79b8ff}small{color:#9da7b3}}',
].join('');

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * The policy of a page whose only style is the inline block `style`: the CSP allows exactly it by
 * hash and nothing else loads. `formAction` opens form posts (a password page posts to 'self');
 * `script` is the one inline script a page may run (the open-in-app page), allowed by its hash.
 */
export function pageCsp(
  style: string,
  { formAction = "'none'", script }: { formAction?: string; script?: string } = {},
): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${sha256(style)}'`,
    ...(script === undefined ? [] : [`script-src 'sha256-${sha256(script)}'`]),
    "img-src 'none'",
    "base-uri 'none'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The frame every page of the short host shares. `title`, `body` and `extraHead` are HTML the
 * caller has already escaped; `style` must be the one the page's CSP was built from.
 */
export function page(title: string, body: string, extraHead = '', style = STYLE): string {
  const viewport = '<meta name="viewport" content="width=device-width,initial-scale=1">';
  const head = `<meta charset="utf-8">${viewport}${extraHead}<title>${title}</title><style>${style}</style>`;
  return `<!doctype html><html lang="en"><head>${head}</head><body><main>${body}</main></body></html>`;
}
