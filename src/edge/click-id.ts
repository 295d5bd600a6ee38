import { newClickId, placeClickId } from '../core/click-ids.ts';
import type { Decision, Owner, RedirectableLink } from '../core/redirect-decision.ts';

/** The decisions that can record a visit. */
type Answered = Extract<Decision, { kind: 'redirect' | 'choice-page' }>;

/**
 * A link with pass_click_id (Business) gives each counted visit it redirects a new click id, in
 * the destination's sub-id parameter or its `{click_id}`; the id then travels with the visit's
 * facts to the raw click. Made here in the process, from random bytes: no database work on the
 * redirect path. A visit that is not counted (a bot, a HEAD, a choice-page pick) gets none, and
 * only the placeholder is taken out of its destination.
 */
export function withClickId(
  link: RedirectableLink,
  owner: Owner,
  decision: Answered,
  isBot: () => boolean,
): { decision: Answered; clickId: string | undefined } {
  if (!link.passClickId || decision.kind !== 'redirect') return { decision, clickId: undefined };
  // After a downgrade from Business the link keeps its setting but gives no ids: only the
  // placeholder goes, so no visitor lands on a literal {click_id}.
  const counted = owner.business && decision.record.kind === 'click' && !isBot();
  const clickId = counted ? newClickId() : null;
  const location = placeClickId(decision.location, clickId);
  return { decision: { ...decision, location }, clickId: clickId ?? undefined };
}
