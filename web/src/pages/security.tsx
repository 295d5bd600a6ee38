import { SessionsCard } from '../components/sessions-card.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';
import type { Announce } from '../lib/toast.ts';
import type { Me } from '../lib/types.ts';
import { pageHref } from '../lib/workspace-route.ts';

/** How the account is signed in to: two-factor sign-in, and the browsers and devices signed in now. */
export function SecurityPage({ me, announce }: { me: Me; announce: Announce }) {
  return (
    <main>
      <h1>Security</h1>
      <p>
        Signed in as <strong>{me.user.email}</strong>. To change your password, see{' '}
        <a href={pageHref('/account')}>Account</a>.
      </p>
      <TwoFactorCard me={me} announce={announce} />
      <SessionsCard announce={announce} />
    </main>
  );
}
