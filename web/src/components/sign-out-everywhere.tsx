import { useState } from 'preact/hooks';
import { signOutEverywhere } from '../lib/api.ts';
import { confirmDialog } from '../lib/dialogs.tsx';
import { formatError } from '../lib/errors.ts';
import { ErrorMessage } from './error-message.tsx';
import { pageHref } from '../lib/workspace-route.ts';

/**
 * Ends every session of the account, this one included (a lost phone, a shared computer), then
 * shows the sign-in page. The page is reloaded so nothing of the old session stays in memory.
 */
export function SignOutEverywhere() {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const sure = await confirmDialog({
      title: 'Sign out everywhere?',
      message: 'Every browser and device signed in to your account is signed out, this one included.',
      confirmLabel: 'Sign out everywhere',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      await signOutEverywhere();
      location.hash = '#/signin';
      location.reload();
    } catch (e) {
      setError(`Not signed out: ${formatError(e, 'summary')}`);
      setBusy(false);
    }
  };
  return (
    <>
      <p>
        Signed in somewhere you no longer use, or on a computer others share? Signing out everywhere ends every session
        of your account, this one included. API tokens keep working; revoke them on the{' '}
        <a href={pageHref('/tokens')}>API tokens</a> page.
      </p>
      <ErrorMessage error={error} />
      <button type="button" onClick={run} disabled={busy}>
        Sign out everywhere
      </button>
    </>
  );
}
