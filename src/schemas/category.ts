import { Type, type Static } from 'typebox';
import { EXAMPLE_CREATED_AT, EXAMPLE_UPDATED_AT, Timestamp } from './common.ts';

export const CATEGORY_EXAMPLE = {
  id: 3,
  name: 'Newsletter',
  created_at: EXAMPLE_CREATED_AT,
  updated_at: EXAMPLE_UPDATED_AT,
};

export const CategorySchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), created_at: Timestamp, updated_at: Timestamp },
  { $id: 'Category', examples: [CATEGORY_EXAMPLE] },
);

export const CategoryBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'Not blank; trimmed.' }) },
  { additionalProperties: false, examples: [{ name: 'Newsletter' }] },
);

export type CategoryRecord = Static<typeof CategorySchema>;
export type CategoryInput = Static<typeof CategoryBody>;
