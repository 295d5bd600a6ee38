import { describe, expect, it } from 'vitest';
import { codeOfShortUrl, mapImportHeader, parseImportDate, readImportRow } from './import-rows.ts';

describe('mapImportHeader', () => {
  it('recognises the headers of Bitly, YOURLS, Shlink and Kutt whatever their case and punctuation', () => {
    expect(mapImportHeader(['id', 'link', 'long_url', 'title', 'created_at', 'tags'])).toEqual({
      url: 2,
      link: 1,
      title: 3,
      createdAt: 4,
      category: 5,
      tags: 5,
    });
    expect(mapImportHeader(['keyword', 'url', 'title', 'timestamp', 'ip', 'clicks'])).toEqual({
      url: 1,
      code: 0,
      title: 2,
      createdAt: 3,
    });
    expect(
      mapImportHeader(['createdAt', 'domain', 'shortCode', 'shortUrl', 'longUrl', 'title', 'tags', 'visits']),
    ).toEqual({ url: 4, code: 2, link: 3, title: 5, category: 6, tags: 6, createdAt: 0 });
    expect(mapImportHeader(['Long URL', 'Short code'])).toEqual({ url: 0, code: 1 });
    expect(mapImportHeader(['ADDRESS', 'Target', 'Description'])).toEqual({ url: 1, code: 0, title: 2 });
  });

  it('prefers title to description when a file has both', () => {
    expect(mapImportHeader(['description', 'url', 'title']).title).toBe(2);
  });

  it('refuses a header without a destination column', () => {
    expect(() => mapImportHeader(['short_code', 'title'])).toThrow(/no destination column/);
  });
});

describe('readImportRow', () => {
  const columns = { url: 0, code: 1, title: 2, category: 3, tags: 3, createdAt: 4 };

  it('reads a full row, trimming cells: the first tag is the category, and every tag is kept', () => {
    expect(
      readImportRow([' https://example.com/a ', 'my-code', ' Title ', ' , promo| x,PROMO', '2024-01-02'], columns),
    ).toEqual({
      redirectUrl: 'https://example.com/a',
      shortCode: 'my-code',
      title: 'Title',
      category: 'promo',
      tags: ['promo', 'x'],
      createdAt: '2024-01-02T00:00:00.000Z',
    });
  });

  it('refuses a row with more than 20 tags or a tag over 50 characters', () => {
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    expect(() => readImportRow(['https://example.com/a', '', '', many], columns)).toThrow(/at most 20 tags/);
    expect(() => readImportRow(['https://example.com/a', '', '', 'x'.repeat(51)], columns)).toThrow(/50 characters/);
  });

  it('gives empty cells and missing cells as null (a random code, the import time)', () => {
    expect(readImportRow(['https://example.com/a'], columns)).toEqual({
      redirectUrl: 'https://example.com/a',
      shortCode: null,
      title: null,
      category: null,
      tags: [],
      createdAt: null,
    });
  });

  it.each([
    [['ftp://example.com'], /valid http or https URL/],
    [[`https://example.com/${'a'.repeat(2048)}`], /valid http or https URL/],
    [[''], /redirect url field is required/],
    [['https://example.com', 'a b'], /3 to 64/],
    [['https://example.com', 'Admin'], /reserved/],
    [['https://example.com', '', 'x'.repeat(256)], /255/],
    [['https://example.com', '', '', '', 'yesterday'], /valid date/],
  ])('refuses %j', (record, message) => {
    expect(() => readImportRow(record, columns)).toThrow(message);
  });

  it('takes the code from the short URL when the file has no code column', () => {
    const row = readImportRow(['https://example.com', 'https://bit.ly/3abcXYZ'], { url: 0, link: 1 });
    expect(row.shortCode).toBe('3abcXYZ');
  });

  it('does not take the code from the short URL when a code column is there but empty', () => {
    const row = readImportRow(['https://example.com', '', 'https://bit.ly/3abcXYZ'], { url: 0, code: 1, link: 2 });
    expect(row.shortCode).toBeNull();
  });
});

describe('codeOfShortUrl', () => {
  it.each([
    ['https://bit.ly/abc', 'abc'],
    ['bit.ly/abc', 'abc'],
    ['https://s.example.com/path/to/abc/', 'abc'],
    ['https://s.example.com/caf%C3%A9', 'café'],
    ['https://s.example.com/', ''],
    ['', ''],
  ])('%s -> %s', (link, code) => expect(codeOfShortUrl(link)).toBe(code));
});

describe('parseImportDate', () => {
  it.each([
    ['2023-05-01T12:00:00+0000', '2023-05-01T12:00:00.000Z'],
    ['2024-01-10T09:00:00+02:00', '2024-01-10T07:00:00.000Z'],
    ['2022-03-04 05:06:07', '2022-03-04T05:06:07.000Z'],
    ['2021-09-01T12:00:00.000Z', '2021-09-01T12:00:00.000Z'],
    ['2020-02-29', '2020-02-29T00:00:00.000Z'],
    ['1700000000', '2023-11-14T22:13:20.000Z'],
    ['1700000000123', '2023-11-14T22:13:20.123Z'],
  ])('%s -> %s', (text, iso) => expect(parseImportDate(text)).toBe(iso));

  it.each(['tomorrow', '2020-13-45', '12/01/2020', '42'])('refuses %s', (text) => {
    expect(() => parseImportDate(text)).toThrow(/valid date/);
  });
});
