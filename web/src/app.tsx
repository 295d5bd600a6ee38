import { useEffect, useState } from 'preact/hooks';
import { AppHeader } from './components/app-header.tsx';
import { Skeleton } from './components/ui/skeleton.tsx';
import { UnverifiedBanner } from './components/unverified-banner.tsx';
import { ToastStack } from './components/ui/toast-stack.tsx';
import { getMe, signOut } from './lib/api.ts';
import { splitRoute, useHashRoute } from './lib/hash-route.ts';
import { setCsrf } from './lib/http.ts';
import { useFocusRescue, usePageFocus } from './lib/page-focus.ts';
import { useToast, type Announce } from './lib/toast.ts';
import type { Me } from './lib/types.ts';
import { AccountPage } from './pages/account.tsx';
import { ACCOUNT_RECOVERY_PATHS, AccountRecoveryPage } from './pages/account-recovery.tsx';
import { AffiliatesPage } from './pages/affiliates.tsx';
import { AuthPage } from './pages/auth.tsx';
import { CategoriesPage } from './pages/categories.tsx';
import { DomainsPage } from './pages/domains.tsx';
import { ImportPage } from './pages/import.tsx';
import { LinkDetailsPage } from './pages/link-details.tsx';
import { LinksPage } from './pages/links.tsx';
import { OverviewPage } from './pages/overview.tsx';
import { SecurityPage } from './pages/security.tsx';
import { TokensPage } from './pages/tokens.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';

/** The page for a signed-in route; unknown routes show the link list. */
function Page({ route, me, announce }: { route: string; me: Me; announce: Announce }) {
  const { path, query } = splitRoute(route);
  const link = /^\/links\/(\d+)$/.exec(path);
  if (link) return <LinkDetailsPage id={Number(link[1])} me={me} announce={announce} path={path} query={query} />;
  switch (path) {
    case '/overview':
      return <OverviewPage me={me} path={path} query={query} />;
    case '/tokens':
      return <TokensPage me={me} announce={announce} />;
    case '/account':
      return <AccountPage me={me} announce={announce} />;
    case '/security':
      return <SecurityPage me={me} announce={announce} />;
    case '/categories':
      return <CategoriesPage announce={announce} />;
    case '/affiliates':
      return <AffiliatesPage me={me} />;
    case '/domains':
      return <DomainsPage me={me} announce={announce} />;
    case '/import':
      return <ImportPage me={me} announce={announce} />;
    case '/webhooks':
      return <WebhooksPage me={me} announce={announce} />;
    default:
      return <LinksPage me={me} announce={announce} query={query} />;
  }
}

/** The session (undefined while asking the server, null when signed out), the header and the current page. */
export function App() {
  const route = useHashRoute();
  const { path, query } = splitRoute(route);
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [toasts, announce, dismiss] = useToast();
  usePageFocus(path);
  useFocusRescue();
  const loadMe = () =>
    getMe().then(
      (m) => {
        setCsrf(m.csrf_token);
        setMe(m);
      },
      () => setMe(null),
    );
  useEffect(() => void loadMe(), []);
  const signedIn = (m: Me) => {
    setCsrf(m.csrf_token);
    setMe(m);
    location.hash = '#/links';
  };
  const leave = async () => {
    await signOut();
    setMe(null);
    location.hash = '#/signin';
  };
  // The pages the account emails link to open whether or not this browser is signed in.
  if (ACCOUNT_RECOVERY_PATHS.includes(path))
    return (
      <AccountRecoveryPage
        key={path}
        path={path}
        query={query}
        signedIn={!!me}
        onVerified={() => void loadMe()}
        onSignedOut={() => setMe(null)}
      />
    );
  if (me === undefined)
    return (
      <main>
        <Skeleton label="Loading Hoplink…" />
      </main>
    );
  if (me === null) {
    return <AuthPage key={route} mode={path === '/signup' ? 'signup' : 'signin'} onSignedIn={signedIn} />;
  }
  return (
    <div class="shell">
      <AppHeader route={path} onSignOut={leave} />
      <div id="main" class="shell-main" tabIndex={-1}>
        {!me.user.email_verified && <UnverifiedBanner email={me.user.email} />}
        <Page route={route} me={me} announce={announce} />
      </div>
      <ToastStack toasts={toasts} dismiss={dismiss} />
    </div>
  );
}
