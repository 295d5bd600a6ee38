import { createHash } from 'node:crypto';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = [
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
].join('');

// The only style is this inline block; the CSP allows exactly it by hash, and nothing else loads.
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

export const CHOICE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Shows an option as its host and path, so a visitor sees where each leads. */
function label(url: string): { title: string; detail: string } {
  try {
    const parsed = new URL(url);
    return {
      title: parsed.hostname.replace(/^www\./, ''),
      detail: `${parsed.hostname}${parsed.pathname === '/' ? '' : parsed.pathname}`,
    };
  } catch {
    return { title: url, detail: url };
  }
}

/** A small, accessible page listing a choice page's options; every value is escaped. */
export function renderChoicePage(input: {
  title: string;
  options: ReadonlyArray<{ url: string; href: string }>;
}): string {
  const items = input.options
    .map(({ url, href }) => {
      const { title, detail } = label(url);
      const text = `${escapeHtml(title)}<small>${escapeHtml(detail)}</small>`;
      return `<li><a href="${escapeHtml(href)}" rel="nofollow noopener">${text}</a></li>`;
    })
    .join('');
  const title = escapeHtml(input.title);
  return page(title, `<h1>${title}</h1><ol>${items}</ol>`, '<meta name="robots" content="noindex">');
}

/** The frame every page of the short host shares: its inline style is the one the CSP allows. */
function page(title: string, body: string, extraHead = ''): string {
  const viewport = '<meta name="viewport" content="width=device-width,initial-scale=1">';
  const head = `<meta charset="utf-8">${viewport}${extraHead}<title>${title}</title><style>${STYLE}</style>`;
  return `<!doctype html><html lang="en"><head>${head}</head><body><main>${body}</main></body></html>`;
}

export const NOT_FOUND_PAGE = page(
  'Link not found',
  '<h1>Link not found</h1><p>This short link does not exist or has been turned off.</p>',
);
