import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createEnricher } from './enrich.ts';
import type { VisitFacts } from '../core/clicks.ts';
import { staticGeoLookup } from './geo.ts';
import { enrichPackedVisits, linkIdsOf, packVisits, VisitPacker, type PackedVisits } from './packed-visits.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const geo = staticGeoLookup({ '81.2.69.142': 'GB', '8.8.8.8': 'US' });
const at = Date.parse('2026-03-01T23:59:59.998Z');

// Repeated and absent headers, several links, a choice-page pick, a variant, a bot, and clicks on both
// sides of midnight sharing or not sharing a millisecond.
const visits: VisitFacts[] = [
  { linkId: 7, at, ip: '81.2.69.142', userAgent: IPHONE, referer: 'https://news.example/item' },
  { linkId: 7, at, ip: '81.2.69.142', userAgent: IPHONE, referer: 'https://news.example/item' },
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

describe('packed visits', () => {
  it('enrich to exactly the clicks each visit enriches to on its own', () => {
    expect(enrichPackedVisits(packVisits(visits), geo)).toEqual(visits.map(createEnricher(geo)));
  });

  it('hold each distinct address, user agent and referrer once', () => {
    const packed = packVisits(visits);
    expect(packed.count).toBe(8);
    expect(packed.ips).toEqual(['81.2.69.142', '8.8.8.8', '', '10.0.0.1']);
    expect(packed.userAgents).toEqual([IPHONE, CHROME, BOT]);
    expect(packed.referers).toEqual(['https://news.example/item', 'android-app://com.slack', 'https://NEWS.example/']);
  });

  it('cross a message port copied, so the sender keeps its batch to try again', async () => {
    const packed = packVisits(visits);
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<PackedVisits>((resolve) => port2.once('message', resolve));
    port1.postMessage(packed);
    const arrived = await received;
    port1.close();
    expect(enrichPackedVisits(arrived, geo)).toEqual(visits.map(createEnricher(geo)));
    expect(enrichPackedVisits(packed, geo)).toEqual(visits.map(createEnricher(geo)));
  });

  it('are packed one visit at a time, a batch of fewer than its capacity holding just those', () => {
    const packer = new VisitPacker(100);
    for (const visit of visits.slice(0, 5)) packer.add(visit);
    expect(packer.count).toBe(5);
    const packed = packer.finish();
    expect(packed.count).toBe(5);
    expect(packed.linkIds).toHaveLength(5);
    expect(packed.userAgent).toHaveLength(5);
    expect(enrichPackedVisits(packed, geo)).toEqual(visits.slice(0, 5).map(createEnricher(geo)));
  });

  it('take no more visits than their capacity', () => {
    const packer = new VisitPacker(1);
    packer.add(visits[0]!);
    expect(() => packer.add(visits[1]!)).toThrow(RangeError);
  });

  it('start again empty when cleared, with string tables of their new visits only', () => {
    const packer = new VisitPacker(4);
    for (const visit of visits.slice(0, 4)) packer.add(visit);
    packer.clear();
    expect(packer.count).toBe(0);
    for (const visit of visits.slice(4, 6)) packer.add(visit);
    const packed = packer.finish();
    expect(packed.count).toBe(2);
    expect(packed.userAgents).toEqual([BOT, CHROME]);
    expect(packed.ips).toEqual(['8.8.8.8', '10.0.0.1']);
    expect(enrichPackedVisits(packed, geo)).toEqual(visits.slice(4, 6).map(createEnricher(geo)));
  });

  it('name each link they have visits of once', () => {
    expect([...linkIdsOf(packVisits(visits))]).toEqual([7, 9, 2 ** 40, 11]);
  });

  it('enrich an empty batch to no clicks', () => {
    expect(enrichPackedVisits(packVisits([]), geo)).toEqual([]);
  });
});
