import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

// The forms of loopback the hand-written lists let through, refused at
// subscription (and at delivery by the same guard, src/outbound/address-guard.ts).
const t = useTestApp({ WEBHOOK_POLL_MS: '3600000', WEBHOOK_ALLOW_HTTP: 'true' }, { user: 'business' });

describe('webhook targets', () => {
  it.each([
    'http://localhost.:8080/x',
    'https://LOCALHOST../x',
    'https://api.localhost./x',
    'https://[::7f00:1]/x',
    'https://[2002:7f00:1::]/x',
    'https://[::ffff:0:7f00:1]/x',
    'https://[64:ff9b::a9fe:a9fe]/x',
    'https://100.100.100.200/x',
  ])('refuses %s at subscription', async (url) => {
    const res = await t.api('POST', '/webhooks', { url, events: ['link.created'] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.url).toBeDefined();
  });

  it('still accepts a public address', async () => {
    const res = await t.api('POST', '/webhooks', {
      url: 'https://[2606:4700:4700::1111]/hook',
      events: ['link.created'],
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
