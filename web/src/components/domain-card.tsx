import { CopyButton } from './copy-button.tsx';
import type { DomainRecord } from '../lib/types.ts';

interface Props {
  domain: DomainRecord;
  /** Check now and Remove; none for those who may only read (below admin). */
  onCheck?: () => void;
  onRemove?: () => void;
}

type DnsRecord = { type: string; name: string; value: string };

/** What the last check found, in words: the API's `ownership` and `routing`. */
export function ownershipWords(d: DomainRecord): string {
  if (d.ownership === null) return 'Not checked yet.';
  if (d.ownership === 'ok') return 'Found: this record proves the domain is yours.';
  const type = d.verification.type;
  return `Not found yet: create the ${type} record above. New DNS records can take a few minutes to appear.`;
}

export function routingWords(d: DomainRecord): string {
  switch (d.routing) {
    case 'ok':
      return 'Found: the domain points here.';
    case 'missing':
      return 'Not found yet: the domain points nowhere. Create the record above.';
    case 'wrong':
      return 'Points elsewhere: the domain has other records. Replace them with the one above.';
    default:
      return 'Not checked yet.';
  }
}

/** One DNS record, a row of the three fields a DNS provider asks for, name and value copyable; long values wrap. */
function RecordFields({ record, purpose }: { record: DnsRecord; purpose: string }) {
  return (
    <dl class="dns-record">
      <div>
        <dt>Type</dt>
        <dd>
          <code>{record.type}</code>
        </dd>
      </div>
      <div>
        <dt>Name</dt>
        <dd>
          <code>{record.name}</code> <CopyButton text={record.name} label={`Copy the ${purpose} record's name`} />
        </dd>
      </div>
      <div>
        <dt>Value</dt>
        <dd>
          <code>{record.value}</code> <CopyButton text={record.value} label={`Copy the ${purpose} record's value`} />
        </dd>
      </div>
    </dl>
  );
}

/** A domain's status in words (the API's value stays in the class, for its colour). */
const STATUS_WORDS: Record<Props['domain']['status'], string> = {
  pending: 'Waiting for DNS',
  active: 'Active',
  failed: 'Check failed',
};

/**
 * One custom domain: its status, the ownership record and (when the service asks for one) the
 * routing records to create, each with what the last check found, and buttons to copy their parts.
 */
export function DomainCard({ domain: d, onCheck, onRemove }: Props) {
  const routed = d.routing !== 'unchecked';
  const ownershipPurpose = routed ? 'ownership' : 'DNS';
  return (
    <section class="card domain-card">
      <h2>
        {d.hostname} <span class={`status ${d.status}`}>{STATUS_WORDS[d.status]}</span>
      </h2>
      <p>
        {routed
          ? 'Create both records at your DNS provider. The domain serves links once both are found.'
          : 'Create this DNS record at your DNS provider. The domain serves links once it is found.'}
      </p>
      <h3>{routed ? 'Ownership' : 'DNS record'}</h3>
      <RecordFields record={d.verification} purpose={ownershipPurpose} />
      <p class="check-result" data-testid="ownership-result">
        {ownershipWords(d)}
      </p>
      {routed && (
        <>
          <h3>Routing</h3>
          {d.routing_records.length > 1 && <p>Create all of these records:</p>}
          {d.routing_records.map((record) => (
            <RecordFields
              key={`${record.type} ${record.value}`}
              record={record}
              purpose={d.routing_records.length > 1 ? `routing ${record.type} ${record.value}` : 'routing'}
            />
          ))}
          <p class="check-result" data-testid="routing-result">
            {routingWords(d)}
          </p>
        </>
      )}
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
