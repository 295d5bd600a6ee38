import { describe, expect, it } from 'vitest';
import { isHttpUrl } from './urls.ts';

describe('isHttpUrl', () => {
  it.each([
    'https://example.com',
    'http://example.com/a?b=c#d',
    'https://xn--bcher-kva.example/',
    'https://1.2.3.4:8080/x',
  ])('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each([
    '',
    '/relative',
    'example.com',
    'javascript:alert(1)',
    'ftp://example.com',
    'mailto:a@b.c',
    'data:text/html,x',
    `https://example.com/${'a'.repeat(2030)}`,
  ])('refuses %s', (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });
});
