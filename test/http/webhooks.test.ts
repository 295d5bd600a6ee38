import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifySignature } from '../../src/core/webhook-signature.ts';
import { WebhookWorker, type Clock } from '../../src/webhooks/worker.ts';
import { MAX_CLICKS_PER_DELIVERY } from '../../src/webhooks/publisher.ts';
import { apiRequest, createTestApp, createUserWithToken, useTestApp, type TestUser } from '../helpers/app.ts';
import { clickEvent } from '../helpers/clicks.ts';
import { startReceiver } from '../helpers/receiver.ts';

// The context's own worker is parked (an hour between polls); each test drives a worker of its
// own with a clock it controls, so retries and the 3-day cut-off need no waiting.
const DEV_ENV = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_POLL_MS: '3600000',
  WEBHOOK_CLICK_BATCH_MS: '3600000',
};

const t = useTestApp(DEV_ENV);
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let user: TestUser;
let now: Date;
const clock: Clock = { now: () => now };
const worker = (overrides: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
  new WebhookWorker(t.ctx.uow, {
    allowPrivate: true,
    pollIntervalMs: 3_600_000,
    timeoutMs: 2000,
    maxResponseBytes: 1024,
    batchSize: 20,
    clock,
    ...overrides,
  });

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(async () => {
  user = await t.user('business');
  receiver.received.length = 0;
  receiver.answer({ status: 200 });
  now = new Date(Date.now() + 1000);
});

async function subscribe(events: string[], url = receiver.url) {
  const res = await user.api('POST', '/webhooks', { url, events, description: 'test' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A webhook whose receiver answers 503 to its test delivery and every retry for 5 days: disabled after 3. */
async function failingForThreeDays() {
  const { id } = await subscribe(['link.created']);
  receiver.answer({ status: 503 });
  await user.api('POST', `/webhooks/${id}/test`);
  const w = worker();
  await w.runOnce();
  for (let i = 0; i < 20; i++) {
    now = new Date(now.getTime() + 6 * 3_600_000);
    await w.runOnce();
  }
  return { id, w };
}

async function queuedFor(webhookId: number): Promise<number> {
  const row = await t.ctx.database.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Publishing is fire-and-forget after the request; wait until the webhook's delivery exists. */
async function waitForQueued(webhookId: number) {
  for (let i = 0; i < 200 && (await queuedFor(webhookId)) < 1; i++) await new Promise((r) => setTimeout(r, 10));
  expect(await queuedFor(webhookId)).toBeGreaterThanOrEqual(1);
}

describe('webhook subscriptions', () => {
  it('returns the signing secret once, on create', async () => {
    const created = await subscribe(['link.created']);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({
      url: receiver.url,
      events: ['link.created'],
      description: 'test',
      is_active: true,
      disabled_reason: null,
    });
    const list = (await user.api('GET', '/webhooks')).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).not.toHaveProperty('secret');
  });

  it('refuses unknown events, more than 20 webhooks, and Pro', async () => {
    const bad = await user.api('POST', '/webhooks', { url: receiver.url, events: ['link.exploded'] });
    expect(bad.statusCode).toBe(422);
    for (let i = 0; i < 20; i++) await subscribe(['link.created']);
    const over = await user.api('POST', '/webhooks', { url: receiver.url, events: ['link.created'] });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.url[0]).toMatch(/at most 20/);
    const pro = await t.user('pro');
    expect((await pro.api('GET', '/webhooks')).statusCode).toBe(403);
  });

  it('deletes a webhook, and 403s another user', async () => {
    const created = await subscribe(['link.created']);
    const other = await t.user('business');
    expect((await other.api('DELETE', `/webhooks/${created.id}`)).statusCode).toBe(403);
    expect((await user.api('DELETE', `/webhooks/${created.id}`)).statusCode).toBe(204);
  });
});

describe('changing a webhook', () => {
  it('changes its url, events and description, keeps its secret, and refuses bad values', async () => {
    const created = await subscribe(['link.created']);
    const res = await user.api('PATCH', `/webhooks/${created.id}`, {
      url: `${receiver.url}?moved=1`,
      events: ['link.deleted', 'conversion.created', 'link.deleted'],
      description: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      url: `${receiver.url}?moved=1`,
      events: ['link.deleted', 'conversion.created'],
      description: null,
      is_active: true,
    });
    expect(res.json().secret).toBeUndefined();
    const bad = async (body: unknown, field: string) => {
      const answer = await user.api('PATCH', `/webhooks/${created.id}`, body);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(Object.keys(answer.json().errors)).toContain(field);
    };
    await bad({ url: 'ftp://example.com/' }, 'url');
    await bad({ events: [] }, 'events');
    await bad({ events: ['link.exploded'] }, 'events.0');
    expect((await user.api('PATCH', `/webhooks/${created.id}`, {})).statusCode).toBe(422);
    expect((await user.api('PATCH', `/webhooks/${created.id}`, { secret: 'mine' })).statusCode).toBe(422);
    const other = await t.user('business');
    expect((await other.api('PATCH', `/webhooks/${created.id}`, { description: 'x' })).statusCode).toBe(403);
    const audit = (await user.api('GET', '/audit-log?action=webhook.updated')).json().data;
    expect(audit[0]).toMatchObject({ action: 'webhook.updated', resource_id: String(created.id) });
  });

  it('sends the events it gained at once, and nothing while it is off', async () => {
    const { id, secret } = await subscribe(['link.deleted']);
    await user.api('POST', '/links', { redirect_url: 'https://example.com/not-subscribed-yet' });
    await t.ctx.webhooks.publisher.settled(); // the publisher now knows nobody wants link.created here
    await user.api('PATCH', `/webhooks/${id}`, { events: ['link.created'] });
    await user.api('POST', '/links', { redirect_url: 'https://example.com/now-subscribed' });
    await waitForQueued(id);
    expect(await queuedFor(id)).toBe(1);

    const off = (await user.api('PATCH', `/webhooks/${id}`, { is_active: false })).json();
    expect(off).toMatchObject({ is_active: false, disabled_reason: expect.stringMatching(/Turned off/) });
    await user.api('POST', '/links', { redirect_url: 'https://example.com/while-off' });
    await t.ctx.webhooks.publisher.settled();
    expect(await queuedFor(id)).toBe(1);
    const on = await user.api('PATCH', `/webhooks/${id}`, { is_active: true });
    expect(on.json()).toMatchObject({ is_active: true, disabled_reason: null });
    await worker().runOnce();
    const bodies = receiver.received.map((delivery) => JSON.parse(delivery.body).data.redirect_url);
    expect(bodies).toEqual(['https://example.com/now-subscribed']);
    expect(secret).toMatch(/^whsec_/);
  });

  it('turns on again a webhook that failures disabled, its failure count starting over', async () => {
    const { id, w } = await failingForThreeDays();
    const listed = () =>
      user.api('GET', '/webhooks').then((res) => res.json().data.find((h: { id: number }) => h.id === id));
    expect((await listed()).is_active).toBe(false);
    receiver.answer({ status: 200 });
    expect((await user.api('PATCH', `/webhooks/${id}`, { is_active: true })).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ is_active: true, disabled_reason: null });
    const failing = await t.ctx.database.db
      .selectFrom('webhooks')
      .select('failing_since')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(failing.failing_since).toBeNull();
    await user.api('POST', `/webhooks/${id}/test`);
    await w.runOnce();
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ event: 'webhook.test' });
  });
});

describe('deliveries', () => {
  it('POSTs a signed link.created delivery carrying the Link, with a unique delivery id', async () => {
    const { id, secret } = await subscribe(['link.created']);
    const link = (await user.api('POST', '/links', { redirect_url: 'https://example.com/hooked' })).json();
    await waitForQueued(id);
    await worker().runOnce();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const body = JSON.parse(delivery!.body);
    expect(body).toMatchObject({
      event: 'link.created',
      data: { id: link.id, short_code: link.short_code, redirect_url: 'https://example.com/hooked' },
    });
    expect(delivery!.headers['hoplink-delivery']).toBe(body.id);
    expect(
      verifySignature(
        secret,
        delivery!.body,
        String(delivery!.headers['hoplink-signature']),
        Math.floor(now.getTime() / 1000),
      ),
    ).toBe(true);
    expect(
      verifySignature(
        'whsec_wrong',
        delivery!.body,
        String(delivery!.headers['hoplink-signature']),
        Math.floor(now.getTime() / 1000),
      ),
    ).toBe(false);
  });

  it('delivers to a webhook created after the user had none (the publisher forgets that they had none)', async () => {
    await user.api('POST', '/links', { redirect_url: 'https://example.com/before-any-webhook' });
    await t.ctx.webhooks.publisher.settled(); // the publisher now knows the user has no webhook
    const { id } = await subscribe(['link.created']);
    await user.api('POST', '/links', { redirect_url: 'https://example.com/after-the-webhook' });
    await waitForQueued(id);
    await worker().runOnce();
    expect(receiver.received.map((delivery) => JSON.parse(delivery.body).data.redirect_url)).toEqual([
      'https://example.com/after-the-webhook',
    ]);
  });

  it('retries on errors with backoff, then succeeds and shows the attempts', async () => {
    const { id } = await subscribe(['link.deleted']);
    const link = (await user.api('POST', '/links', { redirect_url: 'https://example.com/x' })).json();
    await user.api('DELETE', `/links/${link.id}`);
    await waitForQueued(id);
    receiver.answer({ status: 500 });
    const w = worker();
    await w.runOnce();
    expect(receiver.received).toHaveLength(1);
    await w.runOnce();
    expect(receiver.received).toHaveLength(1);
    now = new Date(now.getTime() + 61_000);
    await w.runOnce();
    expect(receiver.received).toHaveLength(2);
    now = new Date(now.getTime() + 4 * 60_000);
    await w.runOnce();
    expect(receiver.received).toHaveLength(2);
    now = new Date(now.getTime() + 60_000);
    receiver.answer({ status: 204 });
    await w.runOnce();
    expect(receiver.received).toHaveLength(3);
    const deliveries = (await user.api('GET', `/webhooks/${id}/deliveries`)).json().data;
    expect(deliveries[0]).toMatchObject({
      event: 'link.deleted',
      status: 'succeeded',
      attempts: 3,
      last_attempt: { status_code: 204, error: null },
    });
    expect(deliveries[0].last_attempt.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('disables a webhook that has failed for 3 days and says why', async () => {
    const { id } = await failingForThreeDays();
    const webhook = (await user.api('GET', '/webhooks')).json().data.find((h: { id: number }) => h.id === id);
    expect(webhook.is_active).toBe(false);
    expect(webhook.disabled_reason).toMatch(/failed for 3 days/);
    const deliveries = (await user.api('GET', `/webhooks/${id}/deliveries`)).json().data;
    expect(deliveries[0]).toMatchObject({ status: 'failed', last_attempt: { status_code: 503, error: 'HTTP 503' } });
  });

  it('sends a test delivery on request', async () => {
    const { id } = await subscribe(['link.created']);
    const res = await user.api('POST', `/webhooks/${id}/test`);
    expect(res.statusCode).toBe(202);
    await worker().runOnce();
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ event: 'webhook.test', data: { webhook_id: id } });
  });

  it('batches link.clicked per link: one delivery carrying the list of clicks', async () => {
    await subscribe(['link.clicked']);
    const link = (await user.api('POST', '/links', { redirect_url: 'https://example.com/viral' })).json();
    const click = (country: string, bot = false) =>
      clickEvent(link.id, { at: now.toISOString(), country, device: 'mobile', browser: 'safari', os: 'ios', bot });
    t.ctx.webhooks.publisher.clicksRecorded([click('US'), click('GB'), click('DE', true), click('FR')]);
    await t.ctx.webhooks.publisher.flushClicks();
    await worker().runOnce();
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body.event).toBe('link.clicked');
    expect(body.data.link_id).toBe(link.id);
    expect(body.data.clicks.map((c: { country: string }) => c.country)).toEqual(['US', 'GB', 'FR']);
  });

  it('tells the click writer how many more clicks of a link the next delivery can carry', async () => {
    const click = (linkId: number) =>
      clickEvent(linkId, { at: now.toISOString(), device: 'mobile', browser: 'safari', os: 'ios' });
    const publisher = t.ctx.webhooks.publisher;
    publisher.clicksRecorded([click(900_001), click(900_001), click(900_001)]);
    expect(publisher.clickRoom([900_001, 900_002])).toEqual(
      new Map([
        [900_001, MAX_CLICKS_PER_DELIVERY - 3],
        [900_002, MAX_CLICKS_PER_DELIVERY],
      ]),
    );
    publisher.clicksRecorded(Array.from({ length: MAX_CLICKS_PER_DELIVERY }, () => click(900_001)));
    expect(publisher.clickRoom([900_001]).get(900_001)).toBe(0);
    await publisher.flushClicks();
    expect(publisher.clickRoom([900_001]).get(900_001)).toBe(MAX_CLICKS_PER_DELIVERY);
  });

  it('does not slow the API when the receiver hangs, and records the timeout', async () => {
    const { id } = await subscribe(['link.created']);
    receiver.answer({ status: 200, hang: true });
    const res = await user.api('POST', '/links', { redirect_url: 'https://example.com/slow' });
    expect(res.statusCode).toBe(201);
    await waitForQueued(id);
    await worker({ timeoutMs: 200 }).runOnce();
    const deliveries = (await user.api('GET', `/webhooks/${id}/deliveries`)).json().data;
    expect(deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_attempt: { status_code: null, error: expect.stringMatching(/no response within 200 ms/) },
    });
  });
});

describe('SSRF protection', () => {
  it('refuses loopback, private and metadata targets at subscription without the development setting', async () => {
    const strict = await createTestApp({ WEBHOOK_POLL_MS: '3600000' });
    try {
      const h = (await createUserWithToken(strict.ctx, 'business')).headers;
      for (const url of [
        'https://127.0.0.1/x',
        'https://localhost/x',
        'https://169.254.169.254/latest',
        'https://10.0.0.5/x',
        'https://[::1]/x',
        'http://example.com/x',
      ]) {
        const res = await apiRequest(strict.app, 'POST', '/webhooks', { url, events: ['link.created'] }, h);
        expect(res.statusCode, url).toBe(422);
      }
    } finally {
      await strict.close();
    }
  });

  it('refuses at delivery time a target that resolves to a private address', async () => {
    const { id } = await subscribe(['link.created']);
    await user.api('POST', '/links', { redirect_url: 'https://example.com/ssrf' });
    await waitForQueued(id);
    await worker({ allowPrivate: false }).runOnce();
    expect(receiver.received).toHaveLength(0);
    const row = await t.ctx.database.db
      .selectFrom('webhook_attempts')
      .select('error')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.error).toMatch(/private, loopback/);
  });
});
