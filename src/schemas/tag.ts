import { Type, type Static } from 'typebox';
import { MAX_TAG_NAME_LENGTH, MAX_TAGS_PER_LINK, TAG_COLORS } from '../core/tags.ts';
import { EXAMPLE_CREATED_AT, EXAMPLE_UPDATED_AT, Timestamp } from './common.ts';

export const TagName = Type.String({
  minLength: 1,
  maxLength: MAX_TAG_NAME_LENGTH,
  pattern: '\\S',
  description: `1-${MAX_TAG_NAME_LENGTH} characters, trimmed; unique in the workspace whatever the case.`,
});

export const TagColorSchema = Type.Enum(TAG_COLORS, { description: 'One of the colours the dashboard draws.' });

/** A list of tag names on a link, or to add or remove. */
export const TagNames = (description: string) => Type.Array(TagName, { maxItems: MAX_TAGS_PER_LINK, description });

export const LINK_TAG_EXAMPLE = { id: 7, name: 'Black Friday', color: 'orange' };

export const LinkTagSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), color: TagColorSchema },
  { $id: 'LinkTag', examples: [LINK_TAG_EXAMPLE] },
);

export const TAG_EXAMPLE = {
  ...LINK_TAG_EXAMPLE,
  link_count: 12,
  created_at: EXAMPLE_CREATED_AT,
  updated_at: EXAMPLE_UPDATED_AT,
};

export const TagSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    color: TagColorSchema,
    link_count: Type.Integer({ description: 'How many links carry the tag.' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Tag', examples: [TAG_EXAMPLE] },
);

export const CreateTagBody = Type.Object(
  {
    name: TagName,
    color: Type.Optional(Type.Enum(TAG_COLORS, { description: 'Left out: a colour picked from the name.' })),
  },
  { additionalProperties: false, examples: [{ name: 'Black Friday', color: 'orange' }, { name: 'Newsletter' }] },
);

export const UpdateTagBody = Type.Object(
  { name: Type.Optional(TagName), color: Type.Optional(TagColorSchema) },
  { additionalProperties: false, examples: [{ color: 'green' }, { name: 'Cyber Monday' }] },
);

export type CreateTagInput = Static<typeof CreateTagBody>;
export type UpdateTagInput = Static<typeof UpdateTagBody>;
