import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { SkeletonTable } from '../components/ui/skeleton.tsx';
import { auditLog, listMembers } from '../lib/api.ts';
import {
  AUDIT_ACTIONS,
  auditApiQuery,
  auditFiltersQuery,
  NO_FILTERS,
  parseAuditFilters,
  RESOURCE_TYPES,
  actorText,
  type AuditFilters,
} from '../lib/audit-log.ts';
import { formatError } from '../lib/errors.ts';
import { navigate, routeHref } from '../lib/hash-route.ts';
import { can } from '../lib/permissions.ts';
import type { AuditEntry, Me, MemberRecord } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

interface Props {
  me: Me;
  path: string;
  query: URLSearchParams;
}

/** Who did what in the workspace, newest first, filtered by the address's query (admins and the owner). */
export function AuditLogPage({ me, path, query }: Props) {
  return (
    <main class="audit-page">
      <h1>Audit log</h1>
      {can(me, 'members.manage') ? (
        <AuditLog path={path} query={query} />
      ) : (
        <div class="notice" role="note">
          <p>Only this workspace's admins and owner can read its audit log.</p>
        </div>
      )}
    </main>
  );
}

function AuditLog({ path, query }: Omit<Props, 'me'>) {
  const filters = parseAuditFilters(query);
  const key = auditFiltersQuery(filters).toString();
  const members = useData(listMembers, []);
  const apply = (next: AuditFilters) => navigate(routeHref(path, auditFiltersQuery(next)));
  return (
    <>
      <p>
        Every change to links, members, invitations, tokens, domains, tags, webhooks and the workspace, with who made it
        and when. Field names are shown, never their values. Entries are kept for a year.
      </p>
      <AuditFilterForm key={key} filters={filters} members={members.data?.data ?? []} onApply={apply} />
      <AuditEntries key={key} filters={filters} />
    </>
  );
}

interface FilterFormProps {
  filters: AuditFilters;
  members: MemberRecord[];
  onApply: (filters: AuditFilters) => void;
}

/** The filters as typed; applied together (the address changes) when the form is sent. */
function AuditFilterForm({ filters, members, onApply }: FilterFormProps) {
  const [draft, setDraft] = useState(filters);
  const set = (change: Partial<AuditFilters>) => setDraft({ ...draft, ...change });
  const filtered = auditFiltersQuery(filters).size > 0;
  return (
    <form
      class="audit-filters"
      aria-label="Filter the audit log"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <label>
        Action
        <input
          name="action"
          list="audit-actions"
          maxLength={40}
          value={draft.action}
          onInput={(e) => set({ action: e.currentTarget.value })}
        />
      </label>
      <datalist id="audit-actions">
        {AUDIT_ACTIONS.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <label>
        Resource type
        <select value={draft.resourceType} onChange={(e) => set({ resourceType: e.currentTarget.value })}>
          <option value="">Any</option>
          {RESOURCE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label>
        Who
        <select value={draft.actor} onChange={(e) => set({ actor: e.currentTarget.value })}>
          <option value="">Anyone</option>
          {members.map((m) => (
            <option key={m.user_id} value={String(m.user_id)}>
              {m.email}
            </option>
          ))}
        </select>
      </label>
      <label>
        From
        <input type="date" value={draft.from} onInput={(e) => set({ from: e.currentTarget.value })} />
      </label>
      <label>
        To
        <input type="date" value={draft.to} onInput={(e) => set({ to: e.currentTarget.value })} />
      </label>
      <div class="row audit-filter-buttons">
        <button type="submit">Apply filters</button>
        {filtered && (
          <button type="button" class="secondary" onClick={() => onApply(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}

/** The first page of entries for the filters, then "Load more" with the last answer's cursor. */
function AuditEntries({ filters }: { filters: AuditFilters }) {
  const first = useData((signal) => auditLog(auditApiQuery(filters), signal), []);
  const [more, setMore] = useState<AuditEntry[]>([]);
  // undefined until a second page is read: the first page's cursor holds until then.
  const [cursor, setCursor] = useState<string | null>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const next = cursor === undefined ? first.data?.next_cursor : cursor;
  const loadMore = async () => {
    if (!next) return;
    setLoading(true);
    try {
      const page = await auditLog({ ...auditApiQuery(filters), cursor: next });
      setMore((shown) => [...shown, ...page.data]);
      setCursor(page.next_cursor);
      setError(undefined);
    } catch (e) {
      setError(formatError(e, 'summary'));
    } finally {
      setLoading(false);
    }
  };
  if (first.error) return <ErrorMessage error={first.error} />;
  if (!first.data) return <SkeletonTable label="Loading the audit log…" rows={4} columns={5} />;
  const entries = [...first.data.data, ...more];
  if (entries.length === 0) {
    return <EmptyState title="No entries.">Nothing was recorded that matches these filters.</EmptyState>;
  }
  return (
    <>
      <AuditTable entries={entries} />
      <ErrorMessage error={error} />
      {next && (
        <button type="button" class="secondary" onClick={loadMore} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}

/** The entries; on a phone each is a card (styles.css), so nothing scrolls sideways. */
function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <table class="audit-table stacked">
      <thead>
        <tr>
          <th>When</th>
          <th>Who</th>
          <th>Action</th>
          <th>Resource</th>
          <th>Fields</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td class="audit-time">{new Date(e.created_at).toLocaleString()}</td>
            <td>{actorText(e.actor)}</td>
            <td>
              <code>{e.action}</code>
            </td>
            <td>
              {e.resource_type}
              {e.resource_id !== null && ` #${e.resource_id}`}
            </td>
            <td>{e.fields.length > 0 ? e.fields.join(', ') : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
