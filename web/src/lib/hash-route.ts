import { useEffect, useState } from 'preact/hooks';

// The dashboard routes on the URL hash (#/links/12); a bare address opens the links list.
const current = () => location.hash.slice(1) || '/links';

/** The route after `#`, e.g. `/links/12`; `/links` when there is none. */
export function useHashRoute(): string {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}
