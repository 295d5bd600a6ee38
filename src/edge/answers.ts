import type { ServerResponse } from 'node:http';
import { CHOICE_PAGE_CSP, NOT_FOUND_PAGE, renderChoicePage } from '../core/choice-page.ts';
import {
  CONTINUE_PAGE_CSP,
  GONE_PAGE,
  PASSWORD_PAGE_CSP,
  PREVIEW_PAGE_CSP,
  renderContinuePage,
  renderPasswordPage,
  renderPreviewPage,
  type PreviewPageInput,
} from '../core/link-pages.ts';
import type { AppOpening } from '../core/open-in-app.ts';
import { OPEN_IN_APP_PAGE_CSP, renderOpenInAppPage } from '../core/open-in-app-page.ts';

// How the short host writes each answer. It never answers JSON, and every page is sent with
// no-store (each visit must reach us to be counted) and a CSP of its own.

const NOT_HEADER_SAFE = /[^\x21-\x7e]/;

/** Node refuses non-ASCII in headers; such destinations go out in their encoded form. */
function safeLocation(location: string): string {
  return NOT_HEADER_SAFE.test(location) ? new URL(location).href : location;
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

/** A page; HEAD gets the same status and headers without the body. */
function html(res: ServerResponse, head: boolean, status: number, body: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { ...PAGE_HEADERS, ...extra });
  res.end(head ? undefined : body);
}

export function notFound(res: ServerResponse, head = false): void {
  html(res, head, 404, NOT_FOUND_PAGE, { 'Content-Security-Policy': CHOICE_PAGE_CSP });
}

/** `cookies`: Set-Cookie values to send with it (a variant kept, an unlock). */
export function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  const headers: Record<string, string | string[]> = {
    Location: safeLocation(location),
    'Cache-Control': 'private, no-store',
    'Content-Length': '0',
  };
  if (cookies.length > 0) headers['Set-Cookie'] = cookies;
  res.writeHead(302, headers);
  res.end();
}

/**
 * 303 See Other to a path on this host, with `cookies`: the right password's answer, so the
 * browser comes back with a GET that carries the unlock cookie.
 */
export function seeOther(res: ServerResponse, path: string, cookies: string[]): void {
  res.writeHead(303, {
    Location: path,
    'Cache-Control': 'private, no-store',
    'Content-Length': '0',
    'Set-Cookie': cookies,
  });
  res.end();
}

/**
 * 200 with a page that sends the visitor on to `location` (meta refresh, and a link): what an
 * unlocked password-protected link answers where other links answer a 302 (renderContinuePage).
 */
export function continuePage(res: ServerResponse, head: boolean, location: string, cookies: string[] = []): void {
  const extra: Record<string, string | string[]> = { 'Content-Security-Policy': CONTINUE_PAGE_CSP };
  if (cookies.length > 0) extra['Set-Cookie'] = cookies;
  res.writeHead(200, { ...PAGE_HEADERS, ...extra });
  res.end(head ? undefined : renderContinuePage(safeLocation(location)));
}

/** 200 with the page that opens the destination's app and falls back to its web URL. */
export function openInAppPage(res: ServerResponse, opening: AppOpening, cookies: string[] = []): void {
  const extra: Record<string, string | string[]> = { 'Content-Security-Policy': OPEN_IN_APP_PAGE_CSP };
  if (cookies.length > 0) extra['Set-Cookie'] = cookies;
  res.writeHead(200, { ...PAGE_HEADERS, ...extra });
  res.end(renderOpenInAppPage({ ...opening, webUrl: safeLocation(opening.webUrl) }));
}

/** An expired link: 302 to its expired_url, or the 410 page. */
export function expired(res: ServerResponse, head: boolean, location: string | null): void {
  if (location !== null) redirect(res, location);
  else html(res, head, 410, GONE_PAGE, { 'Content-Security-Policy': CHOICE_PAGE_CSP });
}

/**
 * The password form: 200 when asked, 401 after a wrong password, 429 with Retry-After once the
 * tries are used up. HEAD is told 401 without a body (docs/api.md, "Password-protected links").
 */
export function passwordPage(
  res: ServerResponse,
  method: string,
  outcome: { status: 200 | 401 | 429; retryAfterSeconds?: number },
): void {
  if (method === 'HEAD') {
    res.writeHead(401, { 'Cache-Control': 'private, no-store', 'Content-Length': '0' }).end();
    return;
  }
  const extra: Record<string, string> = { 'Content-Security-Policy': PASSWORD_PAGE_CSP };
  if (outcome.retryAfterSeconds !== undefined) extra['Retry-After'] = String(outcome.retryAfterSeconds);
  const body = renderPasswordPage({ wrong: outcome.status === 401, retryAfterSeconds: outcome.retryAfterSeconds });
  html(res, false, outcome.status, body, extra);
}

export function previewPage(res: ServerResponse, head: boolean, input: PreviewPageInput): void {
  html(res, head, 200, renderPreviewPage(input), { 'Content-Security-Policy': PREVIEW_PAGE_CSP });
}

export function choicePage(
  res: ServerResponse,
  head: boolean,
  code: string,
  options: readonly string[],
  cookies: string[] = [],
): void {
  const body = renderChoicePage({
    title: 'Choose where to go',
    options: options.map((url, i) => ({ url, href: `/${code}/${i + 1}` })),
  });
  const extra: Record<string, string | string[]> = { 'Content-Security-Policy': CHOICE_PAGE_CSP };
  if (cookies.length > 0) extra['Set-Cookie'] = cookies;
  res.writeHead(200, { ...PAGE_HEADERS, ...extra });
  res.end(head ? undefined : body);
}

export function unavailable(res: ServerResponse): void {
  if (res.headersSent) return;
  res
    .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1', 'Cache-Control': 'no-store' })
    .end('Temporarily unavailable');
}

export function methodNotAllowed(res: ServerResponse, allow: string): void {
  res.writeHead(405, { Allow: allow, 'Content-Length': '0' }).end();
}

export function tooLarge(res: ServerResponse): void {
  res.writeHead(413, { 'Content-Length': '0', Connection: 'close' }).end();
}
