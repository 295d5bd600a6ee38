import { describe, expect, it } from 'vitest';
import { isPublicAddress, resolveDeliveryTarget } from './address-guard.ts';

describe('webhook address guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('allows %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('refuses a name that resolves to loopback unless private targets are allowed', async () => {
    await expect(resolveDeliveryTarget('localhost', false)).rejects.toThrow(/private, loopback/);
    expect((await resolveDeliveryTarget('127.0.0.1', true)).address).toBe('127.0.0.1');
    await expect(resolveDeliveryTarget('[::1]', false)).rejects.toThrow();
  });
});
