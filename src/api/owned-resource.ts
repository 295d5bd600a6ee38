import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';
import type { Stores } from '../storage/stores.ts';

/**
 * Loads the `:id` resource before body validation, so the decided order holds:
 * 404 missing -> 403 not yours -> 422 invalid body. A non-numeric id names no resource: 404.
 * Use cases that change the resource check it again inside their own unit of work.
 */
export function ownedResource<T>(
  uow: UnitOfWork,
  load: (stores: Stores, principal: Principal, id: number) => Promise<T>,
) {
  const loaded = new WeakMap<FastifyRequest, T>();
  return {
    preValidation: async (request: FastifyRequest): Promise<void> => {
      const raw = (request.params as { id?: string }).id ?? '';
      if (!/^[1-9][0-9]{0,14}$/.test(raw)) throw new AppError('not-found', 'Not found.');
      loaded.set(request, await uow.read((stores) => load(stores, request.principal, Number(raw))));
    },
    get(request: FastifyRequest): T {
      const value = loaded.get(request);
      if (value === undefined) throw new Error('ownedResource.get called before preValidation');
      return value;
    },
  };
}
