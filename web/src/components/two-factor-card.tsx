import { useState } from 'preact/hooks';
import { disableTwoFactor, getTwoFactor, newRecoveryCodes } from '../lib/api.ts';
import { ariaFor } from '../lib/errors.ts';
import type { Announce } from '../lib/toast.ts';
import type { Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { useFormErrors } from '../lib/use-form-errors.ts';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';
import { RecoveryCodesOnce } from './recovery-codes.tsx';
import { TwoFactorEnrolment } from './two-factor-enrolment.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** Digits (spaces allowed) are a code of the app; anything else is taken for a recovery code. */
const factorOf = (typed: string) => (/^[\d\s]+$/.test(typed) ? { code: typed } : { recovery_code: typed });

/**
 * Two-factor sign-in on the Security page: off, it offers enrolment; on, it says how many recovery
 * codes are left and offers a new set and turning it off. New recovery codes are shown once.
 */
export function TwoFactorCard({ me, announce }: { me: Me; announce: Announce }) {
  const status = useData(getTwoFactor, []);
  const [codes, setCodes] = useState<string[]>();
  const shown = (fresh: string[], message: string) => {
    setCodes(fresh);
    status.reload();
    announce(message);
  };
  return (
    <section class="card" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor sign-in</h2>
      <ErrorMessage error={status.error} />
      {!status.data && !status.error && <Skeleton label="Loading two-factor sign-in…" />}
      {codes && (
        <RecoveryCodesOnce codes={codes} email={me.user.email} announce={announce} onDone={() => setCodes(undefined)} />
      )}
      {status.data && !status.data.enabled && (
        <TwoFactorEnrolment onEnabled={(fresh) => shown(fresh, 'Two-factor sign-in is on.')} />
      )}
      {status.data?.enabled && (
        <>
          <p data-testid="two-factor-status">
            Two-factor sign-in is <strong>on</strong>: signing in asks for a code from your authenticator app.{' '}
            {status.data.recovery_codes_left} of 10 recovery codes left.
          </p>
          <NewRecoveryCodes onMade={(fresh) => shown(fresh, 'New recovery codes made; the old ones no longer work.')} />
          <TurnOff
            onDone={() => {
              setCodes(undefined);
              status.reload();
              announce('Two-factor sign-in is off.');
            }}
          />
        </>
      )}
    </section>
  );
}

/** A new set of recovery codes for a code of the app; the old set stops working. */
function NewRecoveryCodes({ onMade }: { onMade: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const form = useFormErrors('recovery-codes', (path) => path === 'code');
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      const { recovery_codes: codes } = await newRecoveryCodes({ code });
      setCode('');
      form.clear();
      onMade(codes);
    } catch (e) {
      form.fail(e);
    }
  };
  return (
    <form onSubmit={submit} aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading">Recovery codes</h3>
      <p class="hint" id="recovery-codes-hint">
        Lost them, or used most? A new set replaces them all: the current codes stop working.
      </p>
      <div class="field">
        <label for="recovery-codes-code">Code from the app</label>
        <input
          id="recovery-codes-code"
          name="code"
          autocomplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={16}
          value={code}
          onInput={(e) => setCode(e.currentTarget.value)}
          {...ariaFor(form.fe, 'code', 'recovery-codes-hint')}
        />
        <FieldError fe={form.fe} at="code" />
      </div>
      <ErrorMessage error={form.summary} />
      <button type="submit">Make new recovery codes</button>
    </form>
  );
}

/** Turning two factors off: the password and a code of the app, or a recovery code when the phone is lost. */
function TurnOff({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const form = useFormErrors('two-factor-off', (path) => ['password', 'code', 'recovery_code'].includes(path));
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      await disableTwoFactor({ password, ...factorOf(code.trim()) });
      form.clear();
      onDone();
    } catch (e) {
      form.fail(e);
    }
  };
  return (
    <form onSubmit={submit} aria-labelledby="two-factor-off-heading">
      <h3 id="two-factor-off-heading">Turn off two-factor sign-in</h3>
      <div class="field">
        <label for="two-factor-off-password">Current password</label>
        <input
          id="two-factor-off-password"
          type="password"
          name="password"
          autocomplete="current-password"
          required
          maxLength={200}
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          {...ariaFor(form.fe, 'password')}
        />
        <FieldError fe={form.fe} at="password" />
      </div>
      <div class="field">
        <label for="two-factor-off-code">Code from the app, or a recovery code</label>
        <input
          id="two-factor-off-code"
          name="code"
          autocomplete="one-time-code"
          required
          maxLength={32}
          value={code}
          onInput={(e) => setCode(e.currentTarget.value)}
          {...ariaFor(form.fe, ['code', 'recovery_code'])}
        />
        <FieldError fe={form.fe} at={['code', 'recovery_code']} />
      </div>
      <ErrorMessage error={form.summary} />
      <button type="submit" class="danger">
        Turn off two-factor sign-in
      </button>
    </form>
  );
}
