import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebhookWorker, type Clock } from '../../src/webhooks/worker.ts';
import { useTestApp } from '../helpers/app.ts';

// A delivery has one deadline for the whole exchange, and one slow receiver
// holds back no other delivery. The receivers are written here, on loopback; each test drives
// workers of its own (the context's worker is parked) with a clock it controls.
const DEV_ENV = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_POLL_MS: '3600000',
  WEBHOOK_CLICK_BATCH_MS: '3600000',
};

const t = useTestApp(DEV_ENV);
let now: Date;
const clock: Clock = { now: () => now };
const workers: WebhookWorker[] = [];
const receivers: Receiver[] = [];

function worker(overrides: { timeoutMs?: number; maxResponseBytes?: number; pollIntervalMs?: number } = {}) {
  const created = new WebhookWorker(t.ctx.uow, {
    allowPrivate: true,
    pollIntervalMs: 3_600_000,
    timeoutMs: 1000,
    maxResponseBytes: 1024,
    batchSize: 20,
    clock,
    ...overrides,
  });
  workers.push(created);
  return created;
}

interface Receiver {
  url: string;
  /** Requests whose body has arrived. */
  received: number;
  /** Requests open now, and the most that were open at once. */
  open: number;
  maxOpen: number;
  close(): Promise<void>;
}

/** A loopback receiver that hands each request, once its body has arrived, to `answer`. */
async function receiver(answer: (res: ServerResponse, req: IncomingMessage) => void): Promise<Receiver> {
  const server = createServer((req, res) => {
    state.open += 1;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    res.on('close', () => {
      state.open -= 1;
    });
    req.resume();
    req.on('end', () => {
      state.received += 1;
      answer(res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const state: Receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    received: 0,
    open: 0,
    maxOpen: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  receivers.push(state);
  return state;
}

/** Answers 200 at once. */
const fast = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');

/** Sends 200 and its headers at once, then one byte every 300 ms, and never ends. */
function trickle(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.write('.');
  const drip = setInterval(() => res.write('.'), 300);
  res.on('close', () => clearInterval(drip));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, what: string, withinMs = 4000) {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

beforeEach(() => {
  now = new Date(Date.now() + 1000);
});
afterEach(async () => {
  // Receivers first: what is still in flight then fails at once, and the workers close quickly.
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  await Promise.all(workers.splice(0).map((w) => w.close()));
});

/** A customer of its own with a webhook to `url`, and `count` test deliveries queued to it. */
async function webhookWithDeliveries(url: string, count = 1) {
  const { api } = await t.user('business');
  const res = await api('POST', '/webhooks', { url, events: ['link.created'] });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().id;
  const hook = {
    id,
    async queue(n = 1) {
      for (let i = 0; i < n; i++) {
        const queued = await api('POST', `/webhooks/${id}/test`);
        expect(queued.statusCode).toBe(202);
      }
    },
    async deliveries(): Promise<
      Array<{
        status: string;
        attempts: number;
        last_attempt: { status_code: number | null; duration_ms: number; error: string | null } | null;
      }>
    > {
      const list = await api('GET', `/webhooks/${id}/deliveries`);
      return list.json().data;
    },
  };
  await hook.queue(count);
  return hook;
}

describe('the deadline of one delivery', () => {
  it('fails a receiver that trickles its body, at the deadline, even though it answered 200', async () => {
    const slow = await receiver(trickle);
    const hook = await webhookWithDeliveries(slow.url);
    const started = Date.now();
    await worker({ timeoutMs: 1000 }).runOnce();
    expect(Date.now() - started).toBeLessThan(2500);
    const [delivery] = await hook.deliveries();
    expect(delivery).toMatchObject({
      status: 'pending', // failed: the next attempt is scheduled
      attempts: 1,
      last_attempt: { status_code: 200, error: 'no complete response within 1000 ms' },
    });
    // Node's timers count whole milliseconds of the event loop's clock: the deadline can fire up to
    // a millisecond before performance.now() has 1000 ms (999 seen once in a full run).
    expect(delivery!.last_attempt!.duration_ms).toBeGreaterThanOrEqual(999);
    expect(delivery!.last_attempt!.duration_ms).toBeLessThan(1500);
  });

  it('fails a receiver that never answers, silent or sending only 102 Processing, at the deadline', async () => {
    const silent = await receiver(() => {});
    const stalling = await receiver((res) => {
      // Informational responses keep the socket busy, so an idle timeout alone never fires.
      res.writeProcessing();
      const keepBusy = setInterval(() => res.writeProcessing(), 300);
      res.on('close', () => clearInterval(keepBusy));
    });
    const hooks = [await webhookWithDeliveries(silent.url), await webhookWithDeliveries(stalling.url)];
    const started = Date.now();
    await worker({ timeoutMs: 1000 }).runOnce();
    expect(Date.now() - started).toBeLessThan(2500);
    for (const hook of hooks) {
      const [delivery] = await hook.deliveries();
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_attempt: { status_code: null, error: 'no response within 1000 ms' },
      });
      expect(delivery!.last_attempt!.duration_ms).toBeLessThan(1500);
    }
  });

  it('counts a 2xx whose body is larger than maxResponseBytes as a success, and stops reading', async () => {
    const big = await receiver((res) => res.writeHead(200).end('x'.repeat(256 * 1024)));
    // Past the limit the rest is not read, so a body that never ends is no reason to wait.
    const endless = await receiver((res) => {
      res.writeHead(202);
      res.write('y'.repeat(4096));
      const more = setInterval(() => res.write('y'), 300);
      res.on('close', () => clearInterval(more));
    });
    const hooks = [await webhookWithDeliveries(big.url), await webhookWithDeliveries(endless.url)];
    await worker({ timeoutMs: 2000, maxResponseBytes: 1024 }).runOnce();
    const [bigDelivery] = await hooks[0]!.deliveries();
    const [endlessDelivery] = await hooks[1]!.deliveries();
    expect(bigDelivery).toMatchObject({ status: 'succeeded', last_attempt: { status_code: 200, error: null } });
    expect(endlessDelivery).toMatchObject({ status: 'succeeded', last_attempt: { status_code: 202, error: null } });
    expect(endlessDelivery!.last_attempt!.duration_ms).toBeLessThan(1000);
  });
});

describe('one slow receiver holds back nobody else', () => {
  it("records another customer's delivery while the slow one is in flight, and a new pass delivers more", async () => {
    const slow = await receiver(trickle);
    const quick = await receiver(fast);
    const slowHook = await webhookWithDeliveries(slow.url);
    const quickHook = await webhookWithDeliveries(quick.url);
    const w = worker({ timeoutMs: 2000 });
    const started = Date.now();

    const firstPass = w.runOnce();
    await until(async () => (await quickHook.deliveries())[0]!.status === 'succeeded', 'the fast delivery');
    expect(slow.received).toBe(1);
    expect(slow.open).toBe(1);
    expect((await slowHook.deliveries())[0]).toMatchObject({ status: 'pending', attempts: 0 });

    // A second pass starts and finishes while the first pass's slow delivery is still running.
    await quickHook.queue();
    await w.runOnce();
    expect(quick.received).toBe(2);
    expect((await quickHook.deliveries()).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect((await slowHook.deliveries())[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(slow.open).toBe(1);
    expect(Date.now() - started).toBeLessThan(1500);

    await firstPass;
    expect((await slowHook.deliveries())[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_attempt: { status_code: 200, error: 'no complete response within 2000 ms' },
    });
  });

  it('has at most 2 deliveries of one webhook in flight, across passes, and delivers them all', async () => {
    // Each answer takes 200 ms, so the deliveries started by a pass overlap with the next pass.
    const slow = await receiver((res) => setTimeout(() => fast(res), 200));
    const hook = await webhookWithDeliveries(slow.url, 5);
    const w = worker({ timeoutMs: 2000 });
    for (let pass = 0; pass < 6 && slow.received < 5; pass++) {
      now = new Date(now.getTime() + 60_000); // past the lease of those left behind by the last pass
      const running = w.runOnce();
      await until(() => slow.open > 0, 'a delivery at the receiver');
      // Meanwhile every lease expires: all are due again, but the webhook is full.
      now = new Date(now.getTime() + 60_000);
      await w.runOnce();
      await running;
      expect(slow.open).toBe(0);
    }
    expect(slow.maxOpen).toBe(2);
    expect(slow.received).toBe(5);
    expect((await hook.deliveries()).map((d) => d.status)).toEqual(Array(5).fill('succeeded'));
  });

  it('close() stops polling and waits for the deliveries in flight, each bounded by the deadline', async () => {
    const slow = await receiver(trickle);
    const slowHook = await webhookWithDeliveries(slow.url);
    const w = worker({ timeoutMs: 1000, pollIntervalMs: 20 });
    w.start();
    await until(() => slow.received === 1, 'the slow delivery at the receiver');
    const closing = Date.now();
    await w.close();
    expect(Date.now() - closing).toBeLessThan(1500);
    expect((await slowHook.deliveries())[0]).toMatchObject({
      attempts: 1,
      last_attempt: { error: 'no complete response within 1000 ms' },
    });

    const quick = await receiver(fast);
    await webhookWithDeliveries(quick.url);
    await sleep(200);
    expect(quick.received).toBe(0);
    await w.runOnce(); // a closed worker claims nothing
    expect(quick.received).toBe(0);
  });
});
