import { copy } from '../lib/clipboard.ts';
import type { Announce } from '../lib/toast.ts';
import type { DomainRecord } from '../lib/types.ts';

interface Props {
  domain: DomainRecord;
  announce: Announce;
  /** Check now and Remove; none for those who may only read (below admin). */
  onCheck?: () => void;
  onRemove?: () => void;
}

/** One custom domain: its status and the DNS record that verifies it, with buttons to copy its parts. */
export function DomainCard({ domain: d, announce, onCheck, onRemove }: Props) {
  return (
    <section class="card">
      <h2>
        {d.hostname} <span class={`status ${d.status}`}>{d.status}</span>
      </h2>
      <p>Create this DNS record at your DNS provider:</p>
      <table>
        <tbody>
          <tr>
            <th scope="row">Type</th>
            <td>
              <code>{d.verification.type}</code>
            </td>
          </tr>
          <tr>
            <th scope="row">Name</th>
            <td>
              <code>{d.verification.name}</code>{' '}
              <button type="button" class="link-button" onClick={() => copy(d.verification.name, announce)}>
                Copy
              </button>
            </td>
          </tr>
          <tr>
            <th scope="row">Value</th>
            <td>
              <code>{d.verification.value}</code>{' '}
              <button type="button" class="link-button" onClick={() => copy(d.verification.value, announce)}>
                Copy
              </button>
            </td>
          </tr>
        </tbody>
      </table>
      <p class="muted">Last checked: {d.last_checked_at ? new Date(d.last_checked_at).toLocaleString() : 'never'}</p>
      {onCheck && onRemove && (
        <p class="row">
          <button type="button" onClick={onCheck}>
            Check now
          </button>{' '}
          <button type="button" class="link-button" onClick={onRemove}>
            Remove
          </button>
        </p>
      )}
    </section>
  );
}
