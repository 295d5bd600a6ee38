import { describe, expect, it } from 'vitest';
import { applyUtm } from './utm.ts';

describe('applyUtm', () => {
  it('adds the parameters to a URL without a query, in source, medium, campaign, term, content order', () => {
    const utm = { content: 'e', term: 'd', campaign: 'c', medium: 'b', source: 'a' };
    expect(applyUtm('https://example.com/p', utm)).toBe(
      'https://example.com/p?utm_source=a&utm_medium=b&utm_campaign=c&utm_term=d&utm_content=e',
    );
  });

  it('adds the parameters after a lone question mark', () => {
    expect(applyUtm('https://example.com/p?', { source: 'news' })).toBe('https://example.com/p?utm_source=news');
  });

  it('appends after the existing parameters, keeping their order and exact encoding', () => {
    expect(applyUtm('https://example.com/p?a=%7e&b=+&c=caf%C3%A9&d&e=', { source: 'x' })).toBe(
      'https://example.com/p?a=%7e&b=+&c=caf%C3%A9&d&e=&utm_source=x',
    );
  });

  it('replaces an existing parameter where it stands', () => {
    expect(applyUtm('https://example.com/?a=1&utm_source=old&b=2', { source: 'new' })).toBe(
      'https://example.com/?a=1&utm_source=new&b=2',
    );
  });

  it('replaces every occurrence, once, at the first one', () => {
    expect(applyUtm('https://example.com/?utm_medium=x&a=1&utm_medium=y&utm_medium', { medium: 'email' })).toBe(
      'https://example.com/?utm_medium=email&a=1',
    );
  });

  it('recognises a percent-encoded name as the same parameter', () => {
    expect(applyUtm('https://example.com/?utm%5Fsource=old', { source: 'new' })).toBe(
      'https://example.com/?utm_source=new',
    );
  });

  it('leaves differently cased names alone: analytics reads utm_* case-sensitively', () => {
    expect(applyUtm('https://example.com/?UTM_SOURCE=a&Utm_Source=b', { source: 'c' })).toBe(
      'https://example.com/?UTM_SOURCE=a&Utm_Source=b&utm_source=c',
    );
  });

  it('keeps the destination’s own utm_* for fields the link leaves empty', () => {
    expect(applyUtm('https://example.com/?utm_campaign=spring&utm_source=old', { source: 'new', campaign: null })).toBe(
      'https://example.com/?utm_campaign=spring&utm_source=new',
    );
  });

  it('keeps the fragment after the query, even when the fragment holds a question mark', () => {
    expect(applyUtm('https://example.com/p#top?x=1', { source: 'a' })).toBe(
      'https://example.com/p?utm_source=a#top?x=1',
    );
    expect(applyUtm('https://example.com/p?q=1#sec', { source: 'a' })).toBe(
      'https://example.com/p?q=1&utm_source=a#sec',
    );
  });

  it('keeps the path and the host exactly, case included', () => {
    expect(applyUtm('https://Example.COM/Some%20Path/Ü?Q=1', { term: 't' })).toBe(
      'https://Example.COM/Some%20Path/Ü?Q=1&utm_term=t',
    );
  });

  it('percent-encodes the values', () => {
    expect(applyUtm('https://example.com/', { campaign: 'spring sale & more/€=?#' })).toBe(
      'https://example.com/?utm_campaign=spring%20sale%20%26%20more%2F%E2%82%AC%3D%3F%23',
    );
  });

  it('does not touch a parameter that merely starts like a utm name', () => {
    expect(applyUtm('https://example.com/?utm_sources=a&utm_id=b', { source: 'x' })).toBe(
      'https://example.com/?utm_sources=a&utm_id=b&utm_source=x',
    );
  });

  it.each([
    ['no utm', null],
    ['an empty object', {}],
    ['only null fields', { source: null, medium: null, campaign: null, term: null, content: null }],
    ['only empty strings', { source: '', medium: '' }],
  ])('returns the URL unchanged, byte for byte, for %s', (_, utm) => {
    for (const url of [
      'https://example.com/p',
      'https://example.com/p?',
      'https://example.com/?utm_source=a&b=%7e#f',
    ]) {
      expect(applyUtm(url, utm)).toBe(url);
    }
  });
});
