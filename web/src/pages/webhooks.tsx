import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { RoleNote } from '../components/role-note.tsx';
import { SecretOnce } from '../components/secret-once.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { SkeletonBlock } from '../components/ui/skeleton.tsx';
import { WebhookDeliveries } from '../components/webhook-deliveries.tsx';
import { WebhookForm } from '../components/webhook-form.tsx';
import { deleteWebhook, listWebhooks, sendTestWebhook, updateWebhook } from '../lib/api.ts';
import { confirmDialog } from '../lib/dialogs.tsx';
import { formatError } from '../lib/errors.ts';
import { can } from '../lib/permissions.ts';
import type { Announce } from '../lib/toast.ts';
import type { CreatedWebhook, Me, WebhookEvent, WebhookRecord } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';
import { WEBHOOK_EVENT_TEXT } from '../lib/webhook-events.ts';
import { pageHref } from '../lib/workspace-route.ts';

/** What webhooks are, for every plan: the page's opening and all a plan without them sees. */
function WebhooksIntro() {
  return (
    <p>
      A webhook tells another system the moment something happens in your account: Hoplink sends an HTTPS POST with the
      event as JSON, signed with a secret so your receiver can check it came from us. Automation tools (Zapier, Make,
      n8n) and store plugins use them to act on new links, clicks and broken destinations.
    </p>
  );
}

/** For plans without webhooks: what they are and where they come from, with no request that would be refused. */
function WebhooksLocked() {
  return (
    <>
      <WebhooksIntro />
      <div class="card" role="note">
        <p>
          <span class="badge locked">Locked</span> Webhooks come with the <strong>Business</strong> plan.
        </p>
        <p class="muted">
          Webhooks tell your own systems the moment a link is created, changed, clicked or earns a sale. Whoever runs
          this Hoplink can change your plan; your <a href={pageHref('/account')}>Account</a> page shows what it has.
        </p>
      </div>
    </>
  );
}

/** One subscription: where it sends, what, whether it is still active; test it, see its deliveries, delete it. */
function WebhookCard({
  webhook,
  manage,
  announce,
  onDeleted,
}: {
  webhook: WebhookRecord;
  /** Whether Send test and Delete show (admins and the owner). */
  manage: boolean;
  announce: Announce;
  onDeleted: () => void;
}) {
  const [shown, setShown] = useState(webhook);
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [error, setError] = useState<string>();
  const [testing, setTesting] = useState(false);
  const panel = `webhook-${webhook.id}-deliveries`;
  const sendTest = async () => {
    setTesting(true);
    try {
      await sendTestWebhook(webhook.id);
      setError(undefined);
      setOpen(true);
      setRefreshKey((k) => k + 1);
      announce('Test delivery queued: its outcome appears under Recent deliveries.');
    } catch (e) {
      setError(`Test not sent: ${formatError(e, 'summary')}`);
    } finally {
      setTesting(false);
    }
  };
  const remove = async () => {
    const sure = await confirmDialog({
      title: 'Delete this webhook?',
      message: `Nothing more is sent to ${webhook.url}.`,
      confirmLabel: 'Delete webhook',
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteWebhook(webhook.id);
      announce('Webhook deleted.');
      onDeleted();
    } catch (e) {
      setError(`Not deleted: ${formatError(e, 'summary')}`);
    }
  };
  const turn = async (on: boolean) => {
    try {
      setShown(await updateWebhook(webhook.id, { is_active: on }));
      setError(undefined);
      announce(on ? 'Webhook turned on: it sends new events again.' : 'Webhook turned off.');
    } catch (e) {
      setError(`Not changed: ${formatError(e, 'summary')}`);
    }
  };
  const saved = (changed: WebhookRecord) => {
    setShown(changed);
    setEditing(false);
    announce('Webhook saved.');
  };
  return (
    <li class="card webhook" aria-labelledby={`webhook-${webhook.id}-url`}>
      <WebhookSummary webhook={shown} />
      {editing && <WebhookForm webhook={shown} onSaved={saved} onCancel={() => setEditing(false)} />}
      <ErrorMessage error={error} />
      <div class="row webhook-actions">
        {manage && !shown.is_active && (
          <button type="button" onClick={() => turn(true)}>
            Turn on again
          </button>
        )}
        {manage && (
          <button type="button" onClick={sendTest} disabled={testing || !shown.is_active}>
            Send test
          </button>
        )}
        {manage && !editing && (
          <button type="button" class="secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
        <button
          type="button"
          class="secondary"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        {manage && shown.is_active && (
          <button type="button" class="link-button" onClick={() => turn(false)}>
            Turn off
          </button>
        )}
        {manage && (
          <button type="button" class="link-button danger" onClick={remove}>
            Delete
          </button>
        )}
      </div>
      <div id={panel} hidden={!open}>
        {open && <WebhookDeliveries webhookId={webhook.id} refreshKey={refreshKey} />}
      </div>
    </li>
  );
}

/** Where a subscription sends, whether it still does (and why not), and which events. */
function WebhookSummary({ webhook }: { webhook: WebhookRecord }) {
  const status = webhook.is_active ? <span class="status active">Active</span> : <span class="status failed">Off</span>;
  return (
    <>
      <h3 class="webhook-url" id={`webhook-${webhook.id}-url`}>
        {webhook.url}
      </h3>
      {webhook.description && <p class="webhook-description">{webhook.description}</p>}
      <p>
        {status} <span class="muted">Created {new Date(webhook.created_at).toLocaleString()}</span>
      </p>
      {!webhook.is_active && (
        <p class="error">
          {webhook.disabled_reason ?? 'Disabled.'} Turn it on again once your receiver works: it then sends new events.
        </p>
      )}
      <p class="webhook-events-list">
        <span class="visually-hidden">Events: </span>
        {webhook.events.map((event) => (
          <span class="badge event" key={event} title={WEBHOOK_EVENT_TEXT[event as WebhookEvent]}>
            {event}
          </span>
        ))}
      </p>
    </>
  );
}

/** The Business page: the new webhook's secret (once), the form, and every subscription. */
function WebhookManager({ me, announce }: { me: Me; announce: Announce }) {
  const manage = can(me, 'settings.manage');
  const webhooks = useData(listWebhooks, []);
  const [fresh, setFresh] = useState<CreatedWebhook>();
  const created = (webhook: CreatedWebhook) => {
    setFresh(webhook);
    announce('Webhook added. Copy its secret now.');
    webhooks.reload();
  };
  const list = webhooks.data?.data;
  return (
    <>
      <WebhooksIntro />
      {fresh && (
        <SecretOnce id="webhook-secret" label="Signing secret" value={fresh.secret} announce={announce}>
          <p>
            For <code class="wrap">{fresh.url}</code>. Check each delivery’s <code>Hoplink-Signature</code> header with
            it (<a href="/docs">API docs</a>).
          </p>
        </SecretOnce>
      )}
      {manage ? <WebhookForm onCreated={created} /> : <RoleNote me={me} permission="settings.manage" />}
      <h2>Webhooks of this workspace</h2>
      <ErrorMessage error={webhooks.error} />
      {!list && webhooks.loading && <SkeletonBlock label="Loading webhooks…" shape="card" />}
      {list?.length === 0 && (
        <EmptyState title="No webhooks yet.">
          Add your receiver’s URL above and choose its events; then use “Send test” to check it.
        </EmptyState>
      )}
      {list && list.length > 0 && (
        <ul class="plain webhooks">
          {list.map((webhook) => (
            <WebhookCard
              key={webhook.id}
              webhook={webhook}
              manage={manage}
              announce={announce}
              onDeleted={webhooks.reload}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** Webhooks (Business): subscribe a receiver to events, test it, see its deliveries, delete it. */
export function WebhooksPage({ me, announce }: { me: Me; announce: Announce }) {
  return (
    <main>
      <h1>Webhooks</h1>
      {me.features.webhooks.allowed ? <WebhookManager me={me} announce={announce} /> : <WebhooksLocked />}
    </main>
  );
}
