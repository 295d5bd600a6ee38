import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './webhook-signature.ts';

describe('webhook signatures', () => {
  const body = '{"id":"d1","event":"link.created"}';

  it('signs the timestamp and raw body so a subscriber can verify them', () => {
    const header = signPayload('whsec_test', body, 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_test', body, header, 1_700_000_010)).toBe(true);
  });

  it('fails for another secret, a changed body or a stale timestamp', () => {
    const header = signPayload('whsec_test', body, 1_700_000_000);
    expect(verifySignature('whsec_other', body, header, 1_700_000_000)).toBe(false);
    expect(verifySignature('whsec_test', `${body} `, header, 1_700_000_000)).toBe(false);
    expect(verifySignature('whsec_test', body, header, 1_700_000_000 + 301)).toBe(false);
    expect(verifySignature('whsec_test', body, 'garbage', 1_700_000_000)).toBe(false);
  });
});
