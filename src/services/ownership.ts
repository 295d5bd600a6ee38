import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/model.ts';

/**
 * The order of checks (docs/api.md) for a resource named by id: 404 when it does not exist, then
 * 403 when it belongs to someone else. `noun` names it in the message ("link", "affiliate tag").
 */
export function ownedOrThrow<T extends { workspaceId: number }>(
  resource: T | undefined,
  principal: Principal,
  noun: string,
): T {
  if (!resource) throw new AppError('not-found', `${noun[0]!.toUpperCase()}${noun.slice(1)} not found.`);
  if (resource.workspaceId !== principal.workspace.id)
    throw new AppError('forbidden', `This ${noun} does not belong to you.`);
  return resource;
}
