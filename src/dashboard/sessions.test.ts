import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { assertCsrf } from './sessions.ts';

const request = (method: string, token?: string) =>
  ({ method, headers: token === undefined ? {} : { 'x-csrf-token': token } }) as unknown as FastifyRequest;

describe('assertCsrf', () => {
  it('lets reads through without a token', () => {
    expect(() => assertCsrf(request('GET'), 'secret-token')).not.toThrow();
    expect(() => assertCsrf(request('HEAD'), 'secret-token')).not.toThrow();
  });

  it('accepts a change carrying the session token', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'])
      expect(() => assertCsrf(request(method, 'secret-token'), 'secret-token')).not.toThrow();
  });

  it('refuses a change with a missing, wrong or differently sized token', () => {
    for (const sent of [undefined, '', 'secret-tokem', 'secret-token-longer']) {
      expect(() => assertCsrf(request('POST', sent), 'secret-token')).toThrow('CSRF token mismatch.');
    }
  });
});
