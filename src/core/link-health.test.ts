import { describe, expect, it } from 'vitest';
import {
  expectedTag,
  linkDestinations,
  retryDelayMs,
  summarizeHealth,
  tagLost,
  turnedBroken,
  verdictOfStatus,
  type DestinationOutcome,
} from './link-health.ts';

const outcome = (overrides: Partial<DestinationOutcome>): DestinationOutcome => ({
  url: 'https://example.com/',
  verdict: 'ok',
  httpStatus: 200,
  error: null,
  affiliateTagLost: false,
  retryAfterSeconds: null,
  ...overrides,
});

describe('link health rules', () => {
  it('2xx and unfollowable 3xx are ok, 429 and 503 come back later, other 4xx and 5xx are broken', () => {
    expect([200, 204, 304, 404, 410, 429, 500, 502, 503].map(verdictOfStatus)).toEqual([
      'ok',
      'ok',
      'ok',
      'broken',
      'broken',
      'transient',
      'broken',
      'broken',
      'transient',
    ]);
  });

  it('checks every destination once, redirect_url first', () => {
    const link = {
      redirectUrl: 'https://a.example/',
      conditions: [{ redirect_url: 'https://b.example/' }, { redirect_url: 'https://a.example/' }],
      options: ['https://c.example/'],
      variants: [
        { url: 'https://d.example/', weight: 1 },
        { url: 'https://c.example/', weight: 2 },
      ],
    };
    expect(linkDestinations(link)).toEqual([
      'https://a.example/',
      'https://b.example/',
      'https://c.example/',
      'https://d.example/',
    ]);
  });

  it('knows the owner’s tag of a program URL and whether the final URL lost it', () => {
    const tags = new Map([[1, 'brand-20']]);
    const expected = expectedTag('https://www.amazon.com/dp/B0?tag=brand-20', tags);
    expect(expected).toEqual({ param: 'tag', tag: 'brand-20' });
    expect(expectedTag('https://shop.example/x', tags)).toBeNull();
    expect(tagLost(expected, 'https://www.amazon.com/dp/B0?tag=brand-20&th=1')).toBe(false);
    expect(tagLost(expected, 'https://www.amazon.com/dp/B0?tag=someone-else-20')).toBe(true);
    expect(tagLost(expected, 'https://www.amazon.com/dp/B0')).toBe(true);
    expect(tagLost(null, 'https://shop.example/x')).toBe(false);
  });

  it('a link is broken when any destination is, naming it; unknown on a 429/503; else ok', () => {
    const at = '2026-11-25T00:00:00.000Z';
    expect(summarizeHealth([outcome({})], at)).toEqual({
      status: 'ok',
      checkedAt: at,
      httpStatus: 200,
      error: null,
      affiliateTagLost: false,
    });
    const broken = summarizeHealth(
      [
        outcome({ verdict: 'transient', httpStatus: 503, error: 'HTTP 503' }),
        outcome({ url: 'https://b.example/', verdict: 'broken', httpStatus: 404, error: 'HTTP 404' }),
      ],
      at,
    );
    expect(broken).toMatchObject({ status: 'broken', httpStatus: 404, error: 'https://b.example/: HTTP 404' });
    expect(summarizeHealth([outcome({ verdict: 'transient', httpStatus: 429, error: 'x' })], at).status).toBe(
      'unknown',
    );
    expect(
      summarizeHealth([outcome({ verdict: 'broken', httpStatus: null, error: 'DNS', affiliateTagLost: null })], at)
        .affiliateTagLost,
    ).toBeNull();
  });

  it('a 429/503 is checked again after what it asked for, at least 5 minutes, at most the interval', () => {
    const day = 24 * 3_600_000;
    expect(retryDelayMs([outcome({ verdict: 'transient', retryAfterSeconds: 120 })], day)).toBe(5 * 60_000);
    expect(retryDelayMs([outcome({ verdict: 'transient', retryAfterSeconds: 7200 })], day)).toBe(7_200_000);
    expect(retryDelayMs([outcome({ verdict: 'transient' })], day)).toBe(3_600_000);
    expect(retryDelayMs([outcome({ verdict: 'transient', retryAfterSeconds: 10 ** 9 })], day)).toBe(day);
  });

  it('link.broken is for the turn to broken only', () => {
    expect(turnedBroken('ok', 'broken')).toBe(true);
    expect(turnedBroken('unknown', 'broken')).toBe(true);
    expect(turnedBroken('broken', 'broken')).toBe(false);
    expect(turnedBroken('broken', 'ok')).toBe(false);
  });
});
