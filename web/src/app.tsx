import { AppHeader } from './components/app-header.tsx';
import { Skeleton } from './components/ui/skeleton.tsx';
import { UnverifiedBanner } from './components/unverified-banner.tsx';
import { ToastStack } from './components/ui/toast-stack.tsx';
import { signOut } from './lib/api.ts';
import { splitRoute, useHashRoute } from './lib/hash-route.ts';
import { useFocusRescue, usePageFocus } from './lib/page-focus.ts';
import { useSession } from './lib/session.ts';
import { useToast, type Announce } from './lib/toast.ts';
import type { Me } from './lib/types.ts';
import { showWorkspace, splitWorkspace } from './lib/workspace-route.ts';
import { AccountPage } from './pages/account.tsx';
import { ACCOUNT_RECOVERY_PATHS, AccountRecoveryPage } from './pages/account-recovery.tsx';
import { AffiliatesPage } from './pages/affiliates.tsx';
import { AuditLogPage } from './pages/audit-log.tsx';
import { AuthPage } from './pages/auth.tsx';
import { CategoriesPage } from './pages/categories.tsx';
import { DomainsPage } from './pages/domains.tsx';
import { ImportPage } from './pages/import.tsx';
import { INVITATION_PATH, InvitationPage } from './pages/invitation.tsx';
import { LinkDetailsPage } from './pages/link-details.tsx';
import { LinksPage } from './pages/links.tsx';
import { MembersPage } from './pages/members.tsx';
import { OverviewPage } from './pages/overview.tsx';
import { SecurityPage } from './pages/security.tsx';
import { TokensPage } from './pages/tokens.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { WorkspaceRefusedPage } from './pages/workspace-refused.tsx';
import { WorkspaceSettingsPage } from './pages/workspace-settings.tsx';

interface PageProps {
  /** The route in the workspace, without its `/w/<slug>` prefix. */
  route: string;
  me: Me;
  announce: Announce;
  /** Asks for `me` again: the person's role, the workspace's name or their list of workspaces changed. */
  refresh: () => void;
}

/** The page for a signed-in route; unknown routes show the link list. */
function Page({ route, me, announce, refresh }: PageProps) {
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
      return <CategoriesPage me={me} announce={announce} />;
    case '/affiliates':
      return <AffiliatesPage me={me} announce={announce} />;
    case '/domains':
      return <DomainsPage me={me} announce={announce} />;
    case '/import':
      return <ImportPage me={me} announce={announce} />;
    case '/webhooks':
      return <WebhooksPage me={me} announce={announce} />;
    case '/members':
      return <MembersPage me={me} announce={announce} refresh={refresh} />;
    case '/workspace':
      return <WorkspaceSettingsPage me={me} announce={announce} refresh={refresh} />;
    case '/audit-log':
      return <AuditLogPage me={me} path={path} query={query} />;
    default:
      return <LinksPage me={me} announce={announce} query={query} />;
  }
}

const AUTH_PATHS = ['/signin', '/signup'];

/** Where a sign-in goes: the `next` route it was sent from (an invitation), or the links. */
function afterSignIn(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? `#${next}` : '#/links';
}

/** The session (undefined while asking the server, null when signed out), the header and the current page. */
export function App() {
  const address = useHashRoute();
  const { slug, route } = splitWorkspace(address);
  const { path, query } = splitRoute(route);
  const { session, signedIn, signedOut, refresh } = useSession(slug, path);
  // Requests and the pages' links name the address's workspace, once the person is known to be in it.
  showWorkspace(session && !session.refused ? slug : undefined);
  const [toasts, announce, dismiss] = useToast();
  usePageFocus(splitRoute(address).path);
  useFocusRescue();
  const leave = async () => {
    await signOut();
    signedOut();
    location.hash = '#/signin';
  };
  // The pages the account emails link to open whether or not this browser is signed in.
  if (ACCOUNT_RECOVERY_PATHS.includes(path))
    return (
      <AccountRecoveryPage
        key={path}
        path={path}
        query={query}
        signedIn={!!session}
        onVerified={refresh}
        onSignedOut={signedOut}
      />
    );
  if (path === INVITATION_PATH)
    return (
      <InvitationPage
        token={query.get('token') ?? ''}
        me={session === undefined ? undefined : (session?.me ?? null)}
        announce={announce}
        onSignedOut={signedOut}
      />
    );
  if (session === undefined)
    return (
      <main>
        <Skeleton label="Loading Hoplink…" />
      </main>
    );
  if (session === null) {
    // Signed out on a page of the dashboard: signing in (or up) comes back to it.
    const onAuthPage = AUTH_PATHS.includes(path);
    const next = onAuthPage ? query.get('next') : address === '/links' ? null : address;
    const onSignedIn = (me: Me) => {
      signedIn(me);
      if (onAuthPage) location.hash = afterSignIn(next);
    };
    return (
      <AuthPage key={address} mode={path === '/signup' ? 'signup' : 'signin'} next={next} onSignedIn={onSignedIn} />
    );
  }
  return (
    <div class="shell">
      <AppHeader route={path} me={session.me} announce={announce} onSignOut={leave} />
      <div id="main" class="shell-main" tabIndex={-1}>
        {!session.me.user.email_verified && <UnverifiedBanner email={session.me.user.email} />}
        {session.refused ? (
          <WorkspaceRefusedPage slug={slug ?? ''} refusal={session.refused} me={session.me} />
        ) : session.slug === slug ? (
          <Page key={slug ?? ''} route={route} me={session.me} announce={announce} refresh={refresh} />
        ) : (
          <main>
            <Skeleton label="Opening the workspace…" />
          </main>
        )}
      </div>
      <ToastStack toasts={toasts} dismiss={dismiss} />
    </div>
  );
}
