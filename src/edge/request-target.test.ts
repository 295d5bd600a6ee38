import { describe, expect, it } from 'vitest';
import { hostnameOf, parseTarget } from './request-target.ts';

describe('the path of a short-host request', () => {
  it('names the root, a code, or a code and a choice-page option; the query is ignored', () => {
    expect(parseTarget('/')).toEqual({ kind: 'root' });
    expect(parseTarget('/?utm=1')).toEqual({ kind: 'root' });
    expect(parseTarget('/abc_D-9')).toEqual({ kind: 'code', code: 'abc_D-9', optionNumber: null });
    expect(parseTarget('/abc?x=/1')).toEqual({ kind: 'code', code: 'abc', optionNumber: null });
    expect(parseTarget('/abc/2')).toEqual({ kind: 'code', code: 'abc', optionNumber: 2 });
    expect(parseTarget('/abc/99?x=1')).toEqual({ kind: 'code', code: 'abc', optionNumber: 99 });
  });

  it('names nothing for anything else', () => {
    for (const url of [
      undefined,
      '',
      'abc',
      '//',
      '/abc/',
      '/abc/0',
      '/abc/100',
      '/abc/01',
      '/abc/1/2',
      '/x/y/z',
      '/a%20b',
      '/a.b',
      `/${'a'.repeat(65)}`,
      `/${'a'.repeat(300)}`,
      '//1',
    ]) {
      expect(parseTarget(url), String(url)).toEqual({ kind: 'invalid' });
    }
    expect(parseTarget(`/${'a'.repeat(64)}`)).toMatchObject({ kind: 'code' });
  });

  it('counts only the path against its limit: a long campaign query still reaches the link', () => {
    const campaign =
      '?utm_source=newsletter&utm_medium=email&utm_campaign=black-friday-2026-early-access' +
      '&utm_content=hero-banner-variant-b&fbclid=IwAR2F4-Xq9l3VYwXcB8mJQ1b2pZ7t0sKdLxW9yRfGhTnUvEeSaA5cDkM0' +
      `&gclid=${'x'.repeat(2000)}`;
    expect(parseTarget(`/abc${campaign}`)).toEqual({ kind: 'code', code: 'abc', optionNumber: null });
    expect(parseTarget(`/abc/2${campaign}`)).toEqual({ kind: 'code', code: 'abc', optionNumber: 2 });
  });
});

describe('the host a short-host request names', () => {
  it('is lower case, without port or trailing dot; IPv6 keeps its brackets', () => {
    expect(hostnameOf('Go.Example.COM:8080')).toBe('go.example.com');
    expect(hostnameOf('go.example.com.')).toBe('go.example.com');
    expect(hostnameOf(' links.shop.example ')).toBe('links.shop.example');
    expect(hostnameOf('[::1]:3001')).toBe('[::1]');
    expect(hostnameOf(undefined)).toBe('');
    // The same header twice (the remembered answer), then another.
    expect(hostnameOf('A.example')).toBe('a.example');
    expect(hostnameOf('A.example')).toBe('a.example');
    expect(hostnameOf('b.example:80')).toBe('b.example');
  });
});
