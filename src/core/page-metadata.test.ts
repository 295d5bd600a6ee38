import { describe, expect, it } from 'vitest';
import { cardImageType, isHtmlType } from './content-types.ts';
import { extractPageMetadata, MAX_METADATA_TITLE } from './page-metadata.ts';
import { withDefaultScheme } from './urls.ts';

const PAGE = 'https://shop.example/products/lamp?ref=1';
const strict = { allowHttpImages: false };
const read = (html: string, options = strict) => extractPageMetadata(html, PAGE, options);

describe('extractPageMetadata', () => {
  it('prefers Open Graph, then Twitter, then the <title>', () => {
    const html = `<html><head><title>Plain title</title>
      <meta property="og:title" content="OG &amp; title">
      <meta name="twitter:title" content="Twitter title">
      <meta name="twitter:description" content="Twitter words">
      <meta property="og:image" content="/img/lamp.png">
      </head><body></body></html>`;
    expect(read(html)).toEqual({
      title: 'OG & title',
      description: 'Twitter words',
      image: 'https://shop.example/img/lamp.png',
    });
  });

  it('falls back to the <title> and twitter:image, tidying whitespace', () => {
    const html = `<title>
      A   lamp </title><meta name="twitter:image" content="https://cdn.example/a.jpg">`;
    expect(read(html)).toEqual({ title: 'A lamp', description: null, image: 'https://cdn.example/a.jpg' });
  });

  it('resolves a relative image against the page and keeps only https ones', () => {
    expect(read('<meta property="og:image" content="../x.png">').image).toBe('https://shop.example/x.png');
    expect(read('<meta property="og:image" content="http://cdn.example/x.png">').image).toBeNull();
    expect(read('<meta property="og:image" content="javascript:alert(1)">').image).toBeNull();
    const loose = { allowHttpImages: true };
    expect(read('<meta property="og:image" content="http://cdn.example/x.png">', loose).image).toBe(
      'http://cdn.example/x.png',
    );
  });

  it('reads a title as text (as browsers do) and a page cut off mid-tag', () => {
    const html =
      '<head><title>Fish &amp; <b>chips</title><meta property="og:description" content="Still here"><meta prop';
    expect(read(html)).toMatchObject({ title: 'Fish & <b>chips', description: 'Still here' });
  });

  it('ignores tags inside scripts and comments, and answers nulls for a page that says nothing', () => {
    const html =
      `<script>document.write('<title>fake</title>')</script>` + '<!-- <meta property="og:title" content="no"> -->';
    expect(read(html)).toEqual({ title: null, description: null, image: null });
  });

  it('cuts a title longer than a link title may be', () => {
    const title = read(`<title>${'x'.repeat(400)}</title>`).title!;
    expect(title).toHaveLength(MAX_METADATA_TITLE);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('content types', () => {
  it('knows HTML and the image types a card shows (no SVG)', () => {
    expect(isHtmlType('text/html; charset=utf-8')).toBe(true);
    expect(isHtmlType('application/json')).toBe(false);
    expect(isHtmlType(undefined)).toBe(false);
    expect(cardImageType('image/PNG')).toBe('image/png');
    expect(cardImageType('image/svg+xml')).toBeNull();
  });
});

describe('withDefaultScheme', () => {
  it.each([
    ['example.com/x', 'https://example.com/x'],
    ['  example.com  ', 'https://example.com'],
    ['localhost:8080/x', 'https://localhost:8080/x'],
    ['//cdn.example/a', 'https://cdn.example/a'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://example.com', 'HTTPS://example.com'],
    ['ftp://example.com/file', 'ftp://example.com/file'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['', ''],
  ])('%s -> %s', (typed, expected) => {
    expect(withDefaultScheme(typed)).toBe(expected);
  });
});
