import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtml, page, pageCsp, STYLE } from './html-page.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });
});

describe('pageCsp', () => {
  it('allows exactly the given style by hash, no form posts, and nothing else', () => {
    expect(pageCsp('b{}')).toBe(
      `default-src 'none'; style-src 'sha256-${sha256('b{}')}'; img-src 'none'; base-uri 'none'; ` +
        "form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('opens form posts only where asked', () => {
    expect(pageCsp('b{}', { formAction: "'self'" })).toContain("form-action 'self'");
  });
});

describe('page', () => {
  it('frames a body with the shared style unless given another', () => {
    expect(page('T', '<p>b</p>')).toContain(`<title>T</title><style>${STYLE}</style></head><body><main><p>b</p>`);
    expect(page('T', '', '<meta name="x">', 'i{}')).toContain('<meta name="x"><title>T</title><style>i{}</style>');
  });
});
