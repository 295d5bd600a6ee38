import { useState } from 'preact/hooks';
import { ErrorMessage } from '../components/error-message.tsx';
import { Locked } from '../components/locked.tsx';
import { PostbackSettings } from '../components/postback-settings.tsx';
import { RoleNote } from '../components/role-note.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import {
  createAffiliateTag,
  deleteAffiliateTag,
  listAffiliatePrograms,
  listAffiliateTags,
  updateAffiliateTag,
} from '../lib/api.ts';
import { FieldError } from '../components/field-error.tsx';
import { ariaFor, fieldMessages, formatError, formSummary, type FormErrors } from '../lib/errors.ts';
import { can } from '../lib/permissions.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import type { Announce } from '../lib/toast.ts';
import type { AffiliateProgramRecord, AffiliateTagRecord, Me } from '../lib/types.ts';
import { useData } from '../lib/use-data.ts';

// The add form's fields; any other message goes to the line under the form, in words.
const shownHere = (path: string) => path === 'affiliate_program_id' || path === 'tag';

/** The person's tag per affiliate program, added to every link that goes to that program's store. */
export function AffiliatesPage({ me, announce }: { me: Me; announce: Announce }) {
  const allowed = me.features.affiliates.allowed;
  const programs = useData(allowed ? listAffiliatePrograms : null, []);
  const tags = useData(allowed ? listAffiliateTags : null, []);
  const [error, setError] = useState<string>();
  const remove = async (id: number) => {
    try {
      await deleteAffiliateTag(id);
      setError(undefined);
      tags.reload();
    } catch (e) {
      setError(formatError(e, 'summary'));
    }
  };
  // Members and viewers see the tags; admins add and remove them.
  const manage = can(me, 'settings.manage');
  const list = tags.data?.data;
  return (
    <main>
      <h1>Affiliate tags</h1>
      <p>
        Your tag is added to every link that goes to a program's store, including targeted destinations and choice-page
        options.
      </p>
      <Locked
        state={me.features.affiliates}
        what="Your affiliate tags put in every Amazon or eBay link on its way out, and the sales they earn."
      >
        {manage ? (
          <AffiliateTagForm programs={programs.data?.data ?? []} onAdded={tags.reload} />
        ) : (
          <RoleNote me={me} permission="settings.manage" />
        )}
        <ErrorMessage error={error} />
        {!list && !tags.error && <Skeleton label="Loading tags…" lines={2} />}
        {tags.error && <ErrorMessage error={tags.error} />}
        {list?.length === 0 && (
          <EmptyState title="No tags yet.">
            Choose a program and add your tag above: every link to that store then carries it.
          </EmptyState>
        )}
        <ul class="plain">
          {(list ?? []).map((t) => (
            <li key={t.id}>
              {t.affiliate_program.name}: <code>{t.tag}</code>{' '}
              {manage && (
                <button type="button" class="link-button" onClick={() => remove(t.id)}>
                  Remove
                </button>
              )}
              {manage ? (
                <TrackingIdsForm tag={t} onSaved={tags.reload} />
              ) : (
                t.tracking_ids.length > 0 && (
                  <p class="hint">
                    Tracking ids: <code>{t.tracking_ids.join(', ')}</code>
                  </p>
                )
              )}
            </li>
          ))}
        </ul>
        <PostbackSettings manage={manage} announce={announce} />
      </Locked>
    </main>
  );
}

interface AffiliateTagFormProps {
  programs: AffiliateProgramRecord[];
  onAdded: () => void;
}

/** A program and the person's tag for it. */
function AffiliateTagForm({ programs, onAdded }: AffiliateTagFormProps) {
  // Id 1 (Amazon US) heads the catalog, so the state matches the option the select shows first.
  const [program, setProgram] = useState('1');
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const fe: FormErrors = { form: 'tag', errors };
  const formRef = useFocusFirstInvalid(errors);
  const add = async (event: Event) => {
    event.preventDefault();
    try {
      await createAffiliateTag({ affiliate_program_id: Number(program), tag });
      setTag('');
      setError(undefined);
      setErrors({});
      onAdded();
    } catch (e) {
      setErrors(fieldMessages(e));
      setError(formSummary(e, shownHere));
    }
  };
  return (
    <>
      <form class="row" onSubmit={add} aria-label="Add an affiliate tag" ref={formRef}>
        <div class="field">
          <label>
            Program{' '}
            <select
              name="program"
              value={program}
              onChange={(e) => setProgram(e.currentTarget.value)}
              {...ariaFor(fe, 'affiliate_program_id')}
            >
              {programs.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.param}=)
                </option>
              ))}
            </select>
          </label>
          <FieldError fe={fe} at="affiliate_program_id" />
        </div>
        <div class="field grow">
          <label>
            Your tag{' '}
            <input
              name="tag"
              required
              value={tag}
              onInput={(e) => setTag(e.currentTarget.value)}
              {...ariaFor(fe, 'tag')}
            />
          </label>
          <FieldError fe={fe} at="tag" />
        </div>
        <button type="submit" class="field-button">
          Add
        </button>
      </form>
      <ErrorMessage error={error} />
    </>
  );
}

/** The ids as typed: separated by commas, spaces or new lines. */
const idsOf = (text: string) => text.split(/[\s,]+/).filter((id) => id !== '');

/**
 * A tag record's tracking ids (docs/api.md "Tracking ids"): up to 20 further ids of the program, one
 * of which a link may choose (its settings' "Tracking id") instead of the tag.
 */
function TrackingIdsForm({ tag, onSaved }: { tag: AffiliateTagRecord; onSaved: () => void }) {
  const [text, setText] = useState(tag.tracking_ids.join(', '));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const fe: FormErrors = { form: `tracking-ids-${tag.id}`, errors: merged(errors) };
  const hint = `tracking-ids-${tag.id}-hint`;
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      await updateAffiliateTag(tag.id, { tracking_ids: idsOf(text) });
      setErrors({});
      setError(undefined);
      setSaved(true);
      onSaved();
    } catch (e) {
      setSaved(false);
      setErrors(fieldMessages(e));
      setError(formSummary(e, (path) => path.startsWith('tracking_ids')));
    }
  };
  return (
    <form class="row" onSubmit={save} aria-label={`Tracking ids for ${tag.affiliate_program.name}`}>
      <div class="field grow">
        <label>
          Tracking ids for {tag.affiliate_program.name}{' '}
          <input
            name="tracking_ids"
            value={text}
            onInput={(e) => {
              setText(e.currentTarget.value);
              setSaved(false);
            }}
            {...ariaFor(fe, 'tracking_ids', hint)}
          />
        </label>
        <FieldError fe={fe} at="tracking_ids" />
        <span class="hint" id={hint}>
          Up to 20, separated by commas; a link can choose one instead of the tag in its settings.
        </span>
      </div>
      <button type="submit" class="field-button">
        Save ids
      </button>
      {saved && <span role="status">Saved.</span>}
      <ErrorMessage error={error} />
    </form>
  );
}

/** Every message about the ids (`tracking_ids.3`) at the one input that holds them all. */
function merged(errors: Record<string, string[]>): Record<string, string[]> {
  const messages = Object.entries(errors)
    .filter(([path]) => path.startsWith('tracking_ids'))
    .flatMap(([, list]) => list);
  return messages.length > 0 ? { tracking_ids: messages } : {};
}
