import { useState } from 'preact/hooks';
import { getPostbackSettings, rotatePostbackSecret, updatePostbackSettings } from '../lib/api.ts';
import { confirmDialog } from '../lib/dialogs.tsx';
import { ariaFor, fieldMessages, formSummary, type FormErrors } from '../lib/errors.ts';
import type { Announce } from '../lib/toast.ts';
import type { PostbackParameter } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';
import { SecretOnce } from './secret-once.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** What each parameter of a postback carries, in the order a network's form lists them. */
const PARAMETERS: ReadonlyArray<{ name: PostbackParameter; meaning: string }> = [
  { name: 'click_id', meaning: 'the click id Hoplink put in the link (the sub-id)' },
  { name: 'order_id', meaning: 'the order, so a repeated report updates it' },
  { name: 'amount', meaning: 'the sale amount' },
  { name: 'commission', meaning: 'your commission' },
  { name: 'currency', meaning: 'three letters, such as EUR' },
  { name: 'status', meaning: 'pending, approved or reversed' },
];

/**
 * The workspace's postback (docs/api.md "The postback"): a URL with a secret in it that an affiliate
 * network calls for each sale, and the names the network gives the parameters. Admins make the URL
 * (shown once) and name the parameters; others see whether there is one.
 */
export function PostbackSettings({ manage, announce }: { manage: boolean; announce: Announce }) {
  const settings = useData(getPostbackSettings, []);
  const [fresh, setFresh] = useState<string>();
  const [error, setError] = useState<string>();
  const current = settings.data;
  const rotate = async () => {
    if (current?.configured) {
      const sure = await confirmDialog({
        title: 'Make a new postback URL?',
        message: 'The current URL stops working at once: give the new one to your network right away.',
        confirmLabel: 'Make a new URL',
        danger: true,
      });
      if (!sure) return;
    }
    try {
      const rotated = await rotatePostbackSecret();
      setFresh(rotated.postback_url);
      setError(undefined);
      announce('New postback URL made. Copy it now.');
      settings.reload();
    } catch (e) {
      setError(formSummary(e, () => false));
    }
  };
  return (
    <section aria-labelledby="postback-heading">
      <h2 id="postback-heading">Postback</h2>
      <p>
        Your network calls this URL for each sale, with the click id from the link, so the sale is counted for the link
        it came from. Turn on click ids in a link’s settings first.
      </p>
      {!current && !settings.error && <Skeleton label="Loading the postback…" lines={2} />}
      <ErrorMessage error={settings.error ?? error} />
      {fresh && (
        <SecretOnce
          id="postback-url"
          label="Postback URL"
          value={fresh}
          hint="Paste it into your network’s postback or S2S settings; the secret in it is the only key."
          announce={announce}
        />
      )}
      {current && (
        <p data-testid="postback-state">
          {current.configured ? `A postback URL is set${sinceWhen(current.updated_at)}.` : 'No postback URL yet.'}{' '}
          {manage && (
            <button type="button" onClick={rotate}>
              {current.configured ? 'Make a new URL' : 'Make the postback URL'}
            </button>
          )}
        </p>
      )}
      {current && manage && (
        <ParameterNamesForm names={current.parameter_names} onSaved={settings.reload} announce={announce} />
      )}
    </section>
  );
}

const sinceWhen = (at: string | null) => (at ? `, since ${new Date(at).toLocaleString()}` : '');

/** The network's own name for each parameter, where it is not Hoplink's. */
function ParameterNamesForm({
  names,
  onSaved,
  announce,
}: {
  names: Record<string, string>;
  onSaved: () => void;
  announce: Announce;
}) {
  const [values, setValues] = useState<Record<string, string>>(names);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string>();
  const fe: FormErrors = { form: 'postback', errors };
  const save = async (event: Event) => {
    event.preventDefault();
    const chosen = Object.fromEntries(
      PARAMETERS.map(({ name }) => [name, values[name]?.trim() ?? ''] as const).filter(([, value]) => value !== ''),
    );
    try {
      await updatePostbackSettings({ parameter_names: chosen });
      setErrors({});
      setError(undefined);
      announce('Parameter names saved.');
      onSaved();
    } catch (e) {
      setErrors(fieldMessages(e));
      setError(formSummary(e, (path) => path.startsWith('parameter_names.')));
    }
  };
  return (
    <form onSubmit={save} aria-labelledby="postback-names-heading" class="postback-names">
      <h3 id="postback-names-heading">Parameter names</h3>
      <p class="hint">Leave a name empty when your network uses Hoplink’s own (shown in grey).</p>
      {PARAMETERS.map(({ name, meaning }) => (
        <div class="field" key={name}>
          <label>
            <span>
              <code>{name}</code>: {meaning}
            </span>{' '}
            <input
              name={name}
              placeholder={name}
              maxLength={64}
              value={values[name] ?? ''}
              onInput={(e) => setValues({ ...values, [name]: e.currentTarget.value })}
              {...ariaFor(fe, `parameter_names.${name}`)}
            />
          </label>
          <FieldError fe={fe} at={`parameter_names.${name}`} />
        </div>
      ))}
      <button type="submit">Save names</button>
      <ErrorMessage error={error} />
    </form>
  );
}
