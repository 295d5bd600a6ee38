import { useState } from 'preact/hooks';
import { createWebhook } from '../lib/api.ts';
import { ariaFor, errorId, fieldErrors, formSummary, messagesAt, type FormErrors } from '../lib/errors.ts';
import type { CreatedWebhook, WebhookEvent } from '../lib/types.ts';
import { WEBHOOK_EVENT_TEXT, WEBHOOK_EVENTS } from '../lib/webhook-events.ts';
import { ErrorMessage } from './error-message.tsx';
import { FieldError } from './field-error.tsx';

const FORM = 'webhook';
const URL_HINT = 'webhook-url-hint';
// Messages about one event (events.2) belong to the group as well.
const shownHere = (path: string) => path === 'url' || path === 'description' || path.startsWith('events');

/** Subscribes a receiver URL to chosen events; the created webhook (with its secret) goes to `onCreated`. */
export function WebhookForm({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['link.created']);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [summary, setSummary] = useState<string>();
  const [busy, setBusy] = useState(false);
  const fe: FormErrors = { form: FORM, errors };

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      const created = await createWebhook({ url, events, ...(description ? { description } : {}) });
      setUrl('');
      setDescription('');
      setEvents(['link.created']);
      setErrors({});
      setSummary(undefined);
      onCreated(created);
    } catch (error) {
      setErrors(fieldErrors(error));
      setSummary(formSummary(error, shownHere));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card" onSubmit={submit} aria-labelledby="webhook-form-heading">
      <h2 id="webhook-form-heading">Add a webhook</h2>
      <div class="field">
        <label for="webhook-url">Receiver URL</label>
        <input
          id="webhook-url"
          type="url"
          name="url"
          required
          maxLength={2048}
          placeholder="https://hooks.example.com/hoplink"
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
          {...ariaFor(fe, 'url', URL_HINT)}
        />
        <FieldError fe={fe} at="url" />
        <span class="hint" id={URL_HINT}>
          An https address on the public internet that answers 2xx quickly. Each delivery is a POST with a JSON body.
        </span>
      </div>
      <div class="field">
        <label for="webhook-description">Description (optional)</label>
        <input
          id="webhook-description"
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
      <button type="submit" disabled={busy}>
        Add webhook
      </button>
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
      aria-describedby={messagesAt(fe, eventPaths).length > 0 ? errorId(FORM, 'events') : undefined}
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
