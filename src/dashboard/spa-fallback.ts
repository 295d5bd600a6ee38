/** Paths that belong to the API, its documentation, the dashboard's endpoints and built files. */
const NOT_PAGES = [/^\/api(\/|$)/, /^\/docs/, /^\/dashboard-api(\/|$)/, /^\/assets\//];

/**
 * Whether an unmatched GET path is answered with the dashboard's index.html: page addresses
 * yes; the API, /docs*, the dashboard's endpoints and anything that looks like a file (a stale
 * asset, /favicon.ico) no, so those keep their plain 404.
 */
export function servesAppShell(url: string): boolean {
  const path = url.split('?')[0]!.toLowerCase();
  if (NOT_PAGES.some((pattern) => pattern.test(path))) return false;
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}
