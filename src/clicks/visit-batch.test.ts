import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { clickEvent, visitFacts } from '../../test/helpers/clicks.ts';
import { firstCountedPerLink, type VisitFacts } from '../core/clicks.ts';
import { visitorKey } from '../core/visitors.ts';
import { staticGeoLookup } from './geo.ts';
import { referrerHost } from './referrer.ts';
import {
  createEnricher,
  decodeVisitBatch,
  encodeVisitBatch,
  enrichVisitBatch,
  joinVisitBatches,
  linkIdsOf,
  packVisits,
  VisitPacker,
  type PackedVisits,
} from './visit-batch.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.1 Mobile/15E148 Safari/604.1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const geo = staticGeoLookup({ '81.2.69.142': 'GB', '8.8.8.8': 'US' });
const at = Date.parse('2026-03-01T23:59:59.998Z');

// Repeated and absent headers, several links, a choice-page pick, a variant, a bot, and clicks on both
// sides of midnight sharing or not sharing a millisecond.
const visits: VisitFacts[] = [
  { linkId: 7, at, ip: '81.2.69.142', userAgent: IPHONE, referer: 'https://news.example/item' },
  {
    linkId: 7,
    at,
    ip: '81.2.69.142',
    userAgent: IPHONE,
    referer: 'https://news.example/item',
    clickId: 'q3ZkB1tX0m9cP2wLrVn8aA',
  },
  { linkId: 9, at: at + 1, ip: '8.8.8.8', userAgent: undefined, referer: undefined },
  { linkId: 9, at: at + 2, ip: '', userAgent: CHROME, referer: 'android-app://com.slack', optionIndex: 2 },
  { linkId: 7, at: at + 2, ip: '8.8.8.8', userAgent: BOT, referer: 'https://NEWS.example/' },
  { linkId: 2 ** 40, at: at + 3, ip: '10.0.0.1', userAgent: CHROME, referer: undefined, optionIndex: null },
  { linkId: 11, at: at + 3, ip: '8.8.8.8', userAgent: CHROME, referer: undefined, variantIndex: 4 },
  {
    linkId: 11,
    at: at + 4,
    ip: '8.8.8.8',
    userAgent: CHROME,
    referer: undefined,
    country: 'DE',
    storefront: 'amazon.de',
  },
];

describe('a batch of visits', () => {
  it('enriches to exactly the clicks each visit enriches to on its own', () => {
    expect(enrichVisitBatch(packVisits(visits), geo)).toEqual(visits.map(createEnricher(geo)));
  });

  it('holds each distinct address, user agent and referrer once', () => {
    const packed = packVisits(visits);
    expect(packed.count).toBe(8);
    expect(packed.ips).toEqual(['81.2.69.142', '8.8.8.8', '', '10.0.0.1']);
    expect(packed.userAgents).toEqual([IPHONE, CHROME, BOT]);
    expect(packed.referers).toEqual(['https://news.example/item', 'android-app://com.slack', 'https://NEWS.example/']);
  });

  it('crosses a message port copied, so the sender keeps its batch to try again', async () => {
    const packed = packVisits(visits);
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<PackedVisits>((resolve) => port2.once('message', resolve));
    port1.postMessage(packed);
    const arrived = await received;
    port1.close();
    expect(enrichVisitBatch(arrived, geo)).toEqual(visits.map(createEnricher(geo)));
    expect(enrichVisitBatch(packed, geo)).toEqual(visits.map(createEnricher(geo)));
  });

  it('is packed one visit at a time, a batch of fewer than its capacity holding just those', () => {
    const packer = new VisitPacker(100);
    for (const visit of visits.slice(0, 5)) packer.add(visit);
    expect(packer.count).toBe(5);
    const packed = packer.finish();
    expect(packed.count).toBe(5);
    expect(packed.linkIds).toHaveLength(5);
    expect(packed.userAgent).toHaveLength(5);
    expect(enrichVisitBatch(packed, geo)).toEqual(visits.slice(0, 5).map(createEnricher(geo)));
  });

  it('takes no more visits than its capacity', () => {
    const packer = new VisitPacker(1);
    packer.add(visits[0]!);
    expect(() => packer.add(visits[1]!)).toThrow(RangeError);
  });

  it('starts again empty when cleared, with string tables of its new visits only', () => {
    const packer = new VisitPacker(4);
    for (const visit of visits.slice(0, 4)) packer.add(visit);
    packer.clear();
    expect(packer.count).toBe(0);
    for (const visit of visits.slice(4, 6)) packer.add(visit);
    const packed = packer.finish();
    expect(packed.count).toBe(2);
    expect(packed.userAgents).toEqual([BOT, CHROME]);
    expect(packed.ips).toEqual(['8.8.8.8', '10.0.0.1']);
    expect(enrichVisitBatch(packed, geo)).toEqual(visits.slice(4, 6).map(createEnricher(geo)));
  });

  it('joins other batches into one, each distinct string once, enriching to the same clicks', () => {
    const joined = joinVisitBatches([packVisits(visits.slice(0, 3)), packVisits([]), packVisits(visits.slice(3))]);
    expect(joined).toEqual(packVisits(visits));
    expect(enrichVisitBatch(joined, geo)).toEqual(visits.map(createEnricher(geo)));
  });

  it('takes a whole batch only while it has room for it', () => {
    const packer = new VisitPacker(3);
    packer.addBatch(packVisits(visits.slice(0, 2)));
    expect(() => packer.addBatch(packVisits(visits.slice(2, 4)))).toThrow(RangeError);
    expect(packer.count).toBe(2);
  });

  it('names each link it has visits of once', () => {
    expect([...linkIdsOf(packVisits(visits))]).toEqual([7, 9, 2 ** 40, 11]);
  });

  it('enriches to no clicks when empty', () => {
    expect(enrichVisitBatch(packVisits([]), geo)).toEqual([]);
  });
});

describe('a batch of visits as text (a stream entry)', () => {
  it('decodes to the batch it was encoded from, every value as recorded', () => {
    const recorded: VisitFacts[] = [
      ...visits,
      visitFacts(2, {
        ip: '2001:db8::1',
        acceptLanguage: 'de-DE,de;q=0.9',
        query: 'utm_source=news&utm_medium="quoted", \\ and unicode: é',
      }),
    ];
    const packed = packVisits(recorded);
    const decoded = decodeVisitBatch(encodeVisitBatch(packed));
    expect(decoded).toEqual(packed);
    expect(enrichVisitBatch(decoded, geo)).toEqual(recorded.map(createEnricher(geo)));
  });

  it('holds each distinct header once, in less than half the JSON of the visits', () => {
    const same = Array.from({ length: 10 }, (_, i) => visitFacts(i % 3));
    const value = encodeVisitBatch(packVisits(same));
    expect(value.split(same[0]!.userAgent!)).toHaveLength(2);
    expect(value.length).toBeLessThan(JSON.stringify(same).length / 2);
  });

  it('carries the click id of each visit that has one, and none for the others', () => {
    const decoded = decodeVisitBatch(encodeVisitBatch(packVisits(visits)));
    expect(decoded.clickIds).toEqual(['q3ZkB1tX0m9cP2wLrVn8aA']);
    expect(enrichVisitBatch(decoded, geo).map((click) => click.clickId)).toEqual(
      visits.map((visit) => visit.clickId ?? null),
    );
  });

  it('decodes an entry written before click ids, every visit without one', () => {
    const withoutIds = visits.map(({ clickId: _, ...visit }) => visit);
    const current = JSON.parse(encodeVisitBatch(packVisits(withoutIds))) as unknown[];
    // That entry had neither the click id column (the last column) nor its table (the last table).
    const columns = current.length - 8;
    const older = JSON.stringify([...current.slice(0, columns - 1), ...current.slice(columns, -1)]);
    const decoded = decodeVisitBatch(older);
    expect(enrichVisitBatch(decoded, geo)).toEqual(withoutIds.map(createEnricher(geo)));
    expect([...decoded.clickId].every((index) => index === -1)).toBe(true);
  });

  it('decodes an empty batch', () => {
    expect(decodeVisitBatch(encodeVisitBatch(packVisits([])))).toMatchObject({ count: 0, ips: [] });
  });

  it.each([
    ['not JSON', '{"linkId": 1'],
    ['a visit object', JSON.stringify(visitFacts(1))],
    ['an array of visits', JSON.stringify([visitFacts(1)])],
    ['a column too short', encodeVisitBatch(packVisits(visits)).replace('[7,7,', '[7,')],
  ])('refuses %s', (_, value) => {
    expect(() => decodeVisitBatch(value)).toThrow();
  });
});

describe('enrichment', () => {
  it.each([
    ['https://www.Google.com/search?q=x', 'www.google.com'],
    ['http://t.co/abc', 't.co'],
    ['android-app://com.slack', null],
    ['not a url', null],
    [undefined, null],
  ])('reads the referrer %s as %s', (referer, host) => {
    expect(referrerHost(referer)).toBe(host);
  });

  it('records the preferred language and the short URL’s campaign, and who the visitor is in memory', () => {
    const enrich = createEnricher(staticGeoLookup({}));
    const event = enrich({
      linkId: 7,
      at: 0,
      ip: '81.2.69.142',
      userAgent: IPHONE,
      referer: undefined,
      acceptLanguage: 'de-CH, en;q=0.8',
      query: 'utm_source=news&utm_medium=email&utm_campaign=bf&x=1',
    });
    expect(event).toMatchObject({ language: 'de', utmSource: 'news', utmMedium: 'email', utmCampaign: 'bf' });
    expect(event.visitor).toBe(visitorKey('81.2.69.142', IPHONE));
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
      userAgent: IPHONE,
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
      clickId: null,
      visitor: visitorKey('81.2.69.142', IPHONE),
    });
  });

  it('keeps for link.clicked webhooks the first counted clicks of each link up to its room', () => {
    const events = [
      clickEvent(1, { country: 'A1' }),
      clickEvent(1, { bot: true }),
      clickEvent(2),
      clickEvent(1, { optionIndex: 0 }),
      clickEvent(1, { country: 'A2' }),
      clickEvent(1, { country: 'A3' }),
      clickEvent(3),
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
