import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { focusMain } from '../lib/page-focus.ts';
import { can } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { Me } from '../lib/types.ts';
import { pageHref } from '../lib/workspace-route.ts';
import { ThemeSwitch } from './ui/theme-switch.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

interface NavItem {
  path: string;
  label: string;
  current: (route: string) => boolean;
  /** Shown only to roles that may use it (the audit log: admins and the owner). */
  shown?: (me: Me) => boolean;
}

const page = (path: string, label: string, shown?: NavItem['shown']): NavItem => ({
  path,
  label,
  current: (route) => route === path,
  shown,
});

const NAV: NavItem[] = [
  page('/overview', 'Overview'),
  // Links stays current on a link's own page (#/links/12).
  { path: '/links', label: 'Links', current: (route) => route.startsWith('/links') },
  page('/categories', 'Categories'),
  page('/import', 'Import'),
  page('/affiliates', 'Affiliate tags'),
  page('/domains', 'Domains'),
  page('/webhooks', 'Webhooks'),
  page('/members', 'Members'),
  page('/workspace', 'Workspace settings'),
  page('/audit-log', 'Audit log', (me) => can(me, 'members.manage')),
  page('/tokens', 'API tokens'),
  page('/account', 'Account'),
  page('/security', 'Security'),
];

const MENU_ID = 'app-menu';

interface AppHeaderProps {
  /** The route in the workspace (`/links/12`), without its `/w/<slug>` prefix. */
  route: string;
  me: Me;
  announce: Announce;
  onSignOut: () => void;
}

/**
 * The skip link, brand, workspace switcher, main navigation, theme switch and sign-out button beside
 * every signed-in page: a sidebar on wide screens; on a phone (below 720px, see styles.css) a bar whose
 * Menu button opens the rest. The menu closes on Escape (focus back on its button), on navigation and
 * on a press outside it. Its links stay in the workspace the address shows.
 */
export function AppHeader({ route, me, announce, onSignOut }: AppHeaderProps) {
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
          <WorkspaceSwitcher me={me} path={route} announce={announce} />
          <nav aria-label="Main">
            {NAV.filter((item) => item.shown?.(me) ?? true).map((item) => (
              <a
                key={item.path}
                href={pageHref(item.path)}
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
