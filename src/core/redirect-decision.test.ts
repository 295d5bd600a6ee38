import { describe, expect, it } from 'vitest';
import { CHOICE_PAGE_CSP, renderChoicePage } from './choice-page.ts';
import { decideRedirect, type Owner, type RedirectableLink, type VisitRequest } from './redirect-decision.ts';
import { compileConditions, type Visitor } from './targeting.ts';
import { createHash } from 'node:crypto';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const visitor: Visitor = { country: 'US', device: 'desktop', os: 'windows', browser: 'chrome', language: 'en' };
const link = (overrides: Partial<RedirectableLink> = {}): RedirectableLink => ({
  id: 1,
  workspaceId: 1,
  shortCode: 'abc',
  isActive: true,
  redirectUrl: 'https://example.com/main',
  options: [],
  targeting: null,
  title: null,
  expiresAt: null,
  maxClicks: null,
  clickCount: 0,
  expiredUrl: null,
  passwordHash: null,
  utm: null,
  variants: null,
  preview: null,
  localize: null,
  ...overrides,
});
const get = (optionNumber: number | null = null, who: Visitor = visitor): VisitRequest => ({
  method: 'GET',
  optionNumber,
  now: NOW,
  clicksExhausted: false,
  unlocked: false,
  previewCrawler: () => false,
  variantCookie: () => undefined,
  random: () => 0,
  visitor: () => who,
});
const noTags = new Map<number, string>();
const businessOwner = (tags = noTags): Owner => ({ pro: true, business: true, tags, localizeByDefault: false });
const CLICK = { kind: 'click', variantIndex: null };
const ukOnly = compileConditions([
  { type: 'country', operator: 'in', values: ['GB'], redirect_url: 'https://uk.example' },
]);

// A link with every control, and the requests that get past each one: the link controls' tests.
const past = NOW - 1;
const variants = [
  { url: 'https://a.example', weight: 1 },
  { url: 'https://b.example', weight: 3 },
];
const everything = {
  expiredUrl: 'https://example.com/over',
  passwordHash: 'scrypt$hash',
  preview: { title: 'T', description: null, image: null },
  targeting: ukOnly,
  options: ['https://opt1.example', 'https://opt2.example'],
  variants,
};
const uk: Visitor = { ...visitor, country: 'GB' };
const crawler = (request: VisitRequest): VisitRequest => ({ ...request, previewCrawler: () => true });
const unlocked = (request: VisitRequest): VisitRequest => ({ ...request, unlocked: true });

describe('decideRedirect', () => {
  it.each([
    ['an unknown code', undefined, get(), { kind: 'not-found' }],
    ['an inactive link', link({ isActive: false }), get(), { kind: 'not-found' }],
    ['a plain link', link(), get(), { kind: 'redirect', location: 'https://example.com/main', record: CLICK }],
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
      { kind: 'redirect', location: 'https://uk.example', record: CLICK },
    ],
    [
      'a condition that does not match',
      link({ targeting: ukOnly }),
      get(),
      { kind: 'redirect', location: 'https://example.com/main', record: CLICK },
    ],
    [
      'a choice page',
      link({ options: ['https://a.example', 'https://b.example'] }),
      get(),
      { kind: 'choice-page', options: ['https://a.example', 'https://b.example'], record: CLICK },
    ],
    [
      'a condition before the choice page',
      link({ options: ['https://a.example', 'https://b.example'], targeting: ukOnly }),
      get(null, { ...visitor, country: 'GB' }),
      { kind: 'redirect', location: 'https://uk.example', record: CLICK },
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
    expect(decideRedirect(l, request, businessOwner())).toEqual(expected);
  });

  it('applies the owner’s affiliate tag to plain, targeted and option destinations', () => {
    const tags = new Map([[1, 'me-20']]);
    expect(
      decideRedirect(link({ redirectUrl: 'https://www.amazon.com/dp/1' }), get(), businessOwner(tags)),
    ).toMatchObject({
      location: 'https://www.amazon.com/dp/1?tag=me-20',
    });
    const targeted = compileConditions([
      { type: 'device', operator: 'in', values: ['desktop'], redirect_url: 'https://amazon.com/x' },
    ]);
    expect(decideRedirect(link({ targeting: targeted }), get(), businessOwner(tags))).toMatchObject({
      location: 'https://amazon.com/x?tag=me-20',
    });
    expect(
      decideRedirect(link({ options: ['https://a.example', 'https://amazon.com/y'] }), get(2), businessOwner(tags)),
    ).toMatchObject({ location: 'https://amazon.com/y?tag=me-20' });
  });

  it('does not compute the visitor for a link without conditions', () => {
    const request = {
      ...get(),
      visitor: () => {
        throw new Error('not needed');
      },
    };
    expect(decideRedirect(link(), request, businessOwner()).kind).toBe('redirect');
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
  const business: Owner = { pro: false, business: false, tags: new Map([[1, 'me-20']]), localizeByDefault: true };
  const full = link({ targeting: ukOnly, options: ['https://a.example', 'https://b.example'] });
  it('sends every visitor to the destination: no targeting, no choice page', () => {
    expect(decideRedirect(full, get(null, uk), business)).toEqual({
      kind: 'redirect',
      location: 'https://example.com/main',
      record: CLICK,
    });
  });
  it('answers 404 for an option of the choice page it no longer shows', () => {
    expect(decideRedirect(full, get(1), business)).toEqual({ kind: 'not-found' });
  });
  it('still answers 404 for an inactive link, and records nothing for HEAD', () => {
    expect(decideRedirect(link({ isActive: false }), get(), business)).toEqual({ kind: 'not-found' });
    expect(decideRedirect(full, { ...get(), method: 'HEAD' }, business)).toMatchObject({
      record: { kind: 'none' },
    });
  });
});

describe('decideRedirect with link controls, in the order of evaluation of docs/api.md: what closes a link', () => {
  it.each<[string, RedirectableLink | undefined, VisitRequest, unknown]>([
    [
      'an inactive link before its expiry',
      link({ ...everything, isActive: false, expiresAt: past }),
      get(),
      { kind: 'not-found' },
    ],
    [
      'expired by time: to expired_url',
      link({ ...everything, expiresAt: past }),
      get(),
      { kind: 'expired', location: 'https://example.com/over' },
    ],
    [
      'expired by time, no expired_url: the 410 page',
      link({ expiresAt: past }),
      get(),
      { kind: 'expired', location: null },
    ],
    ['the instant of expiry is already expired', link({ expiresAt: NOW }), get(), { kind: 'expired', location: null }],
    [
      'not yet expired',
      link({ expiresAt: NOW + 1 }),
      get(),
      { kind: 'redirect', location: 'https://example.com/main', record: CLICK },
    ],
    [
      'click limit used up, before the password',
      link(everything),
      { ...get(), clicksExhausted: true },
      { kind: 'expired', location: 'https://example.com/over' },
    ],
    [
      'expired options too',
      link({ ...everything, expiresAt: past }),
      get(1),
      { kind: 'expired', location: 'https://example.com/over' },
    ],
    ['the password before the preview', link(everything), crawler(get()), { kind: 'password' }],
    ['the password before an option', link(everything), get(2), { kind: 'password' }],
    ['HEAD is asked for the password too', link(everything), { ...get(), method: 'HEAD' }, { kind: 'password' }],
  ])('%s', (_name, l, request, expected) => {
    expect(decideRedirect(l, request, businessOwner())).toEqual(expected);
  });
});

describe('decideRedirect with link controls, in the order of evaluation of docs/api.md: where a visitor goes', () => {
  it.each<[string, RedirectableLink | undefined, VisitRequest, unknown]>([
    [
      'a crawler gets the preview before conditions',
      link(everything),
      crawler(unlocked(get(null, uk))),
      { kind: 'preview', preview: everything.preview, destination: 'https://example.com/main' },
    ],
    [
      'a person gets the condition before the choice page',
      link(everything),
      unlocked(get(null, uk)),
      { kind: 'redirect', location: 'https://uk.example', record: CLICK },
    ],
    [
      'then the choice page before variants',
      link(everything),
      unlocked(get()),
      { kind: 'choice-page', options: everything.options, record: CLICK },
    ],
    [
      'an unlocked option',
      link(everything),
      unlocked(get(2)),
      { kind: 'redirect', location: 'https://opt2.example', record: { kind: 'pick', optionIndex: 1 } },
    ],
    [
      'then variants before redirect_url, a new visitor kept by cookie',
      link({ variants }),
      { ...get(), random: () => 0.5 },
      { kind: 'redirect', location: 'https://b.example', record: { kind: 'click', variantIndex: 1 }, setVariant: 1 },
    ],
    [
      'a returning visitor keeps their variant and is not given a new cookie',
      link({ variants }),
      { ...get(), random: () => 0.99, variantCookie: () => 0 },
      { kind: 'redirect', location: 'https://a.example', record: { kind: 'click', variantIndex: 0 } },
    ],
    [
      'a crawler of a link without a preview is redirected',
      link(),
      crawler(get()),
      { kind: 'redirect', location: 'https://example.com/main', record: CLICK },
    ],
  ])('%s', (_name, l, request, expected) => {
    expect(decideRedirect(l, request, businessOwner())).toEqual(expected);
  });
});

describe('decideRedirect with link controls: affiliate tag, UTM, and what it asks for', () => {
  it('sets the affiliate tag, then UTM, on every destination, replacing utm_* already there', () => {
    const owner = businessOwner(new Map([[1, 'me-20']]));
    const utm = { source: 'news', medium: null, campaign: 'bf' };
    const amazon = 'https://www.amazon.com/dp/1?utm_source=old&x=1#top';
    expect(decideRedirect(link({ redirectUrl: amazon, utm }), get(), owner)).toMatchObject({
      location: 'https://www.amazon.com/dp/1?utm_source=news&x=1&tag=me-20&utm_campaign=bf#top',
    });
    const split = link({
      utm,
      variants: [
        { url: 'https://amazon.com/v', weight: 1 },
        { url: 'https://b.example', weight: 1 },
      ],
    });
    expect(decideRedirect(split, get(), owner)).toMatchObject({
      location: 'https://amazon.com/v?tag=me-20&utm_source=news&utm_campaign=bf',
    });
    expect(
      decideRedirect(link({ utm, options: ['https://a.example', 'https://b.example/?q'] }), get(2), owner),
    ).toMatchObject({
      location: 'https://b.example/?q&utm_source=news&utm_campaign=bf',
    });
  });

  it('sends an expired visitor to expired_url as it is: no tag, no UTM', () => {
    const owner = businessOwner(new Map([[1, 'me-20']]));
    const expiredLink = link({ expiresAt: past, expiredUrl: 'https://www.amazon.com/dp/2', utm: { source: 'x' } });
    expect(decideRedirect(expiredLink, get(), owner)).toEqual({
      kind: 'expired',
      location: 'https://www.amazon.com/dp/2',
    });
  });

  it('records nothing for HEAD, and never asks for the visitor, a crawler check or a cookie it does not need', () => {
    const never = () => {
      throw new Error('not needed');
    };
    const strict: VisitRequest = {
      ...get(),
      method: 'HEAD',
      visitor: never,
      previewCrawler: never,
      variantCookie: never,
    };
    expect(decideRedirect(link(), strict, businessOwner())).toEqual({
      kind: 'redirect',
      location: 'https://example.com/main',
      record: { kind: 'none' },
    });
  });
});

describe('decideRedirect after a downgrade: restrictions stay, extras stop', () => {
  const pro: Owner = { pro: true, business: false, tags: new Map([[1, 'me-20']]), localizeByDefault: true };
  const free: Owner = { pro: false, business: false, tags: new Map(), localizeByDefault: true };
  const extras = {
    redirectUrl: 'https://www.amazon.com/dp/1',
    utm: { source: 'news' },
    variants: [
      { url: 'https://a.example', weight: 1 },
      { url: 'https://b.example', weight: 1 },
    ],
    preview: { title: 'T', description: null, image: null },
  };
  it('keeps expiry, click limits and passwords on every plan', () => {
    for (const owner of [pro, free]) {
      expect(decideRedirect(link({ expiresAt: past }), get(), owner)).toEqual({ kind: 'expired', location: null });
      expect(decideRedirect(link(), { ...get(), clicksExhausted: true }, owner)).toEqual({
        kind: 'expired',
        location: null,
      });
      expect(decideRedirect(link({ passwordHash: 'h' }), get(), owner)).toEqual({ kind: 'password' });
    }
  });
  it('applies UTM for Pro but no variants, preview or tag; Free gets the bare destination', () => {
    const crawlerGet = { ...get(), previewCrawler: () => true };
    expect(decideRedirect(link(extras), crawlerGet, pro)).toEqual({
      kind: 'redirect',
      location: 'https://www.amazon.com/dp/1?utm_source=news',
      record: CLICK,
    });
    expect(decideRedirect(link(extras), crawlerGet, free)).toMatchObject({ location: 'https://www.amazon.com/dp/1' });
  });
});

describe('decideRedirect with storefront localisation', () => {
  const tags = new Map([
    [1, 'us-20'],
    [3, 'de-21'],
  ]);
  const german: Visitor = { ...visitor, country: 'DE' };
  const product = link({ redirectUrl: 'https://www.amazon.com/dp/B0C1234567', utm: { source: 'news' } });

  it('sends a localised link’s visitor to their storefront with that tag, then UTM, and records it', () => {
    expect(decideRedirect({ ...product, localize: true }, get(null, german), businessOwner(tags))).toEqual({
      kind: 'redirect',
      location: 'https://www.amazon.de/dp/B0C1234567?tag=de-21&utm_source=news',
      record: { kind: 'click', variantIndex: null, storefront: 'amazon.de' },
    });
  });

  it('follows the account default when the link does not say, and never for a link that says no', () => {
    const owner = { ...businessOwner(tags), localizeByDefault: true };
    expect(decideRedirect(product, get(null, german), owner)).toMatchObject({
      location: 'https://www.amazon.de/dp/B0C1234567?tag=de-21&utm_source=news',
    });
    expect(decideRedirect({ ...product, localize: false }, get(null, german), owner)).toMatchObject({
      location: 'https://www.amazon.com/dp/B0C1234567?tag=us-20&utm_source=news',
      record: CLICK,
    });
  });

  it('keeps the original URL with its own tag where localisation does not apply, counted on its storefront', () => {
    const french: Visitor = { ...visitor, country: 'FR' };
    expect(decideRedirect({ ...product, localize: true }, get(null, french), businessOwner(tags))).toEqual({
      kind: 'redirect',
      location: 'https://www.amazon.com/dp/B0C1234567?tag=us-20&utm_source=news',
      record: { kind: 'click', variantIndex: null, storefront: 'amazon.com' },
    });
  });

  it('does not localise for an owner who left Business', () => {
    const pro: Owner = { pro: true, business: false, tags, localizeByDefault: true };
    expect(decideRedirect({ ...product, localize: true }, get(null, german), pro)).toMatchObject({
      location: 'https://www.amazon.com/dp/B0C1234567?utm_source=news',
    });
  });
});
