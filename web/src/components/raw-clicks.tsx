import { useEffect, useRef, useState } from 'preact/hooks';
import { rawClicks, rawClicksCsvUrl } from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import { countryName, languageName } from '../lib/names.ts';
import type { RawClick } from '../lib/types.ts';
import { ErrorMessage } from './error-message.tsx';

const PAGE = 50;

interface Loaded {
  rows: RawClick[];
  next: string | null;
}

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');

/**
 * A link's clicks one by one, newest first (Business): a page at a time with "Load more", and the whole
 * history as CSV. `version` changes when clicks arrive: the rows already shown are read again from the
 * newest, so the new ones appear on top without losing the pages loaded.
 */
export function RawClicks({ linkId, version }: { linkId: number; version: number }) {
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
        <span class="muted grow">Newest first. No visitor’s address is stored.</span>
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

/** The clicks loaded so far, one row each, in a table that scrolls sideways on a narrow screen. */
function RawClicksTable({ rows }: { rows: RawClick[] }) {
  return (
    // Focusable, so a keyboard can scroll the wide table sideways (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useSemanticElements: see above.
    <div class="scroll" tabIndex={0} role="region" aria-label="Raw clicks (scrolls sideways)">
      <table class="raw-clicks-table" data-testid="raw-clicks">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Country</th>
            <th scope="col">Device</th>
            <th scope="col">Browser</th>
            <th scope="col">OS</th>
            <th scope="col">Referrer</th>
            <th scope="col">Language</th>
            <th scope="col">Bot</th>
            <th scope="col">Option</th>
            <th scope="col">Variant</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c, i) => (
            <tr key={`${c.clicked_at}-${i}`}>
              <td class="nowrap">{when(c.clicked_at)}</td>
              <td title={c.country}>{countryName(c.country)}</td>
              <td>{c.device}</td>
              <td>{c.browser}</td>
              <td>{c.os}</td>
              <td>{c.referrer_host ?? '—'}</td>
              <td>{c.language ? languageName(c.language) : '—'}</td>
              <td>{c.is_bot ? 'Yes' : 'No'}</td>
              <td class="num">{c.option ?? '—'}</td>
              <td class="num">{c.variant ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
