import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { HealthBadge } from '../components/health-badge.tsx';
import { LinkCreateForm } from '../components/link-create-form.tsx';
import { confirmDialog } from '../lib/dialogs.tsx';
import { deleteLink, EXPORT_URL, listCategories, listLinks } from '../lib/api.ts';
import type { Announce } from '../lib/toast.ts';
import type { HealthStatus, ListLinksInput, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

type Sort = NonNullable<ListLinksInput['sort']>;
type Direction = NonNullable<ListLinksInput['direction']>;

const HEALTH_FILTERS: Array<[HealthStatus, string]> = [
  ['broken', 'Broken'],
  ['ok', 'OK'],
  ['unknown', 'Unknown'],
];

const SORTS: Array<[Sort, string]> = [
  ['created_at', 'Created'],
  ['click_count', 'Clicks'],
  ['redirect_url', 'Destination'],
  ['short_code', 'Code'],
];

/** The link list: create a link, then search, sort, filter by category and page through. */
export function LinksPage({ me, announce }: { me: Me; announce: Announce }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('created_at');
  const [direction, setDirection] = useState<Direction>('desc');
  const [page, setPage] = useState(1);
  const [category, setCategory] = useState('');
  const [health, setHealth] = useState<HealthStatus | ''>('');
  const categories = useData(listCategories, []);
  const query: ListLinksInput = {
    sort,
    direction,
    page,
    per_page: 15,
    ...(search ? { search } : {}),
    ...(category ? { category_id: Number(category) } : {}),
    ...(health ? { health } : {}),
  };
  const list = useData(() => listLinks(query), [sort, direction, page, search, category, health]);
  const remove = async (id: number, code: string) => {
    const sure = await confirmDialog({
      title: `Delete the link ${code}?`,
      message: 'Its statistics are deleted too. This cannot be undone.',
      confirmLabel: 'Delete link',
      danger: true,
    });
    if (!sure) return;
    await deleteLink(id);
    announce('Link deleted.');
    list.reload();
  };
  const links = list.data?.data;
  const meta = list.data?.meta;
  return (
    <main>
      <div class="row">
        <h1 class="grow">Links</h1>
        {me.features.export.allowed && (
          <a class="button" href={EXPORT_URL} download>
            Export CSV
          </a>
        )}
      </div>
      <LinkCreateForm
        me={me}
        onCreated={(link) => {
          announce(`Created ${link.short_url}`);
          list.reload();
        }}
      />
      <div class="row">
        <label class="grow">
          Search{' '}
          <input
            type="search"
            placeholder="URL, code or title"
            value={search}
            onInput={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
        </label>
        {/* The selects offer only Sort and Direction values, hence the casts. */}
        <label>
          Sort{' '}
          <select value={sort} onChange={(e) => setSort(e.currentTarget.value as Sort)}>
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order{' '}
          <select value={direction} onChange={(e) => setDirection(e.currentTarget.value as Direction)}>
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </label>
        <label>
          Category{' '}
          <select
            name="category_filter"
            value={category}
            onChange={(e) => {
              setCategory(e.currentTarget.value);
              setPage(1);
            }}
          >
            <option value="">All</option>
            {(categories.data?.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Health {/* The options are HealthStatus values or '', hence the cast. */}
          <select
            name="health_filter"
            value={health}
            onChange={(e) => {
              setHealth(e.currentTarget.value as HealthStatus | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {HEALTH_FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorMessage error={list.error} />
      {links && links.length === 0 && (
        <p class="empty">
          {health || search || category
            ? 'No links match these filters.'
            : 'No links yet. Paste a URL above to make your first short link.'}
        </p>
      )}
      {links && links.length > 0 && (
        <table class="links">
          <thead>
            <tr>
              <th>Short link</th>
              <th>Destination</th>
              <th class="num">Clicks</th>
              <th>Status</th>
              <th>Health</th>
              <th>
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.id}>
                <td>
                  {link.title && <span class="link-title">{link.title}</span>}
                  <a href={`#/links/${link.id}`}>{link.short_url.replace(/^https?:\/\//, '')}</a>
                  {link.is_expired && <span class="badge expired">Expired</span>}
                </td>
                <td class="truncate" title={link.redirect_url}>
                  {link.redirect_url}
                </td>
                <td class="num">{link.click_count}</td>
                <td>{link.is_active ? 'Active' : 'Off'}</td>
                <td>
                  <HealthBadge health={link.health} />
                </td>
                <td>
                  <button
                    class="link-button"
                    onClick={() => remove(link.id, link.short_code)}
                    aria-label={`Delete ${link.short_code}`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {meta && meta.last_page > 1 && (
        <nav class="row" aria-label="Pages">
          <button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {meta.current_page} of {meta.last_page}
          </span>
          <button disabled={page >= meta.last_page} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </main>
  );
}
