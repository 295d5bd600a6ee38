import { escapeHtml, page, pageCsp, STYLE } from './html-page.ts';

// The password form's own rules, appended to the shared look; its CSP hashes the whole block.
const PASSWORD_STYLE =
  STYLE +
  [
    'p{margin:0 0 16px}',
    'label{display:block;font-weight:600;margin:0 0 8px}',
    'input{box-sizing:border-box;width:100%;min-height:44px;padding:10px 12px;font:inherit;color:inherit;',
    'background:#fff;border:1px solid #8c959f;border-radius:8px}',
    'input[aria-invalid=true]{border-color:#cf222e}',
    'button{width:100%;min-height:44px;margin-top:16px;padding:10px 16px;font:inherit;font-weight:600;',
    'color:#fff;background:#0b4fbd;border:0;border-radius:8px;cursor:pointer}',
    'button:hover{background:#0a3f97}',
    'input:focus-visible,button:focus-visible{outline:3px solid #0b4fbd;outline-offset:2px}',
    '.error{color:#a40e26;margin:8px 0 0}',
    '@media (prefers-color-scheme:dark){input{background:#0d1117;border-color:#6e7681}',
    'input[aria-invalid=true]{border-color:#f85149}button{background:#1f6feb}button:hover{background:#388bfd}',
    'input:focus-visible,button:focus-visible{outline-color:#79b8ff}.error{color:#ff7b72}}',
  ].join('');

/** The password page posts its form back to the short host itself, and nowhere else. */
export const PASSWORD_PAGE_CSP = pageCsp(PASSWORD_STYLE, { formAction: "'self'" });

const PASSWORD_TITLE = 'This link is protected';

/** "in 15 minutes", "in 1 minute", "in 30 seconds": a rounded-up wait, never "in 0". */
function waitFor(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? plural(whole, 'second') : plural(Math.ceil(whole / 60), 'minute');
}

/**
 * The form a password-protected link answers with (docs/api.md): it posts `password` to the
 * same path (no action attribute: the browser posts to the page's own URL). `wrong` after a wrong
 * password (401); `retryAfterSeconds` once the tries are used up (429), which says when to come
 * back. The message is tied to the input with aria-describedby so a screen reader reads it there.
 */
export function renderPasswordPage(input: { wrong: boolean; retryAfterSeconds?: number }): string {
  const message =
    input.retryAfterSeconds !== undefined
      ? `Too many wrong tries. Try again in ${waitFor(input.retryAfterSeconds)}.`
      : input.wrong
        ? 'That password is not right. Try again.'
        : undefined;
  const invalid = input.wrong ? ' aria-invalid="true"' : '';
  const describedBy = message ? ' aria-describedby="password-error"' : '';
  const error = message ? `<p id="password-error" class="error" role="alert">${escapeHtml(message)}</p>` : '';
  const field =
    '<label for="password">Password</label>' +
    `<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}` +
    `${describedBy}>${error}`;
  const body =
    `<h1>${PASSWORD_TITLE}</h1><p>Enter the password to open it.</p>` +
    `<form method="post">${field}<button type="submit">Open the link</button></form>`;
  return page(PASSWORD_TITLE, body, '<meta name="robots" content="noindex">', PASSWORD_STYLE);
}

/** What a link's social preview shows (its `preview`), with the URLs it points at. */
export interface PreviewPageInput {
  title: string | null;
  description: string | null;
  /** An absolute https URL, or null. */
  image: string | null;
  /** The short URL: og:url, so the card links to the short link and its visits are counted. */
  url: string;
  /** Where the link leads, linked visibly for anyone who opens the page itself. */
  destination: string;
}

/** Crawlers read the meta tags and do not render the page, so the shared look is enough. */
export const PREVIEW_PAGE_CSP = pageCsp(STYLE);

/**
 * The page link-preview crawlers get: Open Graph and Twitter card tags, null fields left out,
 * every value escaped. Without a title the destination stands in for `<title>` and the heading.
 */
export function renderPreviewPage(input: PreviewPageInput): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string | null) =>
    value === null ? '' : `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const head = [
    meta('property', 'og:title', input.title),
    meta('property', 'og:description', input.description),
    meta('property', 'og:image', input.image),
    meta('property', 'og:url', input.url),
    meta('name', 'twitter:card', input.image === null ? 'summary' : 'summary_large_image'),
  ].join('');
  const heading = escapeHtml(input.title ?? input.destination);
  const description = input.description === null ? '' : `<p>${escapeHtml(input.description)}</p>`;
  const destination = escapeHtml(input.destination);
  const link = `<a href="${destination}" rel="nofollow noopener">${destination}</a>`;
  return page(heading, `<h1>${heading}</h1>${description}${link}`, head);
}

/** The continue page loads nothing and posts nothing: the shared look is all it needs. */
export const CONTINUE_PAGE_CSP = pageCsp(STYLE);

/**
 * What an unlocked password-protected link answers instead of a 302 to another site. A browser
 * treats the redirects that follow a form submission as part of it, so a 302 off the short host
 * after the password form is blocked by the form page's `form-action 'self'`; a page that sends
 * the visitor on with a meta refresh starts a navigation of its own, which form-action does not
 * govern. No script (the CSP allows none); the link is there for a browser that refreshes no page.
 */
export function renderContinuePage(destination: string): string {
  const href = escapeHtml(destination);
  const head = `<meta http-equiv="refresh" content="0;url=${href}"><meta name="robots" content="noindex">`;
  const { host, path } = where(destination);
  const body =
    '<h1>Opening the link</h1><p>If it does not open by itself:</p>' +
    `<a href="${href}" rel="nofollow noopener">Continue to ${escapeHtml(host)}<small>${escapeHtml(path)}</small></a>`;
  return page('Opening the link', body, head);
}

/** The destination's host, and host and path as the choice page shows an option. */
function where(url: string): { host: string; path: string } {
  try {
    const parsed = new URL(url);
    return { host: parsed.host, path: `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}` };
  } catch {
    return { host: url, path: url };
  }
}

/** The answer for an expired link without an `expired_url` (410). */
export const GONE_PAGE = page(
  'This link has expired',
  '<h1>This link has expired</h1><p>This short link is no longer available.</p>',
);
