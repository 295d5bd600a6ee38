import { Type, type Static } from 'typebox';
import { EXAMPLE_CREATED_AT, EXAMPLE_UPDATED_AT, Timestamp } from './common.ts';

export const AFFILIATE_TAG_EXAMPLE = {
  id: 5,
  affiliate_program: { id: 1, name: 'Amazon US' },
  tag: 'hoplink-20',
  tracking_ids: ['hoplink-yt-20', 'hoplink-news-20'],
  created_at: EXAMPLE_CREATED_AT,
  updated_at: EXAMPLE_UPDATED_AT,
};

/** Two entries of the catalog (src/core/affiliate-programs.json), as GET /affiliate-programs answers them. */
export const AFFILIATE_PROGRAMS_EXAMPLE = [
  { id: 1, name: 'Amazon US', hostnames: ['amazon.com'], param: 'tag' },
  {
    id: 9,
    name: 'eBay Partner Network',
    hostnames: ['ebay.com', 'ebay.co.uk', 'ebay.de', 'ebay.fr', 'ebay.it', 'ebay.es', 'ebay.ca', 'ebay.com.au'],
    param: 'campid',
  },
];

export const AffiliateTagSchema = Type.Object(
  {
    id: Type.Integer(),
    affiliate_program: Type.Object({ id: Type.Integer(), name: Type.String() }),
    tag: Type.String({ description: 'The default: what links of the program get unless they choose a tracking id.' }),
    tracking_ids: Type.Array(Type.String(), {
      description: 'Further ids of the program a link may choose as its `tracking_id` (Business).',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'AffiliateTag', examples: [AFFILIATE_TAG_EXAMPLE] },
);

export const AffiliateProgramSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  hostnames: Type.Array(Type.String()),
  param: Type.String(),
});

const TagValue = Type.String({
  minLength: 1,
  maxLength: 128,
  description: 'Validated against the program’s format (Amazon: letters, digits, - and _; eBay campid: 10 digits).',
});

const TrackingIds = Type.Array(TagValue, {
  maxItems: 20,
  description:
    'Up to 20 further ids of the program (Amazon tracking ids, eBay campaign ids), each in the format of ' +
    'the tag, none twice and none equal to the tag. A link chooses one as its `tracking_id`.',
});

export const CreateAffiliateTagBody = Type.Object(
  {
    affiliate_program_id: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    tag: TagValue,
    tracking_ids: Type.Optional(TrackingIds),
  },
  {
    additionalProperties: false,
    examples: [
      { affiliate_program_id: 1, tag: 'hoplink-20', tracking_ids: ['hoplink-yt-20'] },
      { affiliate_program_id: 9, tag: '5338765432' },
    ],
  },
);
export const UpdateAffiliateTagBody = Type.Object(
  { tag: Type.Optional(TagValue), tracking_ids: Type.Optional(TrackingIds) },
  {
    additionalProperties: false,
    minProperties: 1,
    examples: [{ tag: 'hoplink-21' }, { tracking_ids: ['hoplink-yt-20', 'hoplink-news-20'] }],
  },
);

export type AffiliateTagRecord = Static<typeof AffiliateTagSchema>;
export type AffiliateProgramRecord = Static<typeof AffiliateProgramSchema>;
export type CreateAffiliateTagInput = Static<typeof CreateAffiliateTagBody>;
export type UpdateAffiliateTagInput = Static<typeof UpdateAffiliateTagBody>;
