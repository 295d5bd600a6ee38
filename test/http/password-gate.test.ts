import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { CHROME_USER_AGENT } from '../helpers/clicks.ts';
import { linkTools, useEdge } from '../helpers/edge.ts';

// Link passwords on the short host under concurrency: the lock-out counts an attempt before its
// hash, and one link's visitors share the hashing with every other link's, through a real server.
const t = useTestApp(
  { SHORT_PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', SHORT_URL: 'http://127.0.0.1' },
  { user: 'business' },
);
const edge = useEdge(t);

const { createLink } = linkTools(t);

const postPassword = (code: string, password: string, from: string) =>
  fetch(`${edge.url}/${code}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'user-agent': CHROME_USER_AGENT,
      'x-forwarded-for': from,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ password }).toString(),
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });

/** The right password lets the visitor on (a redirect); anything else is a refusal. */
const opened = (status: number) => status >= 300 && status < 400;

describe('link password lock-out under concurrency', () => {
  it('hashes 5 of 30 simultaneous wrong passwords from one address, then refuses the right one too', async () => {
    const link = await createLink({ redirect_url: 'https://example.com/guarded', password: 'open sesame' });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postPassword(link.short_code, `guess ${i}`, '81.3.0.1')),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    expect(await postPassword(link.short_code, 'open sesame', '81.3.0.1')).toBe(429);
    // Another address has its own count.
    expect(opened(await postPassword(link.short_code, 'open sesame', '81.3.0.2'))).toBe(true);
  }, 30_000);
});

describe("one link's visitors flooding the password check", () => {
  it("still let another link's visitor in with the right password, not a 503", async () => {
    const busy = await createLink({ redirect_url: 'https://example.com/popular', password: 'popular one' });
    const quiet = await createLink({ redirect_url: 'https://example.com/quiet', password: 'quiet one' });
    // 40 visitors of the busy link, each from an address of its own (no lock-out), each posting
    // the right password again as soon as it is answered, until the quiet link's visitor is.
    let flooding = true;
    const floodStatuses: number[] = [];
    let firstRefusal!: () => void;
    const refused = new Promise<void>((resolve) => (firstRefusal = resolve));
    const flood = Array.from({ length: 40 }, async (_, i) => {
      while (flooding) {
        const status = await postPassword(busy.short_code, 'popular one', `81.4.0.${i + 1}`);
        floodStatuses.push(status);
        if (status === 503) firstRefusal();
      }
    });
    // The quiet link's visitor comes once the busy link's check is full.
    await refused;
    const status = await postPassword(quiet.short_code, 'quiet one', '81.5.0.1');
    flooding = false;
    await Promise.all(flood);
    expect(status).not.toBe(503);
    expect(opened(status)).toBe(true);
    expect(floodStatuses.filter((s) => !opened(s) && s !== 503)).toEqual([]);
  }, 60_000);
});
