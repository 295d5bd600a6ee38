import type { ClickEvent, VisitFacts } from '../core/clicks.ts';
import type { GeoLookup } from './geo.ts';
import { referrerHost } from './referrer.ts';
import { parseUserAgent, type ParsedAgent } from './user-agent.ts';

/** One click row from a visit and what enrichment found for it (shared with packed-visits.ts). */
export function clickRow(
  linkId: number,
  optionIndex: number | null,
  variantIndex: number | null,
  at: string,
  country: string,
  agent: ParsedAgent,
  referrer: string | null,
): ClickEvent {
  return {
    linkId,
    at,
    country,
    device: agent.device,
    browser: agent.browser,
    os: agent.os,
    referrerHost: referrer,
    bot: agent.bot,
    optionIndex,
    variantIndex,
  };
}

export function createEnricher(geo: GeoLookup): (facts: VisitFacts) => ClickEvent {
  return (facts) =>
    clickRow(
      facts.linkId,
      facts.optionIndex ?? null,
      facts.variantIndex ?? null,
      new Date(facts.at).toISOString(),
      geo.country(facts.ip),
      parseUserAgent(facts.userAgent),
      referrerHost(facts.referer),
    );
}
