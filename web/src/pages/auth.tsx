import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';
import { signIn, signUp } from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import type { Me } from '../lib/types.ts';

interface AuthPageProps {
  mode: 'signin' | 'signup';
  /** The route to come back to once signed in (an invitation's page), kept when switching to the other form. */
  next: string | null;
  onSignedIn: (me: Me) => void;
}

/** `#/signin` or `#/signup`, carrying the route to come back to. */
const authHref = (path: string, next: string | null) =>
  next ? `#${path}?${new URLSearchParams({ next }).toString()}` : `#${path}`;

/**
 * Sign in or sign up: one form, as both take an email and a password. An account with two-factor
 * sign-in on then asks for its code (TwoFactorStep), unless this browser is remembered.
 */
export function AuthPage({ mode, next, onSignedIn }: AuthPageProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [challenge, setChallenge] = useState<string>();
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      const answer = await (mode === 'signin' ? signIn : signUp)({ email, password });
      if ('two_factor_required' in answer) {
        setError(undefined);
        setChallenge(answer.challenge);
      } else onSignedIn(answer);
    } catch (e) {
      setError(formatError(e));
    }
  };
  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={(reason) => {
          setChallenge(undefined);
          setPassword('');
          setError(reason);
        }}
      />
    );
  return (
    <main class="narrow">
      <h1>{mode === 'signin' ? 'Sign in to Hoplink' : 'Create your Hoplink account'}</h1>
      <form onSubmit={submit}>
        <label>
          Email{' '}
          <input
            type="email"
            name="email"
            required
            autocomplete="email"
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label>
          Password{' '}
          <input
            type="password"
            name="password"
            required
            minLength={8}
            autocomplete={mode === 'signin' ? 'current-password' : 'new-password'}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <ErrorMessage error={error} />
        <button type="submit">{mode === 'signin' ? 'Sign in' : 'Sign up'}</button>
      </form>
      {mode === 'signin' && (
        <p>
          <a href="#/forgot-password">Forgot your password?</a>
        </p>
      )}
      <p>
        {mode === 'signin' ? (
          <a href={authHref('/signup', next)}>No account yet? Sign up</a>
        ) : (
          <a href={authHref('/signin', next)}>Already have an account? Sign in</a>
        )}
      </p>
    </main>
  );
}
