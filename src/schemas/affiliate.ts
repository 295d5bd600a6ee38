import { Type, type Static } from 'typebox';
import { Timestamp } from './common.ts';

export const AffiliateTagSchema = Type.Object(
  {
    id: Type.Integer(),
    affiliate_program: Type.Object({ id: Type.Integer(), name: Type.String() }),
    tag: Type.String(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'AffiliateTag' },
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

export const CreateAffiliateTagBody = Type.Object(
  { affiliate_program_id: Type.Integer({ minimum: 1, maximum: 1_000_000 }), tag: TagValue },
  { additionalProperties: false },
);
export const UpdateAffiliateTagBody = Type.Object({ tag: TagValue }, { additionalProperties: false });

export type AffiliateTagRecord = Static<typeof AffiliateTagSchema>;
export type AffiliateProgramRecord = Static<typeof AffiliateProgramSchema>;
export type CreateAffiliateTagInput = Static<typeof CreateAffiliateTagBody>;
export type UpdateAffiliateTagInput = Static<typeof UpdateAffiliateTagBody>;
