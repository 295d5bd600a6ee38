import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, visitAtFixedRate } from '../helpers/load.ts';
import { hoplink, startService, type RunningService } from '../helpers/process.ts';

// What a crash costs on SQLite (docs/reliability.md): visits wait in an in-memory buffer that a
// writer thread commits every 250 ms, so a SIGKILL loses at most the visits accepted in the last
// flush interval plus the batch being written; a SIGTERM loses none.

const FLUSH_INTERVAL_MS = 250;
/**
 * Visits whose 302 arrived within this long before the kill may be lost. A visit is recorded just
 * before its 302 is written, so it sits in the buffer for at most one flush interval (250 ms),
 * then its batch (about 50 visits at 200/s) is enriched and committed on the writer thread in a
 * few milliseconds. The remaining 250 ms cover the flush timer firing late and the batch taking
 * longer on a 2-core machine that also runs this load generator and vitest (a GC pause, the
 * other test files in parallel).
 */
const LOSS_WINDOW_MS = FLUSH_INTERVAL_MS + 250;
const RATE = 200; // visits per second, sent at fixed times whatever the answers
const PLANNED = 600; // 3 s at 200/s: the most this test sends
const KILL_AFTER_MS = 2000;

const started: RunningService[] = [];
let again: RunningService | undefined;
afterAll(async () => {
  for (const service of started) await service.kill();
  await again?.stop().catch(() => again?.kill());
});

/** A service on a fresh SQLite file with a Pro user, a token and one link already visited and counted. */
async function serviceWithVisitedLink() {
  const service = await startService();
  started.push(service);
  await hoplink(service.env, 'user', 'create', '--email', 'crash@example.com', '--plan', 'pro');
  const { token } = JSON.parse(
    await hoplink(service.env, 'token', 'create', '--email', 'crash@example.com', '--name', 'crash', '--json'),
  );
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const link = await (
    await fetch(`${service.apiUrl}/api/v1/links`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ redirect_url: 'https://example.com/crash' }),
    })
  ).json();
  // One visit first, counted: the link is in the redirect cache and the writer thread is running,
  // so what follows measures the steady state, not start-up.
  expect((await fetch(`${service.shortUrl}/${link.short_code}`, { redirect: 'manual', headers: BROWSER })).status).toBe(
    302,
  );
  await eventually(async () => (await clickCount(service.apiUrl, headers, link.id)) === 1, 5000);
  return { service, headers, link: link as { id: number; short_code: string } };
}

async function clickCount(apiUrl: string, headers: Record<string, string>, id: number): Promise<number> {
  const res = await fetch(`${apiUrl}/api/v1/links/${id}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()).click_count;
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('SQLite: the service killed while visits flow', () => {
  let service: RunningService;
  let headers: Record<string, string>;
  let link: { id: number; short_code: string };
  beforeAll(async () => {
    ({ service, headers, link } = await serviceWithVisitedLink());
  });

  it('SIGKILL loses at most the visits answered in the last flush interval plus the batch being written', async () => {
    const load = visitAtFixedRate(`${service.shortUrl}/${link.short_code}`, RATE, PLANNED);
    await new Promise((r) => setTimeout(r, KILL_AFTER_MS));
    const killedAt = performance.now();
    await service.kill();
    await load.stop();
    const accepted = load.arrivals.length;
    const answeredBefore = (ms: number) => load.arrivals.filter((t) => t <= killedAt - ms).length;
    const inLossWindow = accepted - answeredBefore(LOSS_WINDOW_MS);
    expect(accepted, 'visits were flowing when the kill came').toBeGreaterThan(KILL_AFTER_MS * (RATE / 1000) * 0.8);

    // The same database file, a new process: whatever the dead one committed is there.
    again = await startService({ DATABASE_URL: service.env.DATABASE_URL! });
    const counted = (await clickCount(again.apiUrl, headers, link.id)) - 1; // minus the warm-up visit
    const lost = accepted - counted;
    console.log(
      `[reliability] SQLite SIGKILL at ${RATE}/s: ${accepted} answered 302, ${counted} counted, lost ${lost}; ` +
        `${inLossWindow} answered in the last ${LOSS_WINDOW_MS} ms, ${accepted - answeredBefore(FLUSH_INTERVAL_MS)} ` +
        `in the last ${FLUSH_INTERVAL_MS} ms (${load.sent()} sent, ${load.failed()} failed)`,
    );
    expect(counted, 'no visit counted twice, none counted that was not answered').toBeLessThanOrEqual(accepted);
    expect(lost, `lost visits beyond the last ${LOSS_WINDOW_MS} ms before the kill`).toBeLessThanOrEqual(inLossWindow);
    expect(counted, 'every visit answered more than 1 s before the kill is counted').toBeGreaterThanOrEqual(
      answeredBefore(1000),
    );
    await again.stop();
    again = undefined;
  });
});

describe('SQLite: the service stopped with SIGTERM while visits flow', () => {
  it('loses none and counts none twice', async () => {
    const { service, headers, link } = await serviceWithVisitedLink();
    const load = visitAtFixedRate(`${service.shortUrl}/${link.short_code}`, RATE, PLANNED);
    await new Promise((r) => setTimeout(r, KILL_AFTER_MS));
    // Visits keep coming while the service shuts down; those it still answers must be written.
    expect(await service.stop('SIGTERM')).toBe(0);
    await load.stop();
    const accepted = load.arrivals.length;

    again = await startService({ DATABASE_URL: service.env.DATABASE_URL! });
    const counted = (await clickCount(again.apiUrl, headers, link.id)) - 1;
    console.log(`[reliability] SQLite SIGTERM at ${RATE}/s: ${accepted} answered 302, ${counted} counted`);
    expect(counted).toBe(accepted);
    await again.stop();
    again = undefined;
  });
});
