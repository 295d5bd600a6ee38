import { useEffect, useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { NEW_HINT_TEXT, PasswordField } from '../components/password-form.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { forgotPassword, resetPassword, verifyEmail } from '../lib/api.ts';
import { useEmailConfigured } from '../lib/email-configured.ts';
import { fieldErrors, formatError, formSummary, type FormErrors } from '../lib/errors.ts';

/** The pages of forgotten passwords and email verification: open signed in or out (the emails link to two). */
export const ACCOUNT_RECOVERY_PATHS = ['/forgot-password', '/reset-password', '/verify-email'];

interface AccountRecoveryProps {
  path: string;
  query: URLSearchParams;
  signedIn: boolean;
  /** The address was verified: the signed-in person's details are out of date. */
  onVerified: () => void;
  /** A new password ended every session, this browser's too. */
  onSignedOut: () => void;
}

/** One of ACCOUNT_RECOVERY_PATHS, as a card in the middle of the page like sign-in. */
export function AccountRecoveryPage({ path, query, signedIn, onVerified, onSignedOut }: AccountRecoveryProps) {
  const token = query.get('token') ?? '';
  if (path === '/reset-password') return <ResetPasswordPage token={token} onDone={onSignedOut} />;
  if (path === '/verify-email') return <VerifyEmailPage token={token} signedIn={signedIn} onVerified={onVerified} />;
  return <ForgotPasswordPage />;
}

/** An address, and a link to choose a new password emailed to it; without email, who to ask instead. */
function ForgotPasswordPage() {
  const configured = useEmailConfigured();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      setSent((await forgotPassword({ email })).message);
      setError(undefined);
    } catch (e) {
      setError(formatError(e));
    } finally {
      setBusy(false);
    }
  };
  const body =
    configured === undefined ? (
      <Skeleton label="Loading…" lines={2} />
    ) : !configured ? (
      <p class="notice">
        This Hoplink does not send email, so it cannot send you a link. Ask the person who runs it for one: they make it
        with <code>hoplink user reset-password</code>.
      </p>
    ) : sent ? (
      <p class="success" role="status">
        {sent} Check your inbox, and your spam folder.
      </p>
    ) : (
      <form onSubmit={submit}>
        <p>Give the address you signed up with: we will email you a link to choose a new password.</p>
        <label>
          Email{' '}
          <input
            type="email"
            name="email"
            required
            maxLength={320}
            autocomplete="email"
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          Email me a link
        </button>
      </form>
    );
  return (
    <main class="narrow">
      <h1>Forgot your password?</h1>
      {body}
      <p>
        <a href="#/signin">Back to sign in</a>
      </p>
    </main>
  );
}

const INCOMPLETE = 'This link is incomplete: open the one in the email again.';
const FORM = 'reset';
const shownHere = (path: string) => path === 'new_password' || path === 'confirm';

/** The page of the emailed link: the new password twice. Every session of the account ends with it. */
function ResetPasswordPage({ token, onDone }: { token: string; onDone: () => void }) {
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [summary, setSummary] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const fe: FormErrors = { form: FORM, errors };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (next !== confirm) {
      setErrors({ confirm: ['The two passwords do not match.'] });
      setSummary('Please correct the marked fields.');
      return;
    }
    setBusy(true);
    try {
      await resetPassword({ token, new_password: next });
      setDone(true);
      onDone();
    } catch (e) {
      setErrors(fieldErrors(e));
      setSummary(formSummary(e, shownHere));
    } finally {
      setBusy(false);
    }
  };
  const unusable = 'token' in errors || !token;
  return (
    <main class="narrow">
      <h1>Choose a new password</h1>
      {done ? (
        <>
          <p class="success" role="status">
            Your new password is set. Every browser and device signed in to your account was signed out.
          </p>
          <p>
            <a href="#/signin">Sign in with it</a>
          </p>
        </>
      ) : (
        <form onSubmit={submit}>
          <PasswordField
            id="reset-new-password"
            name="new_password"
            label="New password"
            autocomplete="new-password"
            value={next}
            onChange={setNext}
            fe={fe}
            hint={NEW_HINT_TEXT}
          />
          <PasswordField
            id="reset-confirm-password"
            name="confirm_password"
            at="confirm"
            label="New password again"
            autocomplete="new-password"
            value={confirm}
            onChange={setConfirm}
            fe={fe}
          />
          <ErrorMessage error={token ? summary : INCOMPLETE} />
          {unusable && (
            <p>
              <a href="#/forgot-password">Ask for a new link</a>
            </p>
          )}
          <button type="submit" disabled={busy || !token}>
            Set my new password
          </button>
        </form>
      )}
    </main>
  );
}

/** The page of the emailed verification link: verifies as it opens, and says how it went. */
function VerifyEmailPage(props: { token: string; signedIn: boolean; onVerified: () => void }) {
  const { token, signedIn, onVerified } = props;
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  useEffect(() => {
    if (!token) return setOutcome({ ok: false, text: INCOMPLETE });
    verifyEmail(token).then(
      () => {
        setOutcome({ ok: true, text: 'Your email address is verified. Thank you.' });
        onVerified();
      },
      (e) => setOutcome({ ok: false, text: formatError(e) }),
    );
  }, [token]);
  const next = signedIn ? { href: '#/links', label: 'Go to your links' } : { href: '#/signin', label: 'Sign in' };
  return (
    <main class="narrow">
      <h1>Verify your email address</h1>
      {outcome === undefined ? (
        <Skeleton label="Verifying your address…" lines={1} />
      ) : outcome.ok ? (
        <p class="success" role="status">
          {outcome.text}
        </p>
      ) : (
        <>
          <ErrorMessage error={outcome.text} />
          <p>
            {signedIn ? 'Ask for a new link with “Send the link again” on any page.' : 'Sign in to ask for a new link.'}
          </p>
        </>
      )}
      <p>
        <a href={next.href}>{next.label}</a>
      </p>
    </main>
  );
}
