import { clickEvent } from '../../test/helpers/clicks.ts';
import { describe, expect, it } from 'vitest';
import { visitorKey } from '../core/visitors.ts';
import { createEnricher } from './enrich.ts';
import { firstCountedPerLink } from '../core/clicks.ts';
import { staticGeoLookup } from './geo.ts';
import { referrerHost } from './referrer.ts';

describe('referrer host', () => {
  it.each([
    ['https://www.Google.com/search?q=x', 'www.google.com'],
    ['http://t.co/abc', 't.co'],
    ['android-app://com.slack', null],
    ['not a url', null],
    [undefined, null],
  ])('reads %s as %s', (referer, host) => {
    expect(referrerHost(referer)).toBe(host);
  });
});

const IPHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

describe('enrichment', () => {
  it('records the preferred language and the short URL’s campaign, and who the visitor is in memory', () => {
    const enrich = createEnricher(staticGeoLookup({}));
    const event = enrich({
      linkId: 7,
      at: 0,
      ip: '81.2.69.142',
      userAgent: IPHONE_AGENT,
      referer: undefined,
      acceptLanguage: 'de-CH, en;q=0.8',
      query: 'utm_source=news&utm_medium=email&utm_campaign=bf&x=1',
    });
    expect(event).toMatchObject({ language: 'de', utmSource: 'news', utmMedium: 'email', utmCampaign: 'bf' });
    expect(event.visitor).toBe(visitorKey('81.2.69.142', IPHONE_AGENT));
    expect(event.visitor).not.toContain('81.2.69.142');
  });

  it('takes the country the redirect already looked up, and the storefront it chose', () => {
    const enrich = createEnricher(staticGeoLookup({ '81.2.69.142': 'GB' }));
    const event = enrich({
      linkId: 7,
      at: 0,
      ip: '81.2.69.142',
      userAgent: undefined,
      referer: undefined,
      country: 'DE',
      storefront: 'amazon.de',
    });
    expect(event).toMatchObject({ country: 'DE', storefront: 'amazon.de' });
  });

  it('builds one flat click row', () => {
    const enrich = createEnricher(staticGeoLookup({ '81.2.69.142': 'GB' }));
    const event = enrich({
      linkId: 7,
      at: Date.parse('2026-03-01T10:00:00Z'),
      ip: '81.2.69.142',
      userAgent: IPHONE_AGENT,
      referer: 'https://news.example/item',
    });
    expect(event).toEqual({
      linkId: 7,
      at: '2026-03-01T10:00:00.000Z',
      country: 'GB',
      device: 'mobile',
      browser: 'safari',
      os: 'ios',
      referrerHost: 'news.example',
      bot: false,
      optionIndex: null,
      variantIndex: null,
      storefront: null,
      language: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      visitor: visitorKey('81.2.69.142', IPHONE_AGENT),
    });
  });
});

describe('the counted clicks kept for link.clicked webhooks', () => {
  const event = clickEvent;

  it('keeps the first counted clicks of each link up to its room, and none of a link without room', () => {
    const events = [
      event(1, { country: 'A1' }),
      event(1, { bot: true }),
      event(2),
      event(1, { optionIndex: 0 }),
      event(1, { country: 'A2' }),
      event(1, { country: 'A3' }),
      event(3),
    ];
    const kept = firstCountedPerLink(
      events,
      new Map([
        [1, 2],
        [2, 5],
      ]),
    );
    expect(kept.map((e) => [e.linkId, e.country])).toEqual([
      [1, 'A1'],
      [2, 'US'],
      [1, 'A2'],
    ]);
  });
});
