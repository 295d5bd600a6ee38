import { describe, expect, it } from 'vitest';
import { clientIp, proxyTrust, type TrustProxy } from './client-ip.ts';

const from = (socket: string | undefined, forwardedFor?: string) => ({
  socket: { remoteAddress: socket },
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
});

const client = (trust: TrustProxy, socket: string | undefined, forwardedFor?: string) =>
  clientIp(from(socket, forwardedFor), proxyTrust(trust));

describe('client address', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(client(false, '::ffff:10.0.0.2', '8.8.8.8')).toBe('10.0.0.2');
    expect(client(0, '203.0.113.7', '8.8.8.8')).toBe('203.0.113.7');
  });

  it('is the right-most entry behind one proxy: what a client writes to the left of it changes nothing', () => {
    expect(client(1, '127.0.0.1', '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
    expect(client(1, '127.0.0.1', '7.7.7.7, 1.2.3.4')).toBe('1.2.3.4');
    expect(client(1, '127.0.0.1', '1.2.3.4')).toBe('1.2.3.4');
    expect(client(1, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts hops from the right, and stops at the left-most entry', () => {
    expect(client(2, '127.0.0.1', '6.6.6.6, 1.2.3.4, 10.0.0.9')).toBe('1.2.3.4');
    expect(client(3, '127.0.0.1', '6.6.6.6, 1.2.3.4, 10.0.0.9')).toBe('6.6.6.6');
    expect(client(5, '127.0.0.1', '6.6.6.6, 1.2.3.4')).toBe('6.6.6.6');
  });

  it('is the right-most untrusted entry with a list of proxy addresses and CIDRs', () => {
    const proxies = ['10.0.0.0/8', '127.0.0.1'];
    expect(client(proxies, '127.0.0.1', '6.6.6.6, 1.2.3.4, 10.20.30.40')).toBe('1.2.3.4');
    expect(client(proxies, '::ffff:127.0.0.1', '6.6.6.6, 1.2.3.4, 10.20.30.40')).toBe('1.2.3.4');
    // A peer that is not a listed proxy is the client itself.
    expect(client(proxies, '203.0.113.5', '6.6.6.6, 1.2.3.4')).toBe('203.0.113.5');
    // Every entry a proxy: the left-most is the client.
    expect(client(proxies, '127.0.0.1', '10.0.0.1, 10.0.0.2')).toBe('10.0.0.1');
    expect(client(['loopback'], '::1', '6.6.6.6, 2001:db8::7')).toBe('2001:db8::7');
  });

  it('answers a list the same for an address asked again, past the addresses it keeps', () => {
    const trust = proxyTrust(['10.0.0.0/8'])!;
    for (let i = 0; i < 10_050; i++) {
      const address = `${i % 2 ? 10 : 11}.0.${(i >> 8) & 255}.${i & 255}`;
      expect(trust(address, 1)).toBe(i % 2 === 1);
      expect(trust(address, 2)).toBe(i % 2 === 1);
    }
    expect(trust('10.9.9.9', 0)).toBe(true);
    expect(trust('11.9.9.9', 0)).toBe(false);
  });

  it('is the left-most entry with true: every address is trusted', () => {
    expect(client(true, '10.0.0.2', '8.8.8.8, 10.0.0.1')).toBe('8.8.8.8');
  });

  it('strips ports, brackets and the IPv4-mapped prefix, and keeps an entry that is no address as it came', () => {
    expect(client(1, '10.0.0.2', '81.2.69.142:51234')).toBe('81.2.69.142');
    expect(client(1, '10.0.0.2', '[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(client(1, '10.0.0.2', '::ffff:81.2.69.142')).toBe('81.2.69.142');
    expect(client(1, '10.0.0.2', '1.1.1.1, unknown')).toBe('unknown');
  });

  it('answers each socket address for itself, one after another (the last answer is reused)', () => {
    expect(client(false, '::ffff:10.0.0.2')).toBe('10.0.0.2');
    expect(client(false, '::ffff:10.0.0.2')).toBe('10.0.0.2');
    expect(client(false, '2001:db8::1')).toBe('2001:db8::1');
    expect(client(false, 'not an address')).toBe('not an address');
    expect(client(false, undefined)).toBe('');
    expect(client(1, undefined, '1.2.3.4')).toBe('1.2.3.4');
    expect(client(false, '::ffff:10.0.0.2')).toBe('10.0.0.2');
  });
});
