import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { changePlan } from '../../src/services/accounts.ts';
import { useTestApp } from '../helpers/app.ts';
import { visitFacts } from '../helpers/clicks.ts';

// Clicks arriving live in the dashboard, over server-sent events (docs/api.md, Live updates).
const t = useTestApp();
let base: string;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

async function signedIn(plan: 'business' | 'pro') {
  const email = `live-${plan}-${Date.now()}-${Math.random()}@example.com`;
  const res = await fetch(`${base}/dashboard-api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse' }),
  });
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const { csrf_token: csrf } = (await res.json()) as { csrf_token: string };
  await t.ctx.uow.transact((work) => changePlan(work, email, plan));
  const headers = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
  const link = await (
    await fetch(`${base}/api/v1/links`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ redirect_url: 'https://example.com/live' }),
    })
  ).json();
  return { cookie, headers, link: link as { id: number } };
}

/** Collects a stream's text in the background; `clicksEvent` waits for the next `clicks` event. */
function eventsOf(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      text += decoder.decode(chunk.value, { stream: true });
    }
  })();
  return {
    async clicksEvent(deadlineMs: number): Promise<{ link_ids: number[] } | undefined> {
      const deadline = Date.now() + deadlineMs;
      while (Date.now() < deadline) {
        const event = /event: clicks\ndata: (.*)\n\n/.exec(text);
        if (event) {
          text = text.slice(event.index + event[0].length);
          return JSON.parse(event[1]!) as { link_ids: number[] };
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return undefined;
    },
    close: () => reader.cancel(),
  };
}

describe('GET /dashboard-api/live', () => {
  it('tells an open dashboard of its own links’ new clicks within 2 s, and nobody else’s', async () => {
    const ann = await signedIn('business');
    const bob = await signedIn('business');
    const res = await fetch(`${base}/dashboard-api/live`, { headers: { cookie: ann.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = eventsOf(res.body!);

    t.ctx.clicks.record(visitFacts(bob.link.id, { at: Date.now() }));
    expect(await events.clicksEvent(800)).toBeUndefined();

    t.ctx.clicks.record(visitFacts(ann.link.id, { at: Date.now() }));
    expect(await events.clicksEvent(2_000)).toEqual({ link_ids: [ann.link.id] });
    await events.close();
  });

  it('follows the workspace named by ?workspace= (EventSource sends no header), only one of the person’s', async () => {
    const ann = await signedIn('business');
    const made = await fetch(`${base}/dashboard-api/workspaces`, {
      method: 'POST',
      headers: ann.headers,
      body: JSON.stringify({ name: 'Live team' }),
    });
    const { slug } = (await made.json()) as { slug: string };
    const teamLink = (await (
      await fetch(`${base}/api/v1/links`, {
        method: 'POST',
        headers: { ...ann.headers, 'x-hoplink-workspace': slug },
        body: JSON.stringify({ redirect_url: 'https://example.com/team' }),
      })
    ).json()) as { id: number };
    const res = await fetch(`${base}/dashboard-api/live?workspace=${slug}`, { headers: { cookie: ann.cookie } });
    expect(res.status).toBe(200);
    const events = eventsOf(res.body!);

    t.ctx.clicks.record(visitFacts(ann.link.id, { at: Date.now() }));
    expect(await events.clicksEvent(800)).toBeUndefined();
    t.ctx.clicks.record(visitFacts(teamLink.id, { at: Date.now() }));
    expect(await events.clicksEvent(2_000)).toEqual({ link_ids: [teamLink.id] });
    await events.close();

    const bob = await signedIn('business');
    const refused = await fetch(`${base}/dashboard-api/live?workspace=${slug}`, { headers: { cookie: bob.cookie } });
    expect(refused.status).toBe(404);
  });

  it('needs a session', async () => {
    const res = await fetch(`${base}/dashboard-api/live`);
    expect(res.status).toBe(401);
  });
});
