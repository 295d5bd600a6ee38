import { FieldError } from '../field-error.tsx';
import { Locked } from '../locked.tsx';
import { ariaFor, groupAria, type FormErrors } from '../../lib/errors.ts';
import type { FeatureState } from '../../lib/types.ts';
import {
  MAX_CLICKS_LIMIT,
  MAX_TITLE_LENGTH,
  type ControlFeatures,
  type ControlsDraft,
} from '../../lib/link-controls.ts';
import { AppAndTrackingFields } from './app-and-tracking-fields.tsx';
import { ExpiryField } from './expiry-field.tsx';
import { LocalizeField, localizeDescribedBy } from './localize-field.tsx';
import { PasswordField } from './password-field.tsx';
import { PreviewEditor } from './preview-editor.tsx';
import { UtmBuilder } from './utm-builder.tsx';
import { VariantsEditor } from './variants-editor.tsx';
import { pageHref } from '../../lib/workspace-route.ts';

interface Props {
  draft: ControlsDraft;
  onChange: (next: ControlsDraft) => void;
  features: ControlFeatures;
  /** The destination URL as typed, for the UTM result, the first variant and the preview card. */
  destination: string;
  /** The saved link's state, when editing one. */
  saved?: { hasPassword: boolean; clickCount: number };
  /** The account's storefront localisation default; undefined while unknown. */
  localizeDefault: boolean | undefined;
  fe: FormErrors;
}

/**
 * Every link control (docs/api.md "Link controls"), for the create and the edit form alike: title,
 * expiry, click limit and expired URL, UTM (Pro); password, A/B split, social preview, storefront
 * localisation, open in app, tracking id (Business). What the plan lacks stays visible, locked, with the reason.
 */
export function LinkControlsFields({ draft, onChange, features, destination, saved, localizeDefault, fe }: Props) {
  const set = (change: Partial<ControlsDraft>) => onChange({ ...draft, ...change });
  const localizeHint = `${fe.form}-localize-hint`;
  return (
    <>
      <TitleAndLimits draft={draft} onChange={set} pro={features.pro} clickCount={saved?.clickCount} fe={fe} />
      <fieldset {...groupAria(fe, 'utm')}>
        <legend>UTM parameters</legend>
        <Locked state={features.pro}>
          <UtmBuilder utm={draft.utm} onChange={(utm) => set({ utm })} destination={destination} fe={fe} />
        </Locked>
      </fieldset>
      <fieldset>
        <legend>Password</legend>
        <Locked state={features.business}>
          <PasswordField
            hasPassword={saved?.hasPassword ?? false}
            password={draft.password}
            remove={draft.removePassword}
            onChange={(password, removePassword) => set({ password, removePassword })}
            fe={fe}
          />
        </Locked>
      </fieldset>
      <fieldset {...groupAria(fe, 'variants')}>
        <legend>A/B split</legend>
        <Locked state={features.business}>
          <VariantsEditor
            variants={draft.variants}
            onChange={(variants) => set({ variants })}
            destination={destination}
            fe={fe}
          />
        </Locked>
      </fieldset>
      <fieldset {...groupAria(fe, 'preview')}>
        <legend>Social preview</legend>
        <Locked state={features.business}>
          <PreviewEditor
            preview={draft.preview}
            onChange={(preview) => set({ preview })}
            destination={destination}
            fe={fe}
          />
        </Locked>
      </fieldset>
      <fieldset aria-describedby={localizeDescribedBy(fe, localizeHint)}>
        <legend>Storefront localisation</legend>
        <p class="hint" id={localizeHint}>
          Visitors of Amazon product and search links go to their own country’s Amazon when you have an affiliate tag
          for that storefront (add one for each on the <a href={pageHref('/affiliates')}>Affiliate tags</a> page), and
          visitors of Apple links (App Store, Music, Books) to their own country’s store; everyone else gets the
          original URL.
        </p>
        <Locked state={features.business}>
          <LocalizeField
            value={draft.localize}
            onChange={(localize) => set({ localize })}
            accountDefault={localizeDefault}
            fe={fe}
          />
        </Locked>
      </fieldset>
      <AppAndTrackingFields
        draft={draft}
        onChange={set}
        business={features.business}
        destination={destination}
        fe={fe}
      />
    </>
  );
}

interface TitleAndLimitsProps {
  draft: ControlsDraft;
  onChange: (change: Partial<ControlsDraft>) => void;
  pro: FeatureState;
  /** The saved link's clicks, when editing one. */
  clickCount: number | undefined;
  fe: FormErrors;
}

/** The Pro controls but UTM: title, expiry, click limit, and where an expired link sends its visitors. */
function TitleAndLimits({ draft, onChange, pro, clickCount, fe }: TitleAndLimitsProps) {
  const limitHint = `${fe.form}-max-clicks-hint`;
  const expiredHint = `${fe.form}-expired-url-hint`;
  return (
    <fieldset>
      <legend>Title and limits</legend>
      <Locked state={pro}>
        <div class="field">
          <label>
            Title
            <input
              name="title"
              maxLength={MAX_TITLE_LENGTH}
              placeholder="A name of your own; search finds it"
              value={draft.title}
              onInput={(e) => onChange({ title: e.currentTarget.value })}
              {...ariaFor(fe, 'title')}
            />
          </label>
          <FieldError fe={fe} at="title" />
        </div>
        <div class="row fields">
          <ExpiryField value={draft.expires} onChange={(expires) => onChange({ expires })} fe={fe} />
          <div class="field">
            <label>
              Click limit
              <input
                type="number"
                name="max_clicks"
                min={1}
                max={MAX_CLICKS_LIMIT}
                step={1}
                value={draft.maxClicks}
                onInput={(e) => onChange({ maxClicks: e.currentTarget.value })}
                {...ariaFor(fe, 'max_clicks', limitHint)}
              />
            </label>
            <FieldError fe={fe} at="max_clicks" />
            <span class="hint" id={limitHint}>
              {clickCount !== undefined ? `${clickCount} clicks so far. ` : ''}Empty: no limit.
            </span>
          </div>
        </div>
        <div class="field">
          <label>
            After expiry, send visitors to
            <input
              type="url"
              name="expired_url"
              placeholder="https://example.com/offer-ended"
              value={draft.expiredUrl}
              onInput={(e) => onChange({ expiredUrl: e.currentTarget.value })}
              {...ariaFor(fe, 'expired_url', expiredHint)}
            />
          </label>
          <FieldError fe={fe} at="expired_url" />
          <span class="hint" id={expiredHint}>
            Empty: they get a short “link expired” page (410).
          </span>
        </div>
      </Locked>
    </fieldset>
  );
}
