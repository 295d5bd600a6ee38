import { escapeHtml, page, pageCsp, STYLE } from './html-page.ts';
import type { AppOpening } from './open-in-app.ts';

/** How long the page waits for the app before it sends the visitor to the web URL. */
export const APP_FALLBACK_DELAY_MS = 1500;

// The shared look (dark on a dark device) and a button for the app, dark too.
const OPEN_IN_APP_STYLE =
  STYLE +
  [
    'p{margin:0 0 16px}',
    '.app{display:block;text-align:center;font-weight:600;color:#fff;background:#0b4fbd;border-color:#0b4fbd;',
    'margin:0 0 12px}',
    '.app:hover{background:#0a3f97}',
    '@media (prefers-color-scheme:dark){',
    '.app{background:#1f6feb;border-color:#1f6feb;color:#fff}.app:hover{background:#388bfd}}',
  ].join('');

/**
 * The page's one script, the same for every visit so the CSP allows it by hash: it reads the two
 * URLs from the page, opens the app, and after the delay, if the page is still in front (the app
 * did not open), replaces itself with the web URL. A universal link is the web URL itself: opening
 * it is the fallback already.
 */
export const OPEN_IN_APP_SCRIPT =
  "(function(){var d=document.getElementById('open').dataset;" +
  'if(d.app===d.web){location.replace(d.web);return}' +
  `setTimeout(function(){if(!document.hidden)location.replace(d.web)},${APP_FALLBACK_DELAY_MS});` +
  'location.href=d.app})()';

/** Loads nothing, posts nothing; runs its own script only. */
export const OPEN_IN_APP_PAGE_CSP = pageCsp(OPEN_IN_APP_STYLE, { script: OPEN_IN_APP_SCRIPT });

/**
 * What a phone visitor of a link with `open_in_app` gets when its destination has a known app
 * (docs/api.md#open-in-app-business). Without script, a refresh after the same delay falls back;
 * the web URL is always a visible link, and the app's own URL a button for a tap (iOS opens
 * universal links on a tap). Every value is escaped.
 */
export function renderOpenInAppPage(opening: AppOpening): string {
  const web = escapeHtml(opening.webUrl);
  const app = escapeHtml(opening.appUrl);
  const name = escapeHtml(opening.app.name);
  const { host, path } = where(opening.webUrl);
  const seconds = Math.ceil(APP_FALLBACK_DELAY_MS / 1000);
  const head =
    '<meta name="robots" content="noindex"><meta name="color-scheme" content="light dark">' +
    `<noscript><meta http-equiv="refresh" content="${seconds};url=${web}"></noscript>`;
  const body =
    `<h1>Opening the ${name} app</h1>` +
    `<div id="open" data-app="${app}" data-web="${web}"></div>` +
    `<a class="app" href="${app}" rel="nofollow noopener">Open in the ${name} app</a>` +
    '<p>If the app does not open, continue in the browser:</p>' +
    `<a id="web" href="${web}" rel="nofollow noopener">Continue to ${escapeHtml(host)}` +
    `<small>${escapeHtml(path)}</small></a>` +
    `<script>${OPEN_IN_APP_SCRIPT}</script>`;
  return page(`Opening the ${name} app`, body, head, OPEN_IN_APP_STYLE);
}

function where(url: string): { host: string; path: string } {
  try {
    const parsed = new URL(url);
    return { host: parsed.host, path: `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}` };
  } catch {
    return { host: url, path: url };
  }
}
