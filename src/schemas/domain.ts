import { Type, type Static } from 'typebox';
import { EXAMPLE_CREATED_AT, EXAMPLE_SHORT_URL, EXAMPLE_UPDATED_AT, Timestamp } from './common.ts';

/** A domain just added on a service with no routing requirement: the CNAME to create points at the short host. */
export const DOMAIN_EXAMPLE = {
  id: 2,
  hostname: 'go.example.com',
  status: 'pending',
  verification: { type: 'CNAME', name: 'go.example.com', value: new URL(EXAMPLE_SHORT_URL).hostname },
  routing_records: [],
  ownership: null,
  routing: 'unchecked',
  last_checked_at: null,
  created_at: EXAMPLE_CREATED_AT,
  updated_at: EXAMPLE_CREATED_AT,
};

export const DomainSchema = Type.Object(
  {
    id: Type.Integer(),
    hostname: Type.String({ description: 'Lower case; internationalised names in punycode.' }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('active'), Type.Literal('failed')], {
      description:
        'pending -> active when a check finds the record; failed after 7 days unverified ' +
        '(checking again can still activate it).',
    }),
    verification: Type.Object(
      { type: Type.Union([Type.Literal('CNAME'), Type.Literal('TXT')]), name: Type.String(), value: Type.String() },
      {
        description:
          'The ownership record to create: the TXT token at _hoplink.<hostname>, or, on a service with no ' +
          'routing requirement, a CNAME to the short host.',
      },
    ),
    routing_records: Type.Array(
      Type.Object({
        type: Type.Union([Type.Literal('CNAME'), Type.Literal('A'), Type.Literal('AAAA'), Type.Literal('ALIAS')]),
        name: Type.String(),
        value: Type.String(),
      }),
      {
        maxItems: 16,
        description:
          'The routing records to create: a CNAME to the routing target for a subdomain; A/AAAA records with ' +
          "the service's addresses for an apex domain (an ALIAS, or flattened CNAME, to the target when it has " +
          'no addresses). Empty when the service sets no routing requirement.',
      },
    ),
    ownership: Type.Union([Type.Literal('ok'), Type.Literal('missing'), Type.Null()], {
      description: 'Whether the last check found the ownership record; null before the first check.',
    }),
    routing: Type.Union(
      [Type.Literal('ok'), Type.Literal('missing'), Type.Literal('wrong'), Type.Literal('unchecked'), Type.Null()],
      {
        description:
          'The last check of the routing records: ok; missing (the name has no CNAME or address); wrong (it ' +
          'points elsewhere, even partly); unchecked (the service sets no routing requirement, always so ' +
          'then); null before the first check. The domain is active only when ownership and routing hold.',
      },
    ),
    last_checked_at: Type.Union([Timestamp, Type.Null()]),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  {
    $id: 'Domain',
    examples: [
      DOMAIN_EXAMPLE,
      {
        ...DOMAIN_EXAMPLE,
        id: 3,
        hostname: 'links.shop.example',
        status: 'active',
        verification: {
          type: 'TXT',
          name: '_hoplink.links.shop.example',
          value: 'hoplink-verify=5f0c3e9a1b7d4c2e8a6f0b1d3c5e7a9b',
        },
        routing_records: [{ type: 'CNAME', name: 'links.shop.example', value: 'edge.hoplink.example' }],
        ownership: 'ok',
        routing: 'ok',
        last_checked_at: EXAMPLE_UPDATED_AT,
        updated_at: EXAMPLE_UPDATED_AT,
      },
    ],
  },
);

export const CreateDomainBody = Type.Object(
  { hostname: Type.String({ minLength: 1, maxLength: 253 }) },
  { additionalProperties: false, examples: [{ hostname: 'go.example.com' }] },
);

export type DomainRecord = Static<typeof DomainSchema>;
export type CreateDomainInput = Static<typeof CreateDomainBody>;
