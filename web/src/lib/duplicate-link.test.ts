import { describe, expect, it } from 'vitest';
import { copyOf } from './duplicate-link.ts';
import type { LinkWithConditions, Me } from './types.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');

const me = (plan: Me['user']['plan']): Me =>
  ({
    user: { id: 1, email: 'a@example.com', plan },
    csrf_token: 'x',
    features: { choice_pages: { allowed: plan === 'business', reason: null } },
  }) as unknown as Me;

const link = (fields: Partial<LinkWithConditions>): LinkWithConditions =>
  ({
    id: 9,
    short_code: 'abc',
    short_url: 'https://hop.example/abc',
    redirect_url: 'https://example.com/a',
    type: 'simple',
    is_active: true,
    click_count: 12,
    category: null,
    domain: null,
    title: null,
    expires_at: null,
    max_clicks: null,
    expired_url: null,
    has_password: false,
    utm: null,
    variants: null,
    preview: null,
    is_expired: false,
    localize: null,
    conditions: [],
    ...fields,
  }) as LinkWithConditions;

describe('a copy of a link', () => {
  it('keeps the destination, state, category and every control, and never the code', () => {
    const { body, notCopied } = copyOf(
      link({
        is_active: false,
        category: { id: 3, name: 'Shop' },
        title: 'Sale',
        expires_at: '2027-01-01T00:00:00.000Z',
        max_clicks: 100,
        utm: { source: 'news', medium: null, campaign: null, term: null, content: null },
        variants: [
          { url: 'https://example.com/x', weight: 1 },
          { url: 'https://example.com/y', weight: 2 },
        ],
        localize: true,
      }),
      me('business'),
      NOW,
    );
    expect(body).toEqual({
      redirect_url: 'https://example.com/a',
      is_active: false,
      category_id: 3,
      title: 'Sale',
      expires_at: '2027-01-01T00:00:00.000Z',
      max_clicks: 100,
      utm: { source: 'news', medium: null, campaign: null, term: null, content: null },
      variants: [
        { url: 'https://example.com/x', weight: 1 },
        { url: 'https://example.com/y', weight: 2 },
      ],
      localize: true,
    });
    expect(notCopied).toEqual([]);
  });

  it('says it cannot copy the password or an expiry already past', () => {
    const { body, notCopied } = copyOf(
      link({ has_password: true, expires_at: '2026-01-01T00:00:00.000Z' }),
      me('business'),
      NOW,
    );
    expect(body).not.toHaveProperty('expires_at');
    expect(body).not.toHaveProperty('password');
    expect(notCopied).toEqual(['the expiry (already past)', 'the password (set one on the new link)']);
  });

  it('leaves out what the plan may not send (the API would refuse the whole copy)', () => {
    const business = link({ title: 'Sale', variants: [{ url: 'https://example.com/x', weight: 1 }], localize: false });
    expect(copyOf(business, me('pro'), NOW).body).toEqual({
      redirect_url: 'https://example.com/a',
      is_active: true,
      title: 'Sale',
    });
    expect(copyOf(business, me('free'), NOW).body).toEqual({ redirect_url: 'https://example.com/a', is_active: true });
  });
});
