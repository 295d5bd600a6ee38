import { primaryLanguage } from '../core/accept-language.ts';
import { campaignOf, type Campaign } from '../core/campaign.ts';
import type { ClickEvent, VisitFacts } from '../core/clicks.ts';
import { visitorKey } from '../core/visitors.ts';
import type { GeoLookup } from './geo.ts';
import { referrerHost } from './referrer.ts';
import { parseUserAgent, type ParsedAgent } from './user-agent.ts';

/** What a click row is made of: the visit's own facts and what enrichment found for it. */
export interface ClickRowParts {
  linkId: number;
  optionIndex: number | null;
  variantIndex: number | null;
  storefront: string | null;
  at: string;
  country: string;
  agent: ParsedAgent;
  referrerHost: string | null;
  language: string | null;
  campaign: Campaign;
  visitor: string;
}

/** One click row (shared with packed-visits.ts). */
export function clickRow(parts: ClickRowParts): ClickEvent {
  return {
    linkId: parts.linkId,
    at: parts.at,
    country: parts.country,
    device: parts.agent.device,
    browser: parts.agent.browser,
    os: parts.agent.os,
    referrerHost: parts.referrerHost,
    bot: parts.agent.bot,
    optionIndex: parts.optionIndex,
    variantIndex: parts.variantIndex,
    storefront: parts.storefront,
    language: parts.language,
    ...parts.campaign,
    visitor: parts.visitor,
  };
}

/**
 * One visit enriched on its own: the definition the batch enrichment the writers use
 * (enrichPackedVisits) is held to in tests. A country the redirect already looked up is used as
 * it is: one GeoIP lookup per visit.
 */
export function createEnricher(geo: GeoLookup): (facts: VisitFacts) => ClickEvent {
  return (facts) =>
    clickRow({
      linkId: facts.linkId,
      optionIndex: facts.optionIndex ?? null,
      variantIndex: facts.variantIndex ?? null,
      storefront: facts.storefront ?? null,
      at: new Date(facts.at).toISOString(),
      country: facts.country ?? geo.country(facts.ip),
      agent: parseUserAgent(facts.userAgent),
      referrerHost: referrerHost(facts.referer),
      language: primaryLanguage(facts.acceptLanguage),
      campaign: campaignOf(facts.query),
      visitor: visitorKey(facts.ip, facts.userAgent),
    });
}
