import type { ClickEvent, VisitFacts } from '../../src/core/clicks.ts';

// Suites count on these defaults in their expectations (test/db/clicks, test/http/stats,
// test/db/writer-thread): changing one changes what they must expect.

/** An enriched click of `linkId`: a counted desktop Chrome visit from the US, unless `overrides` say otherwise. */
export function clickEvent(linkId: number, overrides: Partial<ClickEvent> = {}): ClickEvent {
  return {
    linkId,
    at: '2026-05-10T12:00:00.000Z',
    country: 'US',
    device: 'desktop',
    browser: 'chrome',
    os: 'windows',
    referrerHost: null,
    bot: false,
    optionIndex: null,
    variantIndex: null,
    storefront: null,
    language: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    clickId: null,
    visitor: 'one-visitor',
    ...overrides,
  };
}

export const CHROME_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** A visit of `linkId` as the edge captures it, before enrichment: desktop Chrome from GB with a referer. */
export function visitFacts(linkId: number, overrides: Partial<VisitFacts> = {}): VisitFacts {
  return {
    linkId,
    at: Date.parse('2026-05-10T12:00:00Z'),
    ip: '81.2.69.142',
    userAgent: CHROME_USER_AGENT,
    referer: 'https://news.example/a',
    optionIndex: null,
    ...overrides,
  };
}
