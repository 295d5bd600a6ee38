import { describe, expect, it } from 'vitest';
import { isClickId, newClickId, placeClickId, subidParamForHost } from './click-ids.ts';

describe('click ids', () => {
  it('are 32 hex characters, within the 64 a click id may have, and never repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newClickId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(isClickId(id)).toBe(true);
    }
  });

  it('begin with the time they were made, so later ids sort after earlier ones', () => {
    const before = newClickId();
    const made = Date.now();
    expect(Number.parseInt(before.slice(0, 12), 16)).toBeLessThanOrEqual(made);
    expect(Number.parseInt(before.slice(0, 12), 16)).toBeGreaterThan(made - 1000);
    const later = Array.from({ length: 100 }, () => newClickId());
    for (const id of later) expect(id.slice(0, 12) >= before.slice(0, 12)).toBe(true);
  });

  it('refuse anything but 1 to 64 URL-safe characters when they come back', () => {
    expect(isClickId('a'.repeat(64))).toBe(true);
    expect(isClickId('a'.repeat(65))).toBe(false);
    expect(isClickId('')).toBe(false);
    expect(isClickId('has space')).toBe(false);
    expect(isClickId('a/b')).toBe(false);
  });
});

describe('the sub-id parameter of each program and network', () => {
  it.each([
    ['www.amazon.com', 'ascsubtag'],
    ['amazon.de', 'ascsubtag'],
    ['www.ebay.co.uk', 'customid'],
    ['www.anrdoezrs.net', 'sid'],
    ['www.kqzyfj.com', 'sid'],
    ['brand.sjv.io', 'subId1'],
    ['www.awin1.com', 'clickref'],
    ['shareasale.com', 'afftrack'],
    ['click.linksynergy.com', 'u1'],
  ])('%s takes %s', (host, param) => {
    expect(subidParamForHost(host)).toBe(param);
  });

  it('is none for a site of no program', () => {
    expect(subidParamForHost('example.com')).toBeUndefined();
  });
});

describe('placeClickId', () => {
  it('sets the program parameter, keeping the others as written', () => {
    expect(placeClickId('https://www.amazon.com/dp/B0?tag=me-20&x=a%20b#top', 'abc')).toBe(
      'https://www.amazon.com/dp/B0?tag=me-20&x=a%20b&ascsubtag=abc#top',
    );
    expect(placeClickId('https://www.ebay.com/itm/1', 'abc')).toBe('https://www.ebay.com/itm/1?customid=abc');
  });

  it('replaces a value the destination already had', () => {
    expect(placeClickId('https://www.awin1.com/cread.php?awinmid=1&clickref=old&p=x', 'new')).toBe(
      'https://www.awin1.com/cread.php?awinmid=1&clickref=new&p=x',
    );
  });

  it('puts the id in place of every {click_id} instead, on any site, encoded or not', () => {
    expect(placeClickId('https://shop.example/buy?sub={click_id}&again=%7Bclick_id%7D', 'abc')).toBe(
      'https://shop.example/buy?sub=abc&again=abc',
    );
    // The owner chose where: the program's parameter is then left alone.
    expect(placeClickId('https://www.amazon.com/dp/B0?ascsubtag=x-{click_id}', 'abc')).toBe(
      'https://www.amazon.com/dp/B0?ascsubtag=x-abc',
    );
  });

  it('leaves a destination of no program unchanged, and takes the placeholder out for a visit without an id', () => {
    expect(placeClickId('https://example.com/a?b=c', 'abc')).toBe('https://example.com/a?b=c');
    expect(placeClickId('https://www.amazon.com/dp/B0', null)).toBe('https://www.amazon.com/dp/B0');
    expect(placeClickId('https://shop.example/buy?sub={click_id}', null)).toBe('https://shop.example/buy?sub=');
  });
});
