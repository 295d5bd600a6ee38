import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { Locked } from '../components/locked.tsx';
import { RoleNote } from '../components/role-note.tsx';
import { getImport, listImports, startImport } from '../lib/api.ts';
import { formatError } from '../lib/errors.ts';
import { can } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { ImportRecord, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

/** How often a running import is asked for its progress. */
const POLL_MS = 1000;

const FORMATS: Array<[string, string]> = [
  ['Bitly', 'the links export: long_url, link (the code is taken from it), title, created_at, tags'],
  ['YOURLS', 'keyword, url, title, timestamp (clicks and ip are ignored)'],
  ['Shlink', 'the web client export: longUrl, shortCode, title, tags (| separated), createdAt'],
  ['Kutt', 'target, address, description, created_at'],
  ['Hoplink', 'the Export button on the Links page, so links move between accounts or servers'],
];

/** An import's state in words: the API's `status` is for scripts. */
const STATUS_WORDS: Record<ImportRecord['status'], string> = {
  queued: 'Waiting to start',
  running: 'Importing…',
  done: 'Finished',
  failed: 'Failed',
};

const startedAt = (job: ImportRecord) =>
  new Date(job.created_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const finished = (job: ImportRecord | undefined) => job?.status === 'done' || job?.status === 'failed';

/** Upload a CSV file, watch it import, read the rows it refused; the past imports below. */
export function ImportPage({ me, announce }: { me: Me; announce: Announce }) {
  const allowed = me.features.imports.allowed;
  const [file, setFile] = useState<File>();
  const [current, setCurrent] = useState<number>();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const job = useData(current === undefined ? null : () => getImport(current), [current]);
  const history = useData(allowed ? listImports : null, []);
  const running = current !== undefined && !finished(job.data);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(job.reload, POLL_MS);
    return () => clearInterval(timer);
  }, [running, job.reload]);
  useEffect(() => {
    if (finished(job.data)) {
      announce(job.data!.status === 'done' ? 'Import finished.' : 'Import failed.');
      history.reload();
    }
  }, [job.data?.status]);
  const upload = async (event: Event) => {
    event.preventDefault();
    if (!file) return;
    setSending(true);
    try {
      const queued = await startImport(file);
      setError(undefined);
      setCurrent(queued.id);
      history.reload();
    } catch (e) {
      setError(formatError(e));
    } finally {
      setSending(false);
    }
  };
  return (
    <main>
      <h1>Import links</h1>
      <RoleNote me={me} permission="links.write" />
      <Locked
        state={me.features.imports}
        what="Bring your links from Bitly, Shlink, Kutt or a CSV file, with their tags, in one go."
      >
        {can(me, 'links.write') && (
          <form class="row" onSubmit={upload} aria-label="Import a CSV file">
            <label class="grow">
              CSV file (at most 50 MB){' '}
              <input
                type="file"
                name="file"
                accept=".csv,text/csv"
                required
                onChange={(e) => setFile(e.currentTarget.files?.[0])}
              />
            </label>
            <button type="submit" disabled={!file || sending}>
              {sending ? 'Uploading…' : 'Import'}
            </button>
          </form>
        )}
        <ErrorMessage error={error} />
        <ErrorMessage error={job.error} />
        {job.data && <ImportProgress job={job.data} />}
        <FileFormats />
        {history.data && history.data.data.length > 0 && (
          <ImportHistory imports={history.data.data} onShow={setCurrent} />
        )}
      </Locked>
    </main>
  );
}

/** The columns the import reads, and the services whose exports it takes. */
function FileFormats() {
  return (
    <details>
      <summary>Files it understands</summary>
      <ColumnsRead />
      <ul>
        {FORMATS.map(([name, columns]) => (
          <li key={name}>
            <strong>{name}</strong>: {columns}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Column names in a sentence: each as code, separated by commas. */
function Names({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name, i) => (
        <Fragment key={name}>
          {i > 0 && ', '}
          <code>{name}</code>
        </Fragment>
      ))}
    </>
  );
}

/** Which columns the import reads, by any of their names. */
function ColumnsRead() {
  return (
    <p>
      A header row, then one link per row. Column names are matched whatever their case: the destination (
      <Names names={['redirect_url', 'url', 'long_url', 'target']} />) is required; the code (
      <Names names={['short_code', 'keyword', 'alias', 'address']} />, or the last part of a <code>link</code>/
      <code>short_url</code>), <code>title</code>/<code>description</code>, <code>category</code>/<code>tags</code> (the
      first tag) and <code>created_at</code> are optional. Rows without a code get a random one; a code already taken is
      skipped.
    </p>
  );
}

/** The past imports, newest first; Show brings one's progress and refused rows up above. */
function ImportHistory({ imports, onShow }: { imports: ImportRecord[]; onShow: (id: number) => void }) {
  return (
    <section>
      <h2>Recent imports</h2>
      <table>
        <thead>
          <tr>
            <th>Started</th>
            <th>Status</th>
            <th class="num">Created</th>
            <th class="num">Skipped</th>
            <th class="num">Invalid</th>
            <th>
              <span class="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {imports.map((item) => (
            <tr key={item.id}>
              <td>{startedAt(item)}</td>
              <td>{STATUS_WORDS[item.status]}</td>
              <td class="num">{item.created}</td>
              <td class="num">{item.skipped}</td>
              <td class="num">{item.invalid}</td>
              <td>
                <button type="button" class="link-button" onClick={() => onShow(item.id)}>
                  Show
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One import: a progress bar while it runs, its counters, and the rows it refused by number. */
function ImportProgress({ job }: { job: ImportRecord }) {
  const total = job.total ?? 0;
  return (
    <section aria-label="Import progress" data-testid="import-progress">
      <h2>
        Import of {startedAt(job)}: <span data-testid="import-status">{STATUS_WORDS[job.status]}</span>
      </h2>
      {!finished(job) && (
        <progress max={total || 1} value={job.processed}>
          {job.processed} of {total}
        </progress>
      )}
      <p>
        {job.processed.toLocaleString()} of {job.total === null ? '…' : total.toLocaleString()} rows:{' '}
        <strong data-testid="import-created">{job.created}</strong> created, {job.skipped} skipped (code taken),{' '}
        {job.invalid} invalid.
      </p>
      {job.failure_reason && (
        <p class="error" role="alert">
          {job.failure_reason}
        </p>
      )}
      {job.errors.length > 0 && (
        <table aria-label="Rows not imported">
          <thead>
            <tr>
              <th class="num">Row</th>
              <th>Why</th>
            </tr>
          </thead>
          <tbody>
            {job.errors.map((e) => (
              <tr key={e.row}>
                <td class="num">{e.row}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {job.errors.length > 0 && (
        <p class="hint">
          Row 1 is the first row under the header. The first 100 rows not imported are listed;{' '}
          {job.skipped + job.invalid > job.errors.length
            ? 'the counts above include the rest.'
            : 'that is all of them.'}
        </p>
      )}
    </section>
  );
}
