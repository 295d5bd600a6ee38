import { useEffect } from 'preact/hooks';
import { listDeliveries } from '../lib/api.ts';
import type { DeliveryRecord } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { ErrorMessage } from './error-message.tsx';

// Status and HTTP code come first: on a phone the table scrolls sideways, and they are what is looked for.
// A queued delivery is usually sent within the worker's next poll (1 s by default): while one has
// not had its first attempt yet, the list looks again this often. Retries wait minutes; no polling for them.
const QUEUED_REFRESH_MS = 2000;

const STATUS_TEXT: Record<DeliveryRecord['status'], string> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

const STATUS_CLASS: Record<DeliveryRecord['status'], string> = {
  pending: 'status',
  succeeded: 'status active',
  failed: 'status failed',
};

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** What the last attempt got back, or when the next one is due. */
function outcome(d: DeliveryRecord): string {
  const last = d.last_attempt;
  if (!last) return 'Waiting to be sent';
  const error = last.error ?? '';
  if (d.status === 'pending' && d.next_attempt_at) {
    return `${error || 'Not accepted'}; next try ${when(d.next_attempt_at)}`;
  }
  return error;
}

/**
 * The 50 most recent deliveries of one webhook, newest first (the API answers no more and does not
 * page). `refreshKey` changes to load again, e.g. after a test was sent.
 */
export function WebhookDeliveries({ webhookId, refreshKey }: { webhookId: number; refreshKey: number }) {
  const deliveries = useData(() => listDeliveries(webhookId), [webhookId, refreshKey]);
  const list = deliveries.data?.data;
  const queued = list?.some((d) => d.status === 'pending' && d.attempts === 0) ?? false;
  useEffect(() => {
    if (!queued || deliveries.loading) return;
    const timer = setTimeout(deliveries.reload, QUEUED_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [queued, deliveries.loading, list]);

  return (
    <section class="deliveries" aria-label="Recent deliveries" aria-busy={deliveries.loading}>
      <div class="row deliveries-head">
        <h4 class="grow">Recent deliveries</h4>
        <button type="button" class="link-button" onClick={deliveries.reload} disabled={deliveries.loading}>
          Refresh
        </button>
      </div>
      <ErrorMessage error={deliveries.error} />
      {!list && deliveries.loading && <p class="muted">Loading deliveries…</p>}
      {list?.length === 0 && (
        <p class="empty">Nothing sent yet. Use “Send test” to check that your receiver gets deliveries.</p>
      )}
      {list && list.length > 0 && (
        <div class="scroll">
          <table class="deliveries-table">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col" class="num">
                  HTTP
                </th>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col" class="num">
                  Tries
                </th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <tr key={d.id}>
                  <td>
                    <span class={STATUS_CLASS[d.status]}>{STATUS_TEXT[d.status]}</span>
                  </td>
                  <td class="num">{d.last_attempt?.status_code ?? '—'}</td>
                  <td class="delivery-time">{when(d.created_at)}</td>
                  <td>
                    <code>{d.event}</code>
                  </td>
                  <td class="num">{d.attempts}</td>
                  <td class="delivery-error">{outcome(d) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
