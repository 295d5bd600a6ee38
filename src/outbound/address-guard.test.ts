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
    '::7f00:1',
    '::127.0.0.1',
    '2002:7f00:1::',
    '::ffff:0:7f00:1',
    '64:ff9b::7f00:1',
    '2001::1',
    '2001:db8::1',
    '198.51.100.7',
    '192.0.0.1',
    '255.255.255.255',
    '224.0.0.1',
    'ff02::1',
    'localhost',
    '0x7f.1',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', '2606:4700:4700::1111'])(
    'allows %s',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  it('refuses a name that resolves to loopback unless private targets are allowed', async () => {
    await expect(resolveDeliveryTarget('localhost', false)).rejects.toThrow(/private, loopback/);
    expect((await resolveDeliveryTarget('127.0.0.1', true)).address).toBe('127.0.0.1');
    await expect(resolveDeliveryTarget('[::1]', false)).rejects.toThrow();
  });
});
