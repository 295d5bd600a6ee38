import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { FieldError } from '../components/field-error.tsx';
import { createToken, listTokens, revokeToken } from '../lib/api.ts';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { SkeletonTable } from '../components/ui/skeleton.tsx';
import { copy } from '../lib/clipboard.ts';
import { confirmDialog } from '../lib/dialogs.tsx';
import { ariaFor, fieldErrors, formSummary, type FormErrors } from '../lib/errors.ts';
import type { Announce } from '../lib/toast.ts';
import type { Ability, CreatedToken, FeatureState, Me, TokenRecord } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

// The server's ABILITIES (src/core/plans.ts), kept here so no server module is bundled; the type checks them.
const ABILITIES: Ability[] = ['read', 'create', 'update', 'delete'];

/** What each ability lets a token do: abilities are checked per HTTP method (docs/api.md, "Plans and abilities"). */
const ABILITY_WORDS: Record<Ability, string> = {
  read: 'See links, statistics, raw clicks and settings (GET).',
  create: 'Add links, bulk links, imports, tags, domains and webhooks (POST).',
  update: 'Change links and settings, check domains and links (PATCH, PUT).',
  delete: 'Remove links, tags, domains and webhooks (DELETE).',
};

/** Why a plan without API access gets no create form: a token it made could never be used. */
function NoApiAccess({ api }: { api: FeatureState }) {
  return (
    <div class="notice" role="note" data-testid="tokens-plan-notice">
      <p>
        <span class="badge locked">Locked</span>{' '}
        <strong>{api.reason ?? 'Tokens work with the Pro and Business plans.'}</strong>
      </p>
      <p>
        Your plan has no API access, so a token made now would be refused on every request. Everything in this dashboard
        still works on your plan; whoever runs this Hoplink can move you to Pro or Business.
      </p>
    </div>
  );
}

/** API tokens: create one with chosen abilities (its secret is shown once), list them, revoke them. */
export function TokensPage({ me, announce }: { me: Me; announce: Announce }) {
  const tokens = useData(listTokens, []);
  // The token just created, whose plaintext is on screen until it is revoked or the page is left.
  const [fresh, setFresh] = useState<{ id: number; token: string }>();
  const revoke = async (id: number, tokenName: string) => {
    const sure = await confirmDialog({
      title: `Revoke "${tokenName}"?`,
      message: 'Programs using it stop working at once. This cannot be undone.',
      confirmLabel: 'Revoke token',
      danger: true,
    });
    if (!sure) return;
    await revokeToken(id);
    // A revoked secret is no longer worth copying: its box goes with it.
    setFresh((shown) => (shown?.id === id ? undefined : shown));
    announce('Token revoked.');
    tokens.reload();
  };
  const list = tokens.data?.data;
  return (
    <main class="tokens-page">
      <h1>API tokens</h1>
      <p>
        Tokens let scripts and tools use the <a href="/docs">Hoplink API</a> as you. Give each only the abilities it
        needs.
      </p>
      {!me.features.api.allowed && <NoApiAccess api={me.features.api} />}
      {me.features.api.allowed && (
        <TokenCreateForm
          onCreated={(token) => {
            setFresh({ id: token.id, token: token.token });
            tokens.reload();
          }}
        />
      )}
      {fresh && <FreshToken token={fresh.token} announce={announce} />}
      {!list && !tokens.error && <SkeletonTable label="Loading tokens…" rows={2} columns={3} />}
      <ErrorMessage error={tokens.error} />
      {list && list.length === 0 && (
        <EmptyState title="No tokens yet." action={<a href="/docs">Read the API documentation</a>}>
          {me.features.api.allowed
            ? 'Create one above for each script or tool that uses the API. You can revoke a token at any time.'
            : 'Once your plan includes the API, you can make one here for each script or tool that uses it.'}
        </EmptyState>
      )}
      {list && list.length > 0 && <TokenTable tokens={list} onRevoke={revoke} />}
    </main>
  );
}

/** A name and the abilities a new token gets ("read" to start with). */
function TokenCreateForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const [name, setName] = useState('');
  const [abilities, setAbilities] = useState<Ability[]>(['read']);
  const [error, setError] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const fe: FormErrors = { form: 'token-create', errors };
  const create = async (event: Event) => {
    event.preventDefault();
    try {
      const token = await createToken({ name, abilities });
      setName('');
      setError(undefined);
      setErrors({});
      onCreated(token);
    } catch (e) {
      setErrors(fieldErrors(e));
      setError(formSummary(e, (path) => path === 'name'));
    }
  };
  return (
    <form onSubmit={create} aria-label="Create a token">
      <div class="field">
        <label>
          Token name{' '}
          <input
            name="token_name"
            required
            maxLength={255}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            {...ariaFor(fe, 'name')}
          />
        </label>
        <FieldError fe={fe} at="name" />
      </div>
      <AbilityChoices abilities={abilities} onChange={setAbilities} />
      <ErrorMessage error={error} />
      <button type="submit">Create token</button>
    </form>
  );
}

/** A checkbox per ability a token can have. */
function AbilityChoices({ abilities, onChange }: { abilities: Ability[]; onChange: (abilities: Ability[]) => void }) {
  const toggle = (ability: Ability) =>
    onChange(abilities.includes(ability) ? abilities.filter((a) => a !== ability) : [...abilities, ability]);
  return (
    <fieldset class="abilities">
      <legend>Abilities</legend>
      {ABILITIES.map((a) => (
        <label class="check" key={a}>
          <input
            type="checkbox"
            name={`ability_${a}`}
            checked={abilities.includes(a)}
            onChange={() => toggle(a)}
            aria-describedby={`ability-${a}-words`}
          />{' '}
          {abilityName(a)}{' '}
          <span class="muted" id={`ability-${a}-words`}>
            {ABILITY_WORDS[a]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The plaintext of the token just created: the only time it is shown. */
function FreshToken({ token, announce }: { token: string; announce: Announce }) {
  return (
    <div class="notice" role="status">
      <p>
        <strong>Copy this token now.</strong> It is shown only once.
      </p>
      <p class="row">
        <code data-testid="new-token">{token}</code>{' '}
        <button type="button" onClick={() => copy(token, announce)}>
          Copy
        </button>
      </p>
    </div>
  );
}

function TokenTable({ tokens, onRevoke }: { tokens: TokenRecord[]; onRevoke: (id: number, name: string) => void }) {
  return (
    <table class="tokens-table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Abilities</th>
          <th>Created</th>
          <th>Last used</th>
          <th>
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((t) => (
          <tr key={t.id}>
            <td>
              {t.name}
              {t.hint && (
                <>
                  {' '}
                  <code class="token-hint" title="The token's first characters">
                    {t.hint}…
                  </code>
                </>
              )}
            </td>
            <td>{t.abilities.map(abilityName).join(', ')}</td>
            <td>{when(t.created_at)}</td>
            <td>{t.last_used_at ? when(t.last_used_at) : 'Never'}</td>
            <td>
              <button type="button" class="link-button" onClick={() => onRevoke(t.id, t.name)}>
                Revoke
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const abilityName = (ability: Ability) => ability.charAt(0).toUpperCase() + ability.slice(1);

const when = (at: string) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
