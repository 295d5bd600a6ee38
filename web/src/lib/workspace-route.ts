// The workspace a page shows is in its address: #/w/acme/links/12 is link 12 of the workspace whose
// slug is `acme`. A bare route (#/links/12) is the person's personal workspace, as before workspaces.
// The address alone decides, so a shared link opens the same workspace for whoever opens it, and Back
// returns to the workspace the previous page showed.

/** Routes that belong to no workspace: signing in and the pages the account emails link to. */
export const ACCOUNT_PATHS = [
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/invitations/accept',
];

const PREFIX = /^\/w\/([a-z0-9-]{1,48})(?=\/|\?|$)/;

/** `/w/acme/links?x=1` is `acme` and `/links?x=1`; a bare route has no slug. `/w/acme` alone is its links. */
export function splitWorkspace(route: string): { slug: string | undefined; route: string } {
  const match = PREFIX.exec(route);
  if (!match) return { slug: undefined, route };
  const rest = route.slice(match[0].length);
  return { slug: match[1], route: rest === '' || rest.startsWith('?') ? `/links${rest}` : rest };
}

/** The hash of `route` (a path with its query) in the workspace `slug`, or bare without one. */
export function workspaceRoute(slug: string | undefined, route: string): string {
  if (slug === undefined || ACCOUNT_PATHS.some((path) => route === path || route.startsWith(`${path}?`))) {
    return `#${route}`;
  }
  return `#/w/${slug}${route}`;
}

// The slug of the address being shown, set by the app as it renders the route; the API client sends it
// with every request (http.ts) and the pages' own links keep it (pageHref).
let shown: string | undefined;

export function showWorkspace(slug: string | undefined): void {
  shown = slug;
}

/** The slug of the workspace in the address, undefined for a bare route (the personal workspace). */
export function shownWorkspace(): string | undefined {
  return shown;
}

/** A link to another page of the workspace being shown: `pageHref('/links/12')`. */
export function pageHref(route: string): string {
  return workspaceRoute(shown, route);
}
