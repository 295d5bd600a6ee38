import { describe, expect, it } from 'vitest';
import { titleFor } from './page-focus.ts';

describe('the document title for a page heading', () => {
  it('names the page, then Hoplink', () => {
    expect(titleFor('Links')).toBe('Links · Hoplink');
    expect(titleFor('  API   tokens\n')).toBe('API tokens · Hoplink');
  });
  it('stands alone when the heading already names Hoplink', () => {
    expect(titleFor('Sign in to Hoplink')).toBe('Sign in to Hoplink');
  });
  it('is Hoplink while the page has no heading yet', () => {
    expect(titleFor('')).toBe('Hoplink');
  });
});
