import { describe, expect, it } from 'vitest';
import { canonicalAddress, isApexDomain, judgeRouting, routingRecords } from './domain-routing.ts';

describe('isApexDomain', () => {
  it.each([
    ['example.com', true],
    ['example.co.uk', true],
    ['shop.com.au', true],
    ['go.example.com', false],
    ['go.example.co.uk', false],
    ['my.site.io', false],
    ['a.b.c.d', false],
  ])('%s: %s', (hostname, apex) => {
    expect(isApexDomain(hostname)).toBe(apex);
  });
});

describe('routingRecords', () => {
  const both = { target: 'edge.hop.example', addresses: ['203.0.113.7', '2001:db8::7'] };
  it('asks a subdomain for a CNAME to the target, an apex for A/AAAA records', () => {
    expect(routingRecords('go.brand.test', both)).toEqual([
      { type: 'CNAME', name: 'go.brand.test', value: 'edge.hop.example' },
    ]);
    expect(routingRecords('brand.test', both)).toEqual([
      { type: 'A', name: 'brand.test', value: '203.0.113.7' },
      { type: 'AAAA', name: 'brand.test', value: '2001:db8::7' },
    ]);
  });
  it('asks for addresses everywhere without a target, an ALIAS at an apex without addresses, nothing unset', () => {
    expect(routingRecords('go.brand.test', { target: null, addresses: ['203.0.113.7'] })).toEqual([
      { type: 'A', name: 'go.brand.test', value: '203.0.113.7' },
    ]);
    expect(routingRecords('brand.test', { target: 'edge.hop.example', addresses: [] })).toEqual([
      { type: 'ALIAS', name: 'brand.test', value: 'edge.hop.example' },
    ]);
    expect(routingRecords('brand.test', { target: null, addresses: [] })).toEqual([]);
  });
});

describe('judgeRouting', () => {
  const cname = [{ type: 'CNAME' as const, name: 'go.brand.test', value: 'edge.hop.example' }];
  const apex = [
    { type: 'A' as const, name: 'brand.test', value: '203.0.113.7' },
    { type: 'AAAA' as const, name: 'brand.test', value: '2001:db8::7' },
  ];
  const seen = (cnames: string[], addresses: string[], targetAddresses: string[] = []) => ({
    cnames,
    addresses,
    targetAddresses,
  });

  it.each([
    ['no record asked for', [], seen([], []), 'unchecked'],
    ['the CNAME, any case, trailing dot', cname, seen(['Edge.Hop.Example.'], []), 'ok'],
    ['nothing at all', cname, seen([], []), 'missing'],
    ['a CNAME elsewhere', cname, seen(['other.example'], []), 'wrong'],
    ['a CNAME elsewhere that resolves', cname, seen(['other.example'], ['192.0.2.1'], ['192.0.2.9']), 'wrong'],
    ['flattened to the target’s addresses', cname, seen([], ['192.0.2.9'], ['192.0.2.9']), 'ok'],
    ['our addresses', apex, seen([], ['203.0.113.7', '2001:DB8:0::7']), 'ok'],
    ['one of ours', apex, seen([], ['203.0.113.7']), 'ok'],
    ['ours and a foreign one', apex, seen([], ['203.0.113.7', '198.51.100.1']), 'wrong'],
    ['only foreign ones', apex, seen([], ['198.51.100.1']), 'wrong'],
  ] as const)('%s', (_name, records, observation, verdict) => {
    expect(judgeRouting([...records], { ...observation })).toBe(verdict);
  });

  it('compares IPv6 addresses in one spelling', () => {
    expect(canonicalAddress('2001:DB8:0:0:0:0:0:7')).toBe('2001:db8::7');
    expect(canonicalAddress('203.0.113.7')).toBe('203.0.113.7');
  });
});
