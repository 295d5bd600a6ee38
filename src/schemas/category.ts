import { Type, type Static } from 'typebox';
import { Timestamp } from './common.ts';

export const CategorySchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), created_at: Timestamp, updated_at: Timestamp },
  { $id: 'Category' },
);

export const CategoryBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'Not blank; trimmed.' }) },
  { additionalProperties: false },
);

export type CategoryRecord = Static<typeof CategorySchema>;
export type CategoryInput = Static<typeof CategoryBody>;
