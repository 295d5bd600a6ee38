import { useState } from 'preact/hooks';
import { createWebhook, updateWebhook } from '../lib/api.ts';
import { ariaFor, errorId, fieldErrors, formSummary, messagesAt, type FormErrors } from '../lib/errors.ts';
import type { CreatedWebhook, WebhookEvent, WebhookRecord } from '../lib/types.ts';
import { WEBHOOK_EVENT_TEXT, WEBHOOK_EVENTS } from '../lib/webhook-events.ts';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';

// Messages about one event (events.2) belong to the group as well.
const shownHere = (path: string) => path === 'url' || path === 'description' || path.startsWith('events');

type Props =
  /** Subscribes a receiver URL to chosen events; the created webhook (with its secret) goes to `onCreated`. */
  | { onCreated: (webhook: CreatedWebhook) => void; webhook?: undefined }
  /** Changes `webhook`: its URL, events and description; `onSaved` gets it back, `onCancel` closes the form. */
  | { webhook: WebhookRecord; onSaved: (webhook: WebhookRecord) => void; onCancel: () => void };

/** The form that adds a webhook, or (given one) edits it; several may be on the page, so ids carry the webhook's. */
export function WebhookForm(props: Props) {
  const editing = props.webhook;
  const form = editing ? `webhook-${editing.id}` : 'webhook';
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>((editing?.events as WebhookEvent[]) ?? ['link.created']);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [summary, setSummary] = useState<string>();
  const [busy, setBusy] = useState(false);
  const fe: FormErrors = { form, errors };
  const urlHint = `${form}-url-hint`;

  const save = async () => {
    if (props.webhook) {
      props.onSaved(await updateWebhook(props.webhook.id, { url, events, description: description || null }));
      return;
    }
    const created = await createWebhook({ url, events, ...(description ? { description } : {}) });
    setUrl('');
    setDescription('');
    setEvents(['link.created']);
    props.onCreated(created);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      await save();
      setErrors({});
      setSummary(undefined);
    } catch (error) {
      setErrors(fieldErrors(error));
      setSummary(formSummary(error, shownHere));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class={editing ? 'webhook-edit' : 'card'} onSubmit={submit} aria-labelledby={`${form}-form-heading`}>
      <h2 id={`${form}-form-heading`} class={editing ? 'visually-hidden' : undefined}>
        {editing ? `Edit the webhook to ${editing.url}` : 'Add a webhook'}
      </h2>
      <div class="field">
        <label for={`${form}-url`}>Receiver URL</label>
        <input
          id={`${form}-url`}
          type="url"
          name="url"
          required
          maxLength={2048}
          placeholder="https://hooks.example.com/hoplink"
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
          {...ariaFor(fe, 'url', urlHint)}
        />
        <FieldError fe={fe} at="url" />
        <span class="hint" id={urlHint}>
          An https address on the public internet that answers 2xx quickly. Each delivery is a POST with a JSON body.
        </span>
      </div>
      <div class="field">
        <label for={`${form}-description`}>Description (optional)</label>
        <input
          id={`${form}-description`}
          name="description"
          maxLength={255}
          placeholder="Zapier: new links to the team sheet"
          value={description}
          onInput={(e) => setDescription(e.currentTarget.value)}
          {...ariaFor(fe, 'description')}
        />
        <FieldError fe={fe} at="description" />
      </div>
      <EventChoices events={events} onChange={setEvents} fe={fe} />
      <ErrorMessage error={summary} />
      <p class="row">
        <button type="submit" disabled={busy}>
          {editing ? 'Save changes' : 'Add webhook'}
        </button>
        {props.webhook && (
          <button type="button" class="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </p>
    </form>
  );
}

interface EventChoicesProps {
  events: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  fe: FormErrors;
}

/** A checkbox per event, with what it means; the group's messages under them. */
function EventChoices({ events, onChange, fe }: EventChoicesProps) {
  // Per-event messages (events.0) are shown with the group's own.
  const eventPaths = ['events', ...Object.keys(fe.errors).filter((path) => path.startsWith('events.'))];
  const toggle = (event: WebhookEvent) =>
    onChange(events.includes(event) ? events.filter((e) => e !== event) : [...events, event]);
  return (
    <fieldset
      class="webhook-events"
      aria-describedby={messagesAt(fe, eventPaths).length > 0 ? errorId(fe.form, 'events') : undefined}
    >
      <legend>Send these events</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <label class="check" key={event}>
          <input
            type="checkbox"
            name="events"
            value={event}
            checked={events.includes(event)}
            onChange={() => toggle(event)}
          />
          <span>
            {WEBHOOK_EVENT_TEXT[event]} <code>{event}</code>
          </span>
        </label>
      ))}
      <FieldError fe={fe} at={eventPaths} />
    </fieldset>
  );
}
