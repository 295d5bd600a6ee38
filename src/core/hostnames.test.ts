import { describe, expect, it } from 'vitest';
import { nextStatus, verificationRecord } from './domain-status.ts';
import { normalizeHostname } from './hostnames.ts';

const own = ['hop.example', 'app.example'];

describe('normalizeHostname', () => {
  it.each([
    ['Go.Brand.COM', 'go.brand.com'],
    ['go.brand.com.', 'go.brand.com'],
    ['Bücher.example', 'xn--bcher-kva.example'],
    ['  links.shop.co.uk ', 'links.shop.co.uk'],
  ])('stores %s as %s', (input, expected) => {
    expect(normalizeHostname(input, own)).toBe(expected);
  });

  it.each([
    ['', /required/],
    ['192.168.1.1', /IP address/],
    ['::1', /bare host name|IP address/],
    ['[::1]', /bare host name/],
    ['localhost', /localhost/],
    ['app.localhost', /localhost/],
    ['intranet', /two labels/],
    ['https://go.brand.com/x', /bare host name/],
    ['go.brand.com:8080', /bare host name/],
    ['-bad.example', /not a valid/],
    [`${'a'.repeat(64)}.example`, /not a valid/],
    ['under_score.example', /not a valid/],
    ['hop.example', /own hosts/],
    ['1.2.3.4.5', /not a valid|top-level/],
  ])('refuses %s', (input, message) => {
    expect(() => normalizeHostname(input, own)).toThrow(message);
  });
});

describe('domain status', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  it('becomes active when the record is found, from any state', () => {
    expect(nextStatus({ createdAt: created, verifiedAt: null }, true, new Date('2026-03-01T00:00:00Z'))).toBe('active');
  });

  it('stays pending for 7 days without the record, then fails', () => {
    expect(nextStatus({ createdAt: created, verifiedAt: null }, false, new Date('2026-01-07T23:59:59Z'))).toBe(
      'pending',
    );
    expect(nextStatus({ createdAt: created, verifiedAt: null }, false, new Date('2026-01-08T00:00:00Z'))).toBe(
      'failed',
    );
  });

  it('sends a once-verified domain whose record disappeared back to pending, however old', () => {
    const verified = new Date('2026-01-02T00:00:00Z');
    expect(nextStatus({ createdAt: created, verifiedAt: verified }, false, new Date('2026-06-01T00:00:00Z'))).toBe(
      'pending',
    );
  });

  it('asks for a CNAME to the short host, or a TXT token when the short host is an address', () => {
    expect(verificationRecord('go.brand.com', 'hoplink-verify=abc', 'hop.example')).toEqual({
      type: 'CNAME',
      name: 'go.brand.com',
      value: 'hop.example',
    });
    expect(verificationRecord('go.brand.com', 'hoplink-verify=abc', '203.0.113.5')).toEqual({
      type: 'TXT',
      name: '_hoplink.go.brand.com',
      value: 'hoplink-verify=abc',
    });
  });
});
