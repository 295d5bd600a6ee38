import { useState } from 'preact/hooks';
import { TAG_COLORS, type TagColor } from '../../../src/core/tags.ts';
import { countOf } from '../lib/counts.ts';
import { createTag, deleteTag, listTags, updateTag } from '../lib/api.ts';
import { confirmDialog, promptDialog } from '../lib/dialogs.tsx';
import { formatError } from '../lib/errors.ts';
import { routeHref } from '../lib/hash-route.ts';
import type { Announce } from '../lib/toast.ts';
import type { TagRecord } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { ErrorMessage } from './error-message.tsx';

const colourName = (colour: string) => colour[0]!.toUpperCase() + colour.slice(1);

/**
 * The workspace's tags on the Categories page: each with its colour, how many links carry it and
 * a link to those links; add, rename, recolour and delete for those who may write.
 */
export function TagsSection({ editable, announce }: { editable: boolean; announce: Announce }) {
  const list = useData(listTags, []);
  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      list.reload();
      if (done) announce(done);
    } catch (e) {
      announce(formatError(e, 'paths'));
    }
  };
  const rename = async (tag: TagRecord) => {
    const name = await promptDialog({
      title: `Rename "${tag.name}"`,
      label: 'New name',
      initial: tag.name,
      confirmLabel: 'Rename',
    });
    if (name && name !== tag.name) await act(() => updateTag(tag.id, { name }), `Renamed to "${name}".`);
  };
  const remove = async (tag: TagRecord) => {
    const sure = await confirmDialog({
      title: `Delete the tag "${tag.name}"?`,
      message: `It is taken off ${countOf(tag.link_count, 'link')}; the links stay.`,
      confirmLabel: 'Delete tag',
      danger: true,
    });
    if (sure) await act(() => deleteTag(tag.id), `Deleted the tag "${tag.name}".`);
  };
  const tags = list.data?.data;
  return (
    <section class="tags-section" aria-labelledby="tags-heading">
      <h2 id="tags-heading">Tags</h2>
      <p class="hint">A link carries up to 20 tags; the Links page filters by them.</p>
      {editable && <TagCreateForm onAdd={(name, color) => act(() => createTag({ name, color }))} />}
      {!tags && !list.error && <p class="hint">Loading tags…</p>}
      <ErrorMessage error={list.error} />
      {tags?.length === 0 && (
        <p class="hint">
          No tags yet. Tags label links many ways at once: a campaign, a channel, a partner. Add one here or while
          creating a link.
        </p>
      )}
      {tags && tags.length > 0 && (
        <div>
          <table class="tags-table">
            <thead>
              <tr>
                <th scope="col">Tag</th>
                <th scope="col" class="num">
                  Links
                </th>
                {editable && <th scope="col">Colour</th>}
                {editable && (
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <tr key={tag.id}>
                  <th scope="row">
                    <span class={`tag tag-${tag.color}`}>{tag.name}</span>
                  </th>
                  <td class="num">
                    <a href={routeHref('/links', new URLSearchParams({ tag: tag.name }))}>
                      {countOf(tag.link_count, 'link')}
                      <span class="visually-hidden"> tagged {tag.name}: show them</span>
                    </a>
                  </td>
                  {editable && (
                    <td>
                      <select
                        aria-label={`Colour of ${tag.name}`}
                        value={tag.color}
                        onChange={(e) => act(() => updateTag(tag.id, { color: e.currentTarget.value as TagColor }))}
                      >
                        {TAG_COLORS.map((colour) => (
                          <option key={colour} value={colour}>
                            {colourName(colour)}
                          </option>
                        ))}
                      </select>
                    </td>
                  )}
                  {editable && (
                    <td class="actions">
                      <button type="button" class="link-button" onClick={() => rename(tag)}>
                        Rename<span class="visually-hidden"> {tag.name}</span>
                      </button>{' '}
                      <button type="button" class="link-button" onClick={() => remove(tag)}>
                        Delete<span class="visually-hidden"> {tag.name}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TagCreateForm({ onAdd }: { onAdd: (name: string, color: TagColor) => Promise<void> }) {
  const [name, setName] = useState('');
  const [color, setColor] = useState<TagColor>('blue');
  return (
    <form
      class="row inline-field"
      aria-label="Add a tag"
      onSubmit={async (event) => {
        event.preventDefault();
        await onAdd(name, color);
        setName('');
      }}
    >
      <label class="grow">
        New tag{' '}
        <input name="tag_name" required maxLength={50} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <label>
        Colour{' '}
        <select name="tag_color" value={color} onChange={(e) => setColor(e.currentTarget.value as TagColor)}>
          {TAG_COLORS.map((colour) => (
            <option key={colour} value={colour}>
              {colourName(colour)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="field-button">
        Create tag
      </button>
    </form>
  );
}
