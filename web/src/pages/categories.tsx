import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { createCategory, deleteCategory, listCategories, renameCategory } from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import type { Announce } from '../lib/toast.ts';
import { useData } from '../lib/use-data.ts';

/** Categories group links so the link list can be filtered: add, rename, delete. */
export function CategoriesPage({ announce }: { announce: Announce }) {
  const list = useData(listCategories, []);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = async (event: Event) => {
    event.preventDefault();
    try {
      await createCategory({ name });
      setName('');
      setError(undefined);
      list.reload();
    } catch (e) {
      setError(formatError(e, 'paths'));
    }
  };
  const rename = async (id: number, current: string) => {
    const next = prompt('New name', current);
    if (!next || next === current) return;
    try {
      await renameCategory(id, { name: next });
      list.reload();
    } catch (e) {
      announce(formatError(e, 'paths'));
    }
  };
  const remove = async (id: number, current: string) => {
    if (!confirm(`Delete the category "${current}"? Its links stay, without a category.`)) return;
    await deleteCategory(id);
    list.reload();
  };
  const categories = list.data?.data;
  return (
    <main>
      <h1>Categories</h1>
      <form class="row" onSubmit={add} aria-label="Add a category">
        <label class="grow">
          New category{' '}
          <input
            name="category_name"
            required
            maxLength={255}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
        <button type="submit">Add</button>
      </form>
      <ErrorMessage error={error} />
      {categories?.length === 0 && (
        <p class="empty">No categories yet. Categories group links so you can filter the list.</p>
      )}
      <ul class="plain">
        {(categories ?? []).map((c) => (
          <li key={c.id}>
            {c.name}{' '}
            <button class="link-button" onClick={() => rename(c.id, c.name)}>
              Rename
            </button>{' '}
            <button class="link-button" onClick={() => remove(c.id, c.name)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
