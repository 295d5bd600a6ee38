import type { FastifyRequest } from 'fastify';
import { DomainError } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';

/**
 * Loads the `:id` resource before body validation, so the decided order holds:
 * 404 missing -> 403 not yours -> 422 invalid body. A non-numeric id names no resource: 404.
 */
export function ownedResource<T>(load: (principal: Principal, id: number) => Promise<T>) {
  const loaded = new WeakMap<FastifyRequest, T>();
  return {
    preValidation: async (request: FastifyRequest): Promise<void> => {
      const raw = (request.params as { id?: string }).id ?? '';
      if (!/^[1-9][0-9]{0,14}$/.test(raw)) throw new DomainError('not-found', 'Not found.');
      loaded.set(request, await load(request.principal, Number(raw)));
    },
    get(request: FastifyRequest): T {
      const value = loaded.get(request);
      if (value === undefined) throw new Error('ownedResource.get called before preValidation');
      return value;
    },
  };
}
