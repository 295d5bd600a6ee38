import { useEffect, useRef, useState } from 'preact/hooks';
import { rawClicks, rawClicksCsvUrl } from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import { browserName, countryName, deviceName, languageName, osName } from '../lib/names.ts';
import type { RawClick } from '../lib/types.ts';
import { ErrorMessage } from './error-message.tsx';

const PAGE = 50;

interface Loaded {
  rows: RawClick[];
  next: string | null;
}

/** A click's time in the person's own time zone, like every other time the dashboard shows. */
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * A link's clicks one by one, newest first (Business): a page at a time with "Load more", and the whole
 * history as CSV. `version` changes when clicks arrive: the rows already shown are read again from the
 * newest, so the new ones appear on top without losing the pages loaded.
 */
export function RawClicks({
  linkId,
  version,
  filtered = false,
}: {
  linkId: number;
  version: number;
  filtered?: boolean;
}) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const shown = useRef(PAGE);
  useEffect(() => {
    let live = true;
    rawClicks(linkId, Math.min(1000, Math.max(PAGE, shown.current))).then(
      (page) => {
        if (!live) return;
        setLoaded({ rows: page.data, next: page.next_cursor });
        setError(undefined);
      },
      (e: unknown) => live && setError(formatError(e, 'summary')),
    );
    return () => {
      live = false;
    };
  }, [linkId, version]);
  const more = async () => {
    if (!loaded?.next) return;
    setBusy(true);
    try {
      const page = await rawClicks(linkId, PAGE, loaded.next);
      const rows = [...loaded.rows, ...page.data];
      shown.current = rows.length;
      setLoaded({ rows, next: page.next_cursor });
      setError(undefined);
    } catch (e) {
      setError(formatError(e, 'summary'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card raw-clicks" aria-labelledby="raw-clicks-heading">
      <h2 id="raw-clicks-heading">Clicks one by one</h2>
      <p class="row">
        <span class="muted grow">
          Newest first, in your time zone. No visitor’s address is stored.
          {filtered && ' The filters above do not apply here: every click is listed.'}
        </span>
        <a href={rawClicksCsvUrl(linkId)} download>
          Download CSV
        </a>
      </p>
      <ErrorMessage error={error} />
      {loaded &&
        (loaded.rows.length === 0 ? <p class="muted">No clicks yet.</p> : <RawClicksTable rows={loaded.rows} />)}
      {loaded?.next && (
        <button type="button" onClick={more} disabled={busy}>
          {busy ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}

/**
 * The clicks loaded so far, one row each. Device, browser and system share a column, and Option and Variant
 * show only when a click has one, so the table fits a desktop's width; on a phone each row stacks into a
 * card whose cells carry their column's name (data-label, styles in stats.css).
 */
function RawClicksTable({ rows }: { rows: RawClick[] }) {
  const options = rows.some((c) => c.option !== null && c.option !== undefined);
  const variants = rows.some((c) => c.variant !== null && c.variant !== undefined);
  return (
    <table class="raw-clicks-table stacked" data-testid="raw-clicks">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Country</th>
          <th scope="col">Device</th>
          <th scope="col">Referrer</th>
          <th scope="col">Language</th>
          <th scope="col">Bot</th>
          {options && <th scope="col">Option</th>}
          {variants && <th scope="col">Variant</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((c, i) => (
          <tr key={`${c.clicked_at}-${i}`}>
            <td data-label="Time" title={c.clicked_at}>
              {when(c.clicked_at)}
            </td>
            <td data-label="Country" title={c.country}>
              {countryName(c.country)}
            </td>
            <td data-label="Device">
              {deviceName(c.device)} · {browserName(c.browser)} · {osName(c.os)}
            </td>
            <td data-label="Referrer" class="cut" title={c.referrer_host ?? undefined}>
              {c.referrer_host ?? '—'}
            </td>
            <td data-label="Language">{c.language ? languageName(c.language) : '—'}</td>
            <td data-label="Bot">{c.is_bot ? 'Yes' : 'No'}</td>
            {options && (
              <td data-label="Option" class="num">
                {c.option ?? '—'}
              </td>
            )}
            {variants && (
              <td data-label="Variant" class="num">
                {c.variant ?? '—'}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
