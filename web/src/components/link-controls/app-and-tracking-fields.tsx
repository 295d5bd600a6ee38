import { programForHost } from '../../../../src/core/affiliate.ts';
import { FieldError } from '../field-error.tsx';
import { Locked } from '../locked.tsx';
import { ariaFor, type FormErrors } from '../../lib/errors.ts';
import { listAffiliateTags } from '../../lib/api.ts';
import type { ControlsDraft } from '../../lib/link-controls.ts';
import type { FeatureState } from '../../lib/types.ts';
import { useData } from '../../lib/use-data.ts';
import { pageHref } from '../../lib/workspace-route.ts';

interface Props {
  draft: ControlsDraft;
  onChange: (change: Partial<ControlsDraft>) => void;
  business: FeatureState;
  /** The destination URL as typed: its program decides which tracking ids there are to choose. */
  destination: string;
  fe: FormErrors;
}

function programOf(destination: string) {
  try {
    return programForHost(new URL(destination).hostname);
  } catch {
    return undefined;
  }
}

/**
 * Open in app and the link's tracking id (Business; docs/api.md "Open in app", "Tracking ids"):
 * a switch, and a choice among the workspace's tag and tracking ids for the destination's program.
 */
export function AppAndTrackingFields({ draft, onChange, business, destination, fe }: Props) {
  const tags = useData(business.allowed ? listAffiliateTags : null, [business.allowed]);
  const program = programOf(destination);
  const record = program && tags.data?.data.find((tag) => tag.affiliate_program.id === program.id);
  const openHint = `${fe.form}-open-in-app-hint`;
  const trackingHint = `${fe.form}-tracking-id-hint`;
  const clickIdHint = `${fe.form}-pass-click-id-hint`;
  // "The tag" stands for the record's tag; a saved choice not among the ids (the tag itself, or one
  // the record no longer holds) stays listed, so the select shows what the link has.
  const ids = record ? [...record.tracking_ids] : [];
  if (draft.trackingId !== '' && !ids.includes(draft.trackingId)) ids.push(draft.trackingId);
  return (
    <>
      <fieldset>
        <legend>Open in app</legend>
        <Locked state={business}>
          <label class="check">
            <input
              type="checkbox"
              name="open_in_app"
              checked={draft.openInApp}
              onChange={(e) => onChange({ openInApp: e.currentTarget.checked })}
              {...ariaFor(fe, 'open_in_app', openHint)}
            />
            Open the app on phones
          </label>
          <FieldError fe={fe} at="open_in_app" />
          <p class="hint" id={openHint}>
            Visitors on iPhone or Android (in Instagram, TikTok and other apps too) whose destination has an app
            (Amazon, YouTube, Instagram, Spotify, eBay, Etsy, …) open it, with your tag; without the app they get the
            web page.
          </p>
        </Locked>
      </fieldset>
      <fieldset>
        <legend>Click ids</legend>
        <Locked state={business}>
          <label class="check">
            <input
              type="checkbox"
              name="pass_click_id"
              checked={draft.passClickId}
              onChange={(e) => onChange({ passClickId: e.currentTarget.checked })}
              {...ariaFor(fe, 'pass_click_id', clickIdHint)}
            />
            Pass a click id to the destination
          </label>
          <FieldError fe={fe} at="pass_click_id" />
          <p class="hint" id={clickIdHint}>
            Each visit gets its own id in the program’s sub-id parameter (Amazon ascsubtag, eBay customid, …) or in
            place of {'{click_id}'} in the URL, so the sales a network reports back are counted on this link.
          </p>
        </Locked>
      </fieldset>
      <fieldset>
        <legend>Tracking id</legend>
        <Locked state={business}>
          <div class="field">
            <label>
              Tracking id
              <select
                name="tracking_id"
                value={draft.trackingId}
                disabled={ids.length === 0}
                onChange={(e) => onChange({ trackingId: e.currentTarget.value })}
                {...ariaFor(fe, 'tracking_id', trackingHint)}
              >
                <option value="">{record ? `The tag (${record.tag})` : 'The tag'}</option>
                {ids.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
            </label>
            <FieldError fe={fe} at="tracking_id" />
            <span class="hint" id={trackingHint}>
              {!program
                ? 'The destination belongs to no affiliate program.'
                : record
                  ? `Injected for ${program.name} instead of the tag.`
                  : `No tag for ${program.name} yet.`}{' '}
              Tracking ids are kept with your tags on the <a href={pageHref('/affiliates')}>Affiliate tags</a> page.
            </span>
          </div>
        </Locked>
      </fieldset>
    </>
  );
}
