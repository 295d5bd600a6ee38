import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { FieldError } from '../components/field-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { deleteWorkspace, getWorkspace, updateWorkspace } from '../lib/api.ts';
import { ariaFor, fieldErrors, formatError, type FormErrors } from '../lib/errors.ts';
import { navigate } from '../lib/hash-route.ts';
import { can, ROLE_NAMES } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { Me, WorkspaceChanges, WorkspaceRecord } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { useFormErrors } from '../lib/use-form-errors.ts';
import { workspaceRoute } from '../lib/workspace-route.ts';

interface Props {
  me: Me;
  announce: Announce;
  /** The name or slug changed: the header's switcher shows them. */
  refresh: () => void;
}

const PLAN_NAMES: Record<string, string> = { free: 'Free', pro: 'Pro', business: 'Business' };

/**
 * The workspace's name (admins), slug and two-factor rule (the owner), its plan (set by the operator),
 * and, for the owner, deleting it by typing its name.
 */
export function WorkspaceSettingsPage({ me, announce, refresh }: Props) {
  const workspace = useData(getWorkspace, []);
  const w = workspace.data;
  return (
    <main class="workspace-page">
      <h1>Workspace settings</h1>
      <ErrorMessage error={workspace.error} />
      {!w && !workspace.error && <Skeleton label="Loading the workspace…" lines={4} />}
      {w && (
        <>
          <p>
            Plan: <strong>{PLAN_NAMES[w.plan] ?? w.plan}</strong>. The plan belongs to the workspace; whoever runs this
            Hoplink changes it. Your role here: {ROLE_NAMES[me.workspace.role]}.
          </p>
          {can(me, 'settings.manage') ? (
            <SettingsForm
              key={w.updated_at}
              workspace={w}
              owner={can(me, 'workspace.own')}
              announce={announce}
              onSaved={(saved) => {
                if (saved.slug !== w.slug) navigate(workspaceRoute(saved.slug, '/workspace'), { replace: true });
                else workspace.reload();
                refresh();
              }}
            />
          ) : (
            <ReadOnlySettings workspace={w} />
          )}
          {can(me, 'workspace.own') && <DeleteWorkspace workspace={w} announce={announce} />}
        </>
      )}
    </main>
  );
}

/** What members and viewers see: the settings, and who may change them. */
function ReadOnlySettings({ workspace }: { workspace: WorkspaceRecord }) {
  return (
    <>
      <dl class="facts">
        <dt>Name</dt>
        <dd>{workspace.name}</dd>
        <dt>Slug</dt>
        <dd>
          <code>{workspace.slug}</code>
        </dd>
        <dt>Two-factor sign-in</dt>
        <dd>{workspace.require_two_factor ? 'Required of every member' : 'Up to each member'}</dd>
      </dl>
      <p class="muted">Only the workspace's admins and owner can change these.</p>
    </>
  );
}

interface SettingsFormProps {
  workspace: WorkspaceRecord;
  /** The owner also changes the slug and the two-factor rule. */
  owner: boolean;
  announce: Announce;
  onSaved: (workspace: WorkspaceRecord) => void;
}

const SLUG_HINT = 'workspace-slug-hint';
const TWO_FACTOR_HINT = 'workspace-two-factor-hint';

/** The name for admins; the slug and "members must use two factors" for the owner. Only what changed is sent. */
function SettingsForm({ workspace, owner, announce, onSaved }: SettingsFormProps) {
  const [name, setName] = useState(workspace.name);
  const [slug, setSlug] = useState(workspace.slug);
  const [twoFactor, setTwoFactor] = useState(workspace.require_two_factor);
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors('workspace', (path) => ['name', 'slug', 'require_two_factor'].includes(path));
  const save = async (event: Event) => {
    event.preventDefault();
    const changes: WorkspaceChanges = {};
    if (name !== workspace.name) changes.name = name;
    if (owner && slug !== workspace.slug) changes.slug = slug.trim();
    if (owner && twoFactor !== workspace.require_two_factor) changes.require_two_factor = twoFactor;
    if (Object.keys(changes).length === 0) return announce('Nothing to save.');
    setBusy(true);
    try {
      const saved = await updateWorkspace(changes);
      errors.clear();
      announce('Workspace settings saved.');
      onSaved(saved);
    } catch (e) {
      errors.fail(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card" onSubmit={save} aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <div class="field">
        <label>
          Name
          <input
            name="workspace_name"
            required
            maxLength={100}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            {...ariaFor(errors.fe, 'name')}
          />
        </label>
        <FieldError fe={errors.fe} at="name" />
      </div>
      {owner && (
        <OwnerFields fe={errors.fe} slug={slug} setSlug={setSlug} twoFactor={twoFactor} setTwoFactor={setTwoFactor} />
      )}
      <ErrorMessage error={errors.summary} />
      <button type="submit" disabled={busy}>
        Save settings
      </button>
    </form>
  );
}

interface OwnerFieldsProps {
  fe: FormErrors;
  slug: string;
  setSlug: (slug: string) => void;
  twoFactor: boolean;
  setTwoFactor: (on: boolean) => void;
}

function OwnerFields({ fe, slug, setSlug, twoFactor, setTwoFactor }: OwnerFieldsProps) {
  return (
    <>
      <div class="field">
        <label>
          Slug
          <input
            name="workspace_slug"
            required
            maxLength={48}
            value={slug}
            onInput={(e) => setSlug(e.currentTarget.value)}
            {...ariaFor(fe, 'slug', SLUG_HINT)}
          />
        </label>
        <span class="hint" id={SLUG_HINT}>
          In the address of every page of this workspace (#/w/<em>slug</em>/links): addresses shared with the old one
          stop working.
        </span>
        <FieldError fe={fe} at="slug" />
      </div>
      <div class="field">
        <label class="check">
          <input
            type="checkbox"
            name="require_two_factor"
            checked={twoFactor}
            onChange={(e) => setTwoFactor(e.currentTarget.checked)}
            {...ariaFor(fe, 'require_two_factor', TWO_FACTOR_HINT)}
          />{' '}
          Members must use two-factor sign-in
        </label>
        <span class="hint" id={TWO_FACTOR_HINT}>
          Members without it are kept out of this workspace until they turn it on (Security). You need it on yourself.
        </span>
        <FieldError fe={fe} at="require_two_factor" />
      </div>
    </>
  );
}

/** The owner deletes the workspace and everything in it, once its name is typed again. */
function DeleteWorkspace({ workspace, announce }: { workspace: WorkspaceRecord; announce: Announce }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const remove = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      await deleteWorkspace(typed);
      announce(`Workspace “${workspace.name}” deleted.`);
      // Back to the person's own workspace: a bare address names it.
      navigate('#/links');
    } catch (e) {
      setError(fieldErrors(e).confirm?.join(' ') ?? formatError(e));
      setBusy(false);
    }
  };
  return (
    <form class="card danger-zone" onSubmit={remove} aria-labelledby="delete-title">
      <h2 id="delete-title">Delete this workspace</h2>
      <p>
        Its links, their statistics, domains, tags, webhooks, API tokens, members and audit log are deleted for good.
        Your personal workspace cannot be deleted.
      </p>
      <div class="field">
        <label>
          <span>
            Type <strong>{workspace.name}</strong> to confirm
          </span>
          <input
            name="confirm_name"
            autocomplete="off"
            value={typed}
            onInput={(e) => setTyped(e.currentTarget.value)}
          />
        </label>
      </div>
      <ErrorMessage error={error} />
      <button type="submit" class="danger" disabled={busy || typed !== workspace.name}>
        Delete workspace
      </button>
    </form>
  );
}
