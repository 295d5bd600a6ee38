import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { focusMain } from '../lib/page-focus.ts';
import { ThemeSwitch } from './ui/theme-switch.tsx';

const NAV: Array<{ href: string; label: string; current: (route: string) => boolean }> = [
  { href: '#/overview', label: 'Overview', current: (route) => route === '/overview' },
  // Links stays current on a link's own page (#/links/12).
  { href: '#/links', label: 'Links', current: (route) => route.startsWith('/links') },
  { href: '#/categories', label: 'Categories', current: (route) => route === '/categories' },
  { href: '#/import', label: 'Import', current: (route) => route === '/import' },
  { href: '#/affiliates', label: 'Affiliate tags', current: (route) => route === '/affiliates' },
  { href: '#/domains', label: 'Domains', current: (route) => route === '/domains' },
  { href: '#/webhooks', label: 'Webhooks', current: (route) => route === '/webhooks' },
  { href: '#/tokens', label: 'API tokens', current: (route) => route === '/tokens' },
  { href: '#/account', label: 'Account', current: (route) => route === '/account' },
  { href: '#/security', label: 'Security', current: (route) => route === '/security' },
];

const MENU_ID = 'app-menu';

/**
 * The skip link, brand, main navigation, theme switch and sign-out button beside every signed-in page:
 * a sidebar on wide screens; on a phone (below 720px, see styles.css) a bar whose Menu button opens
 * the rest. The menu closes on Escape (focus back on its button), on navigation and on a press outside it.
 */
export function AppHeader({ route, onSignOut }: { route: string; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  useEffect(() => setOpen(false), [route]);
  // Open, a press anywhere outside the header closes it, as menus do (listening from the moment it opens).
  useLayoutEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  return (
    <>
      {/* Its href is for the look of a link; the hash is the router's, so the click only moves focus. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link, which readers know as a link. */}
      <a
        class="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          focusMain();
        }}
      >
        Skip to content
      </a>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere in the open menu closes it. */}
      <header
        ref={header}
        class="app-header"
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || !open) return;
          setOpen(false);
          menuButton.current?.focus();
        }}
      >
        <div class="app-bar">
          <strong class="brand">
            <span class="brand-mark" aria-hidden="true" />
            Hoplink
          </strong>
          <button
            ref={menuButton}
            type="button"
            class="menu-button secondary"
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpen(!open)}
          >
            <span class="menu-icon" aria-hidden="true" />
            Menu
          </button>
        </div>
        <div id={MENU_ID} class={open ? 'app-menu open' : 'app-menu'}>
          <nav aria-label="Main">
            {NAV.map((item) => (
              <a
                key={item.href}
                href={item.href}
                aria-current={item.current(route) ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </a>
            ))}
          </nav>
          <div class="header-tools">
            <ThemeSwitch />
            <button type="button" class="secondary sign-out" onClick={onSignOut}>
              Sign out
            </button>
          </div>
        </div>
      </header>
    </>
  );
}
