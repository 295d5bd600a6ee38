import { beforeAll, describe, expect, it } from 'vitest';
import { openGeoLookup, staticGeoLookup, type GeoLookup } from './geo.ts';

let geo: GeoLookup;
beforeAll(async () => {
  geo = openGeoLookup();
});

describe('country lookup from the offline database', () => {
  it.each([
    ['8.8.8.8', 'US'],
    ['81.2.69.142', 'GB'],
    ['::ffff:8.8.8.8', 'US'],
    ['2001:4860:4860::8888', 'US'],
    ['127.0.0.1', 'XX'],
    ['10.0.0.1', 'XX'],
    ['garbage', 'XX'],
    ['', 'XX'],
  ])('finds %s in %s', (ip, country) => {
    expect(geo.country(ip)).toBe(country);
  });

  it('answers a two-letter code for any public address', () => {
    expect(geo.country('1.1.1.1')).toMatch(/^[A-Z]{2}$/);
  });

  it('has a fixed-table stand-in for other tests', () => {
    expect(staticGeoLookup({ '1.2.3.4': 'FR' }).country('::ffff:1.2.3.4')).toBe('FR');
  });
});
