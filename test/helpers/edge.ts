import { expect } from 'vitest';
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
