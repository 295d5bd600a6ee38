import { useEffect, useState } from 'preact/hooks';
import { pageHref } from './workspace-route.ts';

// The dashboard routes on the URL hash (#/links/12); a bare address opens the links list. A page's
// own state (the statistics' range) follows a `?` in the hash (#/overview?range=7d), so reload and
// back keep it. The workspace shown is the route's prefix (#/w/acme/links): see workspace-route.ts.
const current = () => location.hash.slice(1) || '/links';

/** The route after `#`, e.g. `/links/12?range=7d`; `/links` when there is none. */
export function useHashRoute(): string {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    // popstate too: back and forward over entries made by replaceRoute/pushRoute are not always a hashchange.
    addEventListener('hashchange', update);
    addEventListener('popstate', update);
    return () => {
      removeEventListener('hashchange', update);
      removeEventListener('popstate', update);
    };
  }, []);
  return route;
}

/** A route's path and its query: `/links/12?range=7d` is `/links/12` and `range=7d`. */
export function splitRoute(route: string): { path: string; query: URLSearchParams } {
  const at = route.indexOf('?');
  return at < 0
    ? { path: route, query: new URLSearchParams() }
    : { path: route.slice(0, at), query: new URLSearchParams(route.slice(at + 1)) };
}

/** The hash for a path with a query (an empty query adds no `?`), in the workspace being shown. */
export function routeHref(path: string, query: URLSearchParams): string {
  const q = query.toString();
  return pageHref(`${path}${q ? `?${q}` : ''}`);
}

/**
 * Goes to `href` (a `#/...` hash). `replace` rewrites the current history entry instead of adding one:
 * for state that changes with every keystroke (a search), where Back should not step through letters.
 */
export function navigate(href: string, { replace = false }: { replace?: boolean } = {}): void {
  if (href === location.hash || (href === '#/links' && location.hash === '')) return;
  if (replace) history.replaceState(history.state, '', href);
  else history.pushState(history.state, '', href);
  // pushState and replaceState fire no event of their own; the hook listens for this one.
  dispatchEvent(new PopStateEvent('popstate'));
}
