import { Type, type Static } from 'typebox';
import { Timestamp } from './common.ts';

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
      { description: 'The DNS record to create.' },
    ),
    last_checked_at: Type.Union([Timestamp, Type.Null()]),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Domain' },
);

export const CreateDomainBody = Type.Object(
  { hostname: Type.String({ minLength: 1, maxLength: 253 }) },
  { additionalProperties: false },
);

export type DomainRecord = Static<typeof DomainSchema>;
export type CreateDomainInput = Static<typeof CreateDomainBody>;
