import { useState } from 'preact/hooks';
import { DomainCard, ownershipWords, routingWords } from '../components/domain-card.tsx';
import { ErrorMessage } from '../components/error-message.tsx';
import { Locked } from '../components/locked.tsx';
import { RoleNote } from '../components/role-note.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { SkeletonBlock } from '../components/ui/skeleton.tsx';
import { checkDomain, createDomain, deleteDomain, listDomains } from '../lib/api.ts';
import { FieldError } from '../components/field-error.tsx';
import { confirmDialog } from '../lib/dialogs.tsx';
import { can } from '../lib/permissions.ts';
import { ariaFor, fieldMessages, formatError, formSummary, type FormErrors } from '../lib/errors.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import type { Announce } from '../lib/toast.ts';
import type { DomainRecord, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

/** A check's outcome, said once: verified, or what each record still lacks. */
function checkAnnouncement(domain: DomainRecord): string {
  if (domain.status === 'active') return `${domain.hostname} is verified.`;
  const parts = [`Ownership: ${ownershipWords(domain)}`];
  if (domain.routing !== 'unchecked') parts.push(`Routing: ${routingWords(domain)}`);
  return `${domain.hostname} is not verified yet. ${parts.join(' ')}`;
}

/** Custom short-link domains: add one, create the DNS records shown, check them, remove it. */
export function DomainsPage({ me, announce }: { me: Me; announce: Announce }) {
  const domains = useData(me.features.domains.allowed ? listDomains : null, []);
  const check = async (id: number) => {
    try {
      const domain = await checkDomain(id);
      announce(checkAnnouncement(domain));
      domains.reload();
    } catch (e) {
      announce(formatError(e, 'paths'));
    }
  };
  const remove = async (id: number, name: string) => {
    const sure = await confirmDialog({
      title: `Remove ${name}?`,
      message: 'Short links on this domain stop working. You can add it again later.',
      confirmLabel: 'Remove domain',
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteDomain(id);
      domains.reload();
    } catch (e) {
      announce(formatError(e, 'paths'));
    }
  };
  const list = domains.data?.data;
  // Members and viewers see the domains and their records; admins add, check and remove them.
  const manage = can(me, 'settings.manage');
  return (
    <main>
      <h1>Custom domains</h1>
      <Locked
        state={me.features.domains}
        what="Short links on your own domain (go.example.com/sale), checked for you until they route."
      >
        {manage ? <DomainForm onAdded={domains.reload} /> : <RoleNote me={me} permission="settings.manage" />}
        {!list && !domains.error && <SkeletonBlock label="Loading domains…" shape="card" />}
        {domains.error && <ErrorMessage error={domains.error} />}
        {list?.length === 0 && (
          <EmptyState title="No domains yet.">
            Add a hostname you own above, then create the DNS record shown at your DNS provider and check it.
          </EmptyState>
        )}
        {(list ?? []).map((d) => (
          <DomainCard
            key={d.id}
            domain={d}
            onCheck={manage ? () => check(d.id) : undefined}
            onRemove={manage ? () => remove(d.id, d.hostname) : undefined}
          />
        ))}
      </Locked>
    </main>
  );
}

/** A hostname the person owns, to serve their short links. */
function DomainForm({ onAdded }: { onAdded: () => void }) {
  const [hostname, setHostname] = useState('');
  const [error, setError] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const fe: FormErrors = { form: 'domain', errors };
  const formRef = useFocusFirstInvalid(errors);
  const add = async (event: Event) => {
    event.preventDefault();
    try {
      await createDomain({ hostname });
      setHostname('');
      setError(undefined);
      setErrors({});
      onAdded();
    } catch (e) {
      setErrors(fieldMessages(e));
      setError(formSummary(e, (path) => path === 'hostname'));
    }
  };
  return (
    <>
      <form class="row" onSubmit={add} aria-label="Add a domain" ref={formRef}>
        <div class="field grow">
          <label>
            Hostname{' '}
            <input
              name="hostname"
              required
              placeholder="go.yourbrand.com"
              value={hostname}
              onInput={(e) => setHostname(e.currentTarget.value)}
              {...ariaFor(fe, 'hostname')}
            />
          </label>
          <FieldError fe={fe} at="hostname" />
        </div>
        <button type="submit" class="field-button">
          Add domain
        </button>
      </form>
      <ErrorMessage error={error} />
    </>
  );
}
