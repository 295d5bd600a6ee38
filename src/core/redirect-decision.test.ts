import { describe, expect, it } from 'vitest';
import { CHOICE_PAGE_CSP, renderChoicePage } from './choice-page.ts';
import { decideRedirect, type RedirectableLink } from './redirect-decision.ts';
import { compileConditions, type Visitor } from './targeting.ts';
import { createHash } from 'node:crypto';

const visitor: Visitor = { country: 'US', device: 'desktop', os: 'windows', browser: 'chrome', language: 'en' };
const link = (overrides: Partial<RedirectableLink> = {}): RedirectableLink => ({
  id: 1,
  userId: 1,
  isActive: true,
  redirectUrl: 'https://example.com/main',
  options: [],
  targeting: null,
  ...overrides,
});
const get = (optionNumber: number | null = null, who: Visitor = visitor) => ({
  method: 'GET' as const,
  optionNumber,
  visitor: () => who,
});
const noTags = new Map<number, string>();
const ukOnly = compileConditions([
  { type: 'country', operator: 'in', values: ['GB'], redirect_url: 'https://uk.example' },
]);

describe('decideRedirect', () => {
  it.each([
    ['an unknown code', undefined, get(), { kind: 'not-found' }],
    ['an inactive link', link({ isActive: false }), get(), { kind: 'not-found' }],
    [
      'a plain link',
      link(),
      get(),
      { kind: 'redirect', location: 'https://example.com/main', record: { kind: 'click' } },
    ],
    [
      'HEAD on a plain link',
      link(),
      { ...get(), method: 'HEAD' as const },
      { kind: 'redirect', location: 'https://example.com/main', record: { kind: 'none' } },
    ],
    [
      'a matching condition',
      link({ targeting: ukOnly }),
      get(null, { ...visitor, country: 'GB' }),
      { kind: 'redirect', location: 'https://uk.example', record: { kind: 'click' } },
    ],
    [
      'a condition that does not match',
      link({ targeting: ukOnly }),
      get(),
      { kind: 'redirect', location: 'https://example.com/main', record: { kind: 'click' } },
    ],
    [
      'a choice page',
      link({ options: ['https://a.example', 'https://b.example'] }),
      get(),
      { kind: 'choice-page', options: ['https://a.example', 'https://b.example'], record: { kind: 'click' } },
    ],
    [
      'a condition before the choice page',
      link({ options: ['https://a.example', 'https://b.example'], targeting: ukOnly }),
      get(null, { ...visitor, country: 'GB' }),
      { kind: 'redirect', location: 'https://uk.example', record: { kind: 'click' } },
    ],
    [
      'a pick of option 2',
      link({ options: ['https://a.example', 'https://b.example'] }),
      get(2),
      { kind: 'redirect', location: 'https://b.example', record: { kind: 'pick', optionIndex: 1 } },
    ],
    ['option 3 of 2', link({ options: ['https://a.example', 'https://b.example'] }), get(3), { kind: 'not-found' }],
    ['an option number on a simple link', link(), get(1), { kind: 'not-found' }],
  ])('answers %s', (_name, l, request, expected) => {
    expect(decideRedirect(l, request, noTags)).toEqual(expected);
  });

  it('applies the owner’s affiliate tag to plain, targeted and option destinations', () => {
    const tags = new Map([[1, 'me-20']]);
    expect(decideRedirect(link({ redirectUrl: 'https://www.amazon.com/dp/1' }), get(), tags)).toMatchObject({
      location: 'https://www.amazon.com/dp/1?tag=me-20',
    });
    const targeted = compileConditions([
      { type: 'device', operator: 'in', values: ['desktop'], redirect_url: 'https://amazon.com/x' },
    ]);
    expect(decideRedirect(link({ targeting: targeted }), get(), tags)).toMatchObject({
      location: 'https://amazon.com/x?tag=me-20',
    });
    expect(
      decideRedirect(link({ options: ['https://a.example', 'https://amazon.com/y'] }), get(2), tags),
    ).toMatchObject({ location: 'https://amazon.com/y?tag=me-20' });
  });

  it('does not compute the visitor for a link without conditions', () => {
    const request = {
      method: 'GET' as const,
      optionNumber: null,
      visitor: () => {
        throw new Error('not needed');
      },
    };
    expect(decideRedirect(link(), request, noTags).kind).toBe('redirect');
  });
});

describe('the choice page', () => {
  it('escapes every value and links options by number', () => {
    const html = renderChoicePage({
      title: 'Pick "one" <now>',
      options: [{ url: 'https://a.example/"><script>alert(1)</script>', href: '/abc/1' }],
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('Pick &quot;one&quot; &lt;now&gt;');
    expect(html).toContain('href="/abc/1"');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
  });

  it('is allowed exactly its inline style by the CSP, and nothing else', () => {
    const html = renderChoicePage({ title: 't', options: [] });
    const style = /<style>(.*)<\/style>/.exec(html)![1]!;
    expect(CHOICE_PAGE_CSP).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(CHOICE_PAGE_CSP).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script|src=/);
  });
});

describe('decideRedirect for an owner who left the Business plan', () => {
  const business = false;
  const full = link({ targeting: ukOnly, options: ['https://a.example', 'https://b.example'] });
  const uk: Visitor = { ...visitor, country: 'GB' };
  it('sends every visitor to the destination: no targeting, no choice page', () => {
    expect(decideRedirect(full, get(null, uk), noTags, business)).toEqual({
      kind: 'redirect',
      location: 'https://example.com/main',
      record: { kind: 'click' },
    });
  });
  it('answers 404 for an option of the choice page it no longer shows', () => {
    expect(decideRedirect(full, get(1), noTags, business)).toEqual({ kind: 'not-found' });
  });
  it('still answers 404 for an inactive link, and records nothing for HEAD', () => {
    expect(decideRedirect(link({ isActive: false }), get(), noTags, business)).toEqual({ kind: 'not-found' });
    expect(decideRedirect(full, { ...get(), method: 'HEAD' }, noTags, business)).toMatchObject({
      record: { kind: 'none' },
    });
  });
});
