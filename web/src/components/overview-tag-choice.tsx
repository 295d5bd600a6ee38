import { listTags } from '../lib/api.ts';
import { navigate, routeHref } from '../lib/hash-route.ts';
import { useData } from '../lib/use-data.ts';

/**
 * "Links tagged": restricts every figure of the Overview (totals, trend, top links, breakdowns,
 * earnings) to the links carrying one tag, kept in the address as `tag` like the range and the
 * filters. Shown only to a workspace that has tags.
 */
export function OverviewTagChoice({ path, query }: { path: string; query: URLSearchParams }) {
  const tags = useData(listTags, []);
  const list = tags.data?.data ?? [];
  const chosen = query.get('tag') ?? '';
  if (list.length === 0 && chosen === '') return null;
  const choose = (name: string) => {
    const next = new URLSearchParams(query);
    if (name) next.set('tag', name);
    else next.delete('tag');
    navigate(routeHref(path, next));
  };
  return (
    <label class="overview-tag">
      Links tagged{' '}
      <select name="overview_tag" value={chosen} onChange={(e) => choose(e.currentTarget.value)}>
        <option value="">All links</option>
        {list.map((tag) => (
          <option key={tag.id} value={tag.name}>
            {tag.name}
          </option>
        ))}
        {chosen && !list.some((tag) => tag.name === chosen) && <option value={chosen}>{chosen}</option>}
      </select>
    </label>
  );
}
