import { describe, expect, it } from 'vitest';
import { servesAppShell } from './spa-fallback.ts';

describe('servesAppShell', () => {
  it('answers page addresses with the app', () => {
    for (const path of ['/links', '/links/12', '/tokens?x=1', '/account/'])
      expect(servesAppShell(path), path).toBe(true);
  });

  it('never swallows the API, its docs or the dashboard endpoints', () => {
    for (const path of [
      '/api',
      '/api/v1/nope',
      '/API/v1/links',
      '/docs',
      '/docs/json',
      '/docs-old',
      '/dashboard-api/unknown',
    ])
      expect(servesAppShell(path), path).toBe(false);
  });

  it('leaves missing files to a 404 instead of answering them with HTML', () => {
    for (const path of ['/favicon.ico', '/assets/index-old.js', '/robots.txt'])
      expect(servesAppShell(path), path).toBe(false);
  });
});
