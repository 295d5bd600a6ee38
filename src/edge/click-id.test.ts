import { describe, expect, it } from 'vitest';
import type { Decision, Owner, RedirectableLink } from '../core/redirect-decision.ts';
import { withClickId } from './click-id.ts';

const link = { id: 1, passClickId: true } as RedirectableLink;
const business: Owner = { pro: false, business: true, tags: new Map(), localizeByDefault: false };
const redirect = (location: string, kind: 'click' | 'none' = 'click'): Extract<Decision, { kind: 'redirect' }> => ({
  kind: 'redirect',
  location,
  record: kind === 'click' ? { kind: 'click', variantIndex: null } : { kind: 'none' },
});

describe('withClickId', () => {
  it('gives a counted visit an id, in the destination and for the record', () => {
    const { decision, clickId } = withClickId(
      link,
      business,
      redirect('https://shop.example/?s={click_id}'),
      () => false,
    );
    expect(clickId).toMatch(/^[0-9a-f]{32}$/);
    expect(decision.kind === 'redirect' && decision.location).toBe(`https://shop.example/?s=${clickId}`);
  });

  it('gives a bot, an uncounted visit and a link of a workspace no longer on Business none, placeholder gone', () => {
    const cases = [
      withClickId(link, business, redirect('https://shop.example/?s={click_id}'), () => true),
      withClickId(link, business, redirect('https://shop.example/?s={click_id}', 'none'), () => false),
      withClickId(link, { ...business, business: false }, redirect('https://shop.example/?s={click_id}'), () => false),
    ];
    for (const { decision, clickId } of cases) {
      expect(clickId).toBeUndefined();
      expect(decision.kind === 'redirect' && decision.location).toBe('https://shop.example/?s=');
    }
  });

  it('leaves a link without pass_click_id as it is', () => {
    const answered = redirect('https://shop.example/?s={click_id}');
    expect(withClickId({ ...link, passClickId: false }, business, answered, () => false)).toEqual({
      decision: answered,
      clickId: undefined,
    });
  });
});
