import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, setCsrf } from './api.ts';
import { AccountPage, AuthPage, LinkPage, LinksPage, TokensPage, type Me } from './pages.tsx';
import { AffiliatesPage, CategoriesPage, DomainsPage } from './manage.tsx';
import './styles.css';

function useHashRoute(): string {
  const [route, setRoute] = useState(location.hash.slice(1) || '/links');
  useEffect(() => {
    const update = () => setRoute(location.hash.slice(1) || '/links');
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

function App() {
  const route = useHashRoute();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(''), 4000);
    return () => clearTimeout(timer);
  }, [message]);
  useEffect(() => {
    api<Me>('GET', '/dashboard-api/me').then((m) => { setCsrf(m.csrf_token); setMe(m); }, () => setMe(null));
  }, []);
  const signedIn = (m: Me) => {
    setCsrf(m.csrf_token);
    setMe(m);
    location.hash = '#/links';
  };
  const signOut = async () => {
    await api('POST', '/dashboard-api/signout');
    setMe(null);
    location.hash = '#/signin';
  };
  if (me === undefined) return <p class="loading">Loading…</p>;
  if (me === null) return <AuthPage key={route} mode={route === '/signup' ? 'signup' : 'signin'} onSignedIn={signedIn} />;
  const link = /^\/links\/(\d+)$/.exec(route);
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header>
        <strong class="brand">Hoplink</strong>
        <nav aria-label="Main">
          <a href="#/links" aria-current={route.startsWith('/links') ? 'page' : undefined}>Links</a>
          <a href="#/categories" aria-current={route === '/categories' ? 'page' : undefined}>Categories</a>
          <a href="#/affiliates" aria-current={route === '/affiliates' ? 'page' : undefined}>Affiliate tags</a>
          <a href="#/domains" aria-current={route === '/domains' ? 'page' : undefined}>Domains</a>
          <a href="#/tokens" aria-current={route === '/tokens' ? 'page' : undefined}>API tokens</a>
          <a href="#/account" aria-current={route === '/account' ? 'page' : undefined}>Account</a>
        </nav>
        <button class="link-button" onClick={signOut}>Sign out</button>
      </header>
      <div id="main">
        {link ? <LinkPage id={link[1]!} me={me} announce={setMessage} />
          : route === '/tokens' ? <TokensPage announce={setMessage} />
          : route === '/account' ? <AccountPage me={me} />
          : route === '/categories' ? <CategoriesPage announce={setMessage} />
          : route === '/affiliates' ? <AffiliatesPage me={me} />
          : route === '/domains' ? <DomainsPage me={me} announce={setMessage} />
          : <LinksPage announce={setMessage} />}
      </div>
      <p class="toast" role="status" aria-live="polite">{message}</p>
    </>
  );
}

render(<App />, document.getElementById('app')!);
