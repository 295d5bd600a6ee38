import type { ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { entriesBound } from '../core/cache-bounds.ts';
import type { EventBus } from '../services/events.ts';
import type { UnitOfWork } from '../services/unit-of-work.ts';

/** Open dashboards a person may keep at once; the oldest is closed to make room for a new one. */
const MAX_STREAMS_PER_USER = 10;
/** Proxies close a silent connection after a minute or so; a comment line keeps it open. */
const HEARTBEAT_MS = 15_000;

/**
 * Clicks arriving live in the dashboard (docs/api.md, "Live updates"): each committed click batch,
 * on this instance or another (the Redis bus carries `clicks-recorded`), is told to the open
 * dashboards of the links' owners as a server-sent event `clicks` naming the links; the page then
 * re-reads its statistics. Nobody watching costs nothing: owners are looked up only if someone is.
 */
export class LiveClicks {
  readonly #uow: UnitOfWork;
  readonly #streams = new Map<number, Set<ServerResponse>>();
  // Most processes never have a dashboard watching: nothing reserved up front.
  readonly #owners = new LRUCache<number, number>(entriesBound(100_000));
  readonly #heartbeat: NodeJS.Timeout;
  readonly #unsubscribe: () => void;

  constructor(uow: UnitOfWork, events: EventBus, onError: (error: unknown) => void) {
    this.#uow = uow;
    this.#unsubscribe = events.subscribe((event) => {
      if (event.kind === 'clicks-recorded') this.#tell(event.linkIds).catch(onError);
    });
    this.#heartbeat = setInterval(() => this.#writeAll(': still here\n\n'), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Starts a stream of `workspaceId`'s clicks on `res` (already hijacked from Fastify). */
  open(workspaceId: number, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx buffers responses unless told not to; a buffered event arrives late.
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    let streams = this.#streams.get(workspaceId);
    if (!streams) this.#streams.set(workspaceId, (streams = new Set()));
    if (streams.size >= MAX_STREAMS_PER_USER) streams.values().next().value?.end();
    streams.add(res);
    res.once('close', () => {
      streams.delete(res);
      if (streams.size === 0 && this.#streams.get(workspaceId) === streams) this.#streams.delete(workspaceId);
    });
  }

  /** Ends every stream (before the server closes, which would otherwise wait for them). */
  close(): void {
    clearInterval(this.#heartbeat);
    this.#unsubscribe();
    for (const streams of this.#streams.values()) for (const res of streams) res.end();
    this.#streams.clear();
  }

  async #tell(linkIds: readonly number[]): Promise<void> {
    if (this.#streams.size === 0) return;
    const unknown = linkIds.filter((id) => !this.#owners.has(id));
    if (unknown.length > 0) {
      const found = await this.#uow.read((stores) => stores.links.owners(unknown));
      for (const [linkId, workspaceId] of found) this.#owners.set(linkId, workspaceId);
    }
    const byUser = new Map<number, number[]>();
    for (const linkId of linkIds) {
      const workspaceId = this.#owners.get(linkId);
      if (workspaceId === undefined || !this.#streams.has(workspaceId)) continue;
      byUser.set(workspaceId, [...(byUser.get(workspaceId) ?? []), linkId]);
    }
    for (const [workspaceId, ids] of byUser) {
      const message = `event: clicks\ndata: ${JSON.stringify({ link_ids: ids })}\n\n`;
      for (const res of this.#streams.get(workspaceId) ?? []) res.write(message);
    }
  }

  #writeAll(text: string): void {
    for (const streams of this.#streams.values()) for (const res of streams) res.write(text);
  }
}
