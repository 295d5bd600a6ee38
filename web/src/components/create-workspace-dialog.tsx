import { useState } from 'preact/hooks';
import { createWorkspace } from '../lib/api.ts';
import { ModalDialog, openDialog } from '../lib/dialogs.tsx';
import { ariaFor } from '../lib/errors.ts';
import type { WorkspaceMembership } from '../lib/types.ts';
import { useFormErrors } from '../lib/use-form-errors.ts';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';

/** Asks for a new workspace's name and slug and makes it; the workspace made, or null when cancelled. */
export function createWorkspaceDialog(): Promise<WorkspaceMembership | null> {
  return openDialog<WorkspaceMembership | null>((close, id) => (
    <ModalDialog id={id} described={false} onCancel={() => close(null)}>
      <CreateWorkspaceForm id={id} close={close} />
    </ModalDialog>
  ));
}

const SLUG_HINT = 'create-workspace-slug-hint';

/** The name, and a slug for its addresses (made from the name when left empty); a refusal stays in the dialog. */
function CreateWorkspaceForm({ id, close }: { id: string; close: (made: WorkspaceMembership | null) => void }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors('create-workspace', (path) => path === 'name' || path === 'slug');
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    try {
      close(await createWorkspace({ name, ...(slug.trim() ? { slug: slug.trim() } : {}) }));
    } catch (e) {
      errors.fail(e);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <h2 id={`${id}-title`}>Create a workspace</h2>
      <p>A workspace has its own links, domains, tags, members and plan (it starts on Free).</p>
      <div class="field">
        <label>
          Name
          <input
            name="workspace_name"
            required
            maxLength={100}
            value={name}
            data-autofocus
            onInput={(e) => setName(e.currentTarget.value)}
            {...ariaFor(errors.fe, 'name')}
          />
        </label>
        <FieldError fe={errors.fe} at="name" />
      </div>
      <div class="field">
        <label>
          Slug (optional)
          <input
            name="workspace_slug"
            maxLength={48}
            value={slug}
            onInput={(e) => setSlug(e.currentTarget.value)}
            {...ariaFor(errors.fe, 'slug', SLUG_HINT)}
          />
        </label>
        <span class="hint" id={SLUG_HINT}>
          Its pages' addresses: #/w/<em>slug</em>/links. Lowercase letters, digits and dashes; made from the name when
          left empty.
        </span>
        <FieldError fe={errors.fe} at="slug" />
      </div>
      <ErrorMessage error={errors.summary} />
      <div class="dialog-actions">
        <button type="button" class="secondary" onClick={() => close(null)}>
          Cancel
        </button>
        <button type="submit" disabled={busy}>
          Create workspace
        </button>
      </div>
    </form>
  );
}
