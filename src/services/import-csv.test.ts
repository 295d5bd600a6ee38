import { describe, expect, it } from 'vitest';
import { countCsvRows, CsvRowCounter, csvRecords } from './import-csv.ts';

async function records(source: string): Promise<string[][]> {
  const all: string[][] = [];
  for await (const record of csvRecords(source)) all.push(record);
  return all;
}

describe('csvRecords and countCsvRows', () => {
  it.each([
    ['url\nhttps://a\nhttps://b\n'],
    ['url\r\nhttps://a\r\nhttps://b'],
    ['\ufeffurl,title\nhttps://a,"two\nlines"\n\nhttps://b,"a ""quoted"" word"\n'],
    ['url,title\nhttps://a,say "hi" there\n,\n'],
    ['url\n'],
    [''],
  ])('count the same rows as the parser reads in %j', async (source) => {
    const read = await records(source);
    expect(countCsvRows(source)).toBe(Math.max(0, read.length - 1));
  });

  it.each([
    ['\ufeffurl,title\r\nhttps://a,"two\r\nlines"\r\n\r\nhttps://b,"a ""quoted"" word"\r'],
    ['url,title\nhttps://a,say "hi" there,\n"x""",""""\n'],
  ])('count and read %j the same however it is cut into pieces', async (source) => {
    const whole = await records(source);
    for (let cut = 0; cut <= source.length; cut++) {
      const counter = new CsvRowCounter();
      for (const piece of [source.slice(0, cut), source.slice(cut)]) counter.push(piece);
      expect(counter.end(), `cut at ${cut}`).toBe(Math.max(0, whole.length - 1));
      const pieces = async function* () {
        yield source.slice(0, cut);
        yield source.slice(cut);
      };
      const read: string[][] = [];
      for await (const record of csvRecords(pieces())) read.push(record);
      expect(read, `cut at ${cut}`).toEqual(whole);
    }
    const byChar = new CsvRowCounter();
    for (const char of source) byChar.push(char);
    expect(byChar.end()).toBe(Math.max(0, whole.length - 1));
  });

  it('reads a file larger than one slice in order, with a quoted cell across the slice boundary', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `https://example.com/${i},"title ${i}\nsecond line"`);
    const read = await records(`url,title\n${rows.join('\n')}\n`);
    expect(read).toHaveLength(20_001);
    expect(read[12_345]).toEqual(['https://example.com/12344', 'title 12344\nsecond line']);
  });

  it('gives every record read before an unclosed quote, then the error', async () => {
    const seen: string[][] = [];
    await expect(async () => {
      for await (const record of csvRecords('url\nhttps://a\nhttps://b\n"never closed\n')) seen.push(record);
    }).rejects.toThrow(/Quote Not Closed/);
    expect(seen).toEqual([['url'], ['https://a'], ['https://b']]);
  });
});
