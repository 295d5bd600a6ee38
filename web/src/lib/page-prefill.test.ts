import { describe, expect, it } from 'vitest';
import { draftFrom, type ControlsDraft } from './link-controls.ts';
import { applyPrefill, NOTHING_PREFILLED, prefillFrom, type PrefillScope, type Prefilled } from './page-prefill.ts';
import type { PageMetadataAnswer } from './types.ts';

const page = (over: Partial<PageMetadataAnswer> = {}): PageMetadataAnswer => ({
  outcome: 'found',
  final_url: 'https://shop.example/',
  title: 'Lamp',
  description: 'Bright',
  image: 'https://shop.example/lamp.png',
  ...over,
});
const all = { title: true, preview: true };

/** Fills `draft` from `answer` as the form does, answering the new draft and what it filled in. */
function prefillFromPage(draft: ControlsDraft, before: Prefilled, answer: PageMetadataAnswer, scope: PrefillScope) {
  const prefilled = prefillFrom(answer, scope);
  return { draft: applyPrefill(draft, before, prefilled), prefilled };
}

describe('prefillFromPage', () => {
  it('fills the empty title and preview fields', () => {
    const { draft } = prefillFromPage(draftFrom(), NOTHING_PREFILLED, page(), all);
    expect(draft.title).toBe('Lamp');
    expect(draft.preview).toEqual({ title: 'Lamp', description: 'Bright', image: 'https://shop.example/lamp.png' });
  });

  it('keeps what the person typed, and replaces what an earlier look-up filled in', () => {
    const first = prefillFromPage(draftFrom(), NOTHING_PREFILLED, page(), all);
    const typed = { ...first.draft, title: 'My own' };
    const second = prefillFromPage(typed, first.prefilled, page({ title: 'Chair', description: null }), all);
    expect(second.draft.title).toBe('My own');
    expect(second.draft.preview.title).toBe('Chair');
    expect(second.draft.preview.description).toBe('');
  });

  it('fills only the fields the plan shows, and no http image', () => {
    const { draft } = prefillFromPage(draftFrom(), NOTHING_PREFILLED, page({ image: 'http://shop.example/a.png' }), {
      title: true,
      preview: false,
    });
    expect(draft.title).toBe('Lamp');
    expect(draft.preview).toEqual({ title: '', description: '', image: '' });
    const business = prefillFromPage(draftFrom(), NOTHING_PREFILLED, page({ image: 'http://shop.example/a.png' }), all);
    expect(business.draft.preview.image).toBe('');
  });
});
