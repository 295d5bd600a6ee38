import { afterAll, beforeAll, expect } from 'vitest';
import { startEdge, type RunningEdge } from '../../src/edge/server.ts';
import type { UsedTestApp } from './app.ts';

/** What the short-host suites ask of the API: make a link (201 checked), read its click_count once written. */
export function linkTools(t: UsedTestApp) {
  return {
    async createLink(payload: Record<string, unknown>) {
      const res = await t.api('POST', '/links', payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    async clickCount(id: number): Promise<number> {
      await t.ctx.clicks.flush();
      return (await t.api('GET', `/links/${id}`)).json().click_count;
    },
  };
}

/**
 * A short host on loopback for the file's tests, over the test app's context: started before
 * them, closed after. Its fields are read when a test runs, once it has started.
 */
export function useEdge(t: UsedTestApp): RunningEdge {
  let running: RunningEdge | undefined;
  beforeAll(async () => {
    running = await startEdge(t.ctx);
  });
  afterAll(async () => {
    await running?.close();
  });
  const started = () => {
    if (!running) throw new Error('the short host starts in beforeAll');
    return running;
  };
  return {
    get url() {
      return started().url;
    },
    get server() {
      return started().server;
    },
    get cache() {
      return started().cache;
    },
    close: () => started().close(),
  };
}
