import { Type } from '@fastify/type-provider-typebox';
import { Timestamp } from './common.ts';

export const CategorySchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), created_at: Timestamp, updated_at: Timestamp },
  { $id: 'Category' },
);

export const CategoryBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
