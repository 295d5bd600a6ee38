import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { FieldError } from '../components/field-error.tsx';
import { RoleNote } from '../components/role-note.tsx';
import { TagsSection } from '../components/tags-section.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { createCategory, deleteCategory, listCategories, renameCategory } from '../lib/api.ts';
import { confirmDialog, promptDialog } from '../lib/dialogs.tsx';
import { ariaFor, fieldErrors, formatError, formSummary, type FormErrors } from '../lib/errors.ts';
import { controlFeatures } from '../lib/link-controls.ts';
import { can } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

/** Categories group links so the link list can be filtered: add, rename, delete. */
export function CategoriesPage({ me, announce }: { me: Me; announce: Announce }) {
  const list = useData(listCategories, []);
  // A viewer reads the categories: no form, Rename or Delete.
  const editable = can(me, 'links.write');
  const rename = async (id: number, current: string) => {
    const next = await promptDialog({
      title: `Rename "${current}"`,
      label: 'New name',
      initial: current,
      confirmLabel: 'Rename',
    });
    if (!next || next === current) return;
    try {
      await renameCategory(id, { name: next });
      list.reload();
      announce(`Renamed to "${next}".`, {
        label: 'Undo',
        run: () =>
          void renameCategory(id, { name: current }).then(list.reload, (e) => announce(formatError(e, 'paths'))),
      });
    } catch (e) {
      announce(formatError(e, 'paths'));
    }
  };
  const remove = async (id: number, current: string) => {
    const sure = await confirmDialog({
      title: `Delete the category "${current}"?`,
      message: 'Its links stay, without a category.',
      confirmLabel: 'Delete category',
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteCategory(id);
      list.reload();
    } catch (e) {
      announce(formatError(e, 'summary'));
    }
  };
  const categories = list.data?.data;
  return (
    <main>
      <h1>Categories</h1>
      {editable ? <CategoryCreateForm onAdded={list.reload} /> : <RoleNote me={me} permission="links.write" />}
      {!categories && !list.error && <Skeleton label="Loading categories…" />}
      <ErrorMessage error={list.error} />
      {categories?.length === 0 && (
        <EmptyState title="No categories yet.">
          Categories group links so you can filter the list.{' '}
          {editable && 'Name your first one above, then choose it when you create or edit a link.'}
        </EmptyState>
      )}
      <ul class="plain">
        {(categories ?? []).map((c) => (
          <li key={c.id}>
            {c.name}{' '}
            {editable && (
              <>
                <button type="button" class="link-button" onClick={() => rename(c.id, c.name)}>
                  Rename
                </button>{' '}
                <button type="button" class="link-button" onClick={() => remove(c.id, c.name)}>
                  Delete
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {controlFeatures(me).pro.allowed && <TagsSection editable={editable} announce={announce} />}
    </main>
  );
}

/** A new category's name; its 422 messages sit under the field, anything else in the line below the form. */
function CategoryCreateForm({ onAdded }: { onAdded: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const fe: FormErrors = { form: 'category-create', errors };
  const add = async (event: Event) => {
    event.preventDefault();
    try {
      await createCategory({ name });
      setName('');
      setError(undefined);
      setErrors({});
      onAdded();
    } catch (e) {
      setErrors(fieldErrors(e));
      // Announced at once (role="alert"): what no field shows, or a pointer to the field that does.
      setError(formSummary(e, (path) => path === 'name'));
    }
  };
  return (
    <>
      {/* The label above, the input and its button on one line, the field's message under both. */}
      <form class="field" onSubmit={add} aria-label="Add a category">
        <label for="category-name">New category</label>
        <div class="row inline-field">
          <input
            id="category-name"
            class="grow"
            name="category_name"
            required
            maxLength={255}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            {...ariaFor(fe, 'name')}
          />
          <button type="submit">Add</button>
        </div>
        <FieldError fe={fe} at="name" />
      </form>
      <ErrorMessage error={error} />
    </>
  );
}
