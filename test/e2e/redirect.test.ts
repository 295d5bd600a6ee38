import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliUserWithToken } from '../helpers/cli.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';
import { startService, type RunningService } from '../helpers/process.ts';
import { startReceiver } from '../helpers/receiver.ts';

let service: RunningService;
let headers: Record<string, string>;
beforeAll(async () => {
  service = await startService();
  ({ headers } = await cliUserWithToken({
    env: service.env,
    email: 'redirect@example.com',
    plan: 'business',
    tokenName: 'e2e',
  }));
});
afterAll(async () => {
  await service?.stop();
});

async function createLink(api: string): Promise<{ id: number; short_code: string }> {
  const res = await fetch(`${api}/api/v1/links`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ redirect_url: 'https://example.com/e2e' }),
  });
  return res.json();
}

async function clickCount(api: string, id: number): Promise<number> {
  return (await (await fetch(`${api}/api/v1/links/${id}`, { headers })).json()).click_count;
}

describe('create -> redirect -> click -> stats, as a user runs it', () => {
  it('lets exactly max_clicks of 50 simultaneous visitors through, and counts exactly those', async () => {
    const link = await (
      await fetch(`${service.apiUrl}/api/v1/links`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ redirect_url: 'https://example.com/limited', max_clicks: 10 }),
      })
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${service.shortUrl}/${link.short_code}`, {
          redirect: 'manual',
          headers: { 'user-agent': CHROME_USER_AGENT, connection: 'close' },
        }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(10).fill(302), ...Array(40).fill(410)]);
    const deadline = Date.now() + 2000;
    let count = 0;
    while (Date.now() < deadline && (count = await clickCount(service.apiUrl, link.id)) < 10)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(await clickCount(service.apiUrl, link.id)).toBe(10);
  });

  it('shows a visit in click_count within 2 seconds', async () => {
    const link = await createLink(service.apiUrl);
    const res = await fetch(`${service.shortUrl}/${link.short_code}`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0' },
    });
    expect(res.status).toBe(302);
    const deadline = Date.now() + 2000;
    let count = 0;
    while (Date.now() < deadline && (count = await clickCount(service.apiUrl, link.id)) < 1)
      await new Promise((r) => setTimeout(r, 50));
    expect(count).toBe(1);
    const stats = await (
      await fetch(`${service.apiUrl}/api/v1/links/${link.id}/stats?with=browser,os`, { headers })
    ).json();
    expect(stats).toMatchObject({
      total_clicks: 1,
      browser: [{ value: 'firefox', clicks: 1 }],
      os: [{ value: 'linux', clicks: 1 }],
    });
  });

  it('writes every accepted click when stopped with SIGTERM under load', async () => {
    const own = await startService();
    const env = own.env;
    const { headers: auth } = await cliUserWithToken({
      env,
      email: 'load@example.com',
      plan: 'pro',
      tokenName: 'load',
    });
    const link = await (
      await fetch(`${own.apiUrl}/api/v1/links`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ redirect_url: 'https://example.com/load' }),
      })
    ).json();

    let accepted = 0;
    let stopping: Promise<number | null> | undefined;
    const ua = {
      'user-agent': CHROME_USER_AGENT,
    };
    const workers = Array.from({ length: 20 }, async () => {
      for (let i = 0; i < 40; i++) {
        try {
          const res = await fetch(`${own.shortUrl}/${link.short_code}`, { redirect: 'manual', headers: ua });
          if (res.status === 302) accepted += 1;
        } catch {
          return; // the server has stopped listening
        }
        if (accepted >= 300 && !stopping) stopping = own.stop('SIGTERM');
      }
    });
    await Promise.all(workers);
    expect(await (stopping ?? own.stop('SIGTERM'))).toBe(0);
    expect(accepted).toBeGreaterThanOrEqual(300);

    const again = await startService({ DATABASE_URL: env.DATABASE_URL! });
    try {
      const res = await fetch(`${again.apiUrl}/api/v1/links/${link.id}`, { headers: auth });
      expect((await res.json()).click_count).toBe(accepted);
    } finally {
      await again.stop();
    }
  });
});

describe('link.clicked webhooks from the click writer thread', () => {
  it('delivers the counted clicks of a link, enriched, without the bot', async () => {
    const receiver = await startReceiver();
    const own = await startService({
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_CLICK_BATCH_MS: '200',
      WEBHOOK_POLL_MS: '100',
    });
    try {
      const { headers: auth } = await cliUserWithToken({
        env: own.env,
        email: 'hooks@example.com',
        plan: 'business',
        tokenName: 'hooks',
      });
      const hook = await fetch(`${own.apiUrl}/api/v1/webhooks`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ url: receiver.url, events: ['link.clicked'] }),
      });
      expect(hook.status, await hook.clone().text()).toBe(201);
      const link = await (
        await fetch(`${own.apiUrl}/api/v1/links`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ redirect_url: 'https://example.com/hooked' }),
        })
      ).json();

      const firefox = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0' };
      for (const headers of [firefox, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, firefox]) {
        expect((await fetch(`${own.shortUrl}/${link.short_code}`, { redirect: 'manual', headers })).status).toBe(302);
      }
      // The visits may fall into one click batch or two (the buffer flushes every 250 ms), and so
      // into one delivery or two: what matters is every counted click, once, and no bot.
      const delivered = () => receiver.received.map((request) => JSON.parse(request.body));
      const clicks = () => delivered().flatMap((body) => body.data.clicks);
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && clicks().length < 2) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500)); // a bot's click, wrongly delivered, would be in by now
      for (const body of delivered()) {
        expect(body).toMatchObject({ event: 'link.clicked', data: { link_id: link.id } });
      }
      expect(clicks()).toEqual([
        expect.objectContaining({
          link_id: link.id,
          country: 'XX',
          device: 'desktop',
          browser: 'firefox',
          os: 'linux',
        }),
        expect.objectContaining({ link_id: link.id, browser: 'firefox' }),
      ]);
    } finally {
      await own.stop();
      await receiver.close();
    }
  });
});
