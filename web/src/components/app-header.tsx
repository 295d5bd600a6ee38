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
];

/** The skip link, brand, main navigation and sign-out button above every signed-in page. */
export function AppHeader({ route, onSignOut }: { route: string; onSignOut: () => void }) {
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header>
        <strong class="brand">Hoplink</strong>
        <nav aria-label="Main">
          {NAV.map((item) => (
            <a key={item.href} href={item.href} aria-current={item.current(route) ? 'page' : undefined}>
              {item.label}
            </a>
          ))}
        </nav>
        <button class="link-button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
    </>
  );
}
