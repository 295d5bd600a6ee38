import { Type, type Static } from 'typebox';
import { Id, NullableInteger } from './common.ts';
import { TagNames } from './tag.ts';

/** How many links one bulk action names at most: a page of the list at its largest size. */
export const MAX_BULK_ACTION_IDS = 100;

export const BULK_LINK_ACTIONS = ['activate', 'deactivate', 'move', 'delete', 'add_tags', 'remove_tags'] as const;
export type BulkLinkActionName = (typeof BULK_LINK_ACTIONS)[number];

/** POST /dashboard-api/links/bulk-action: one action on up to 100 of the person's links. */
export const BulkLinkActionBody = Type.Object(
  {
    action: Type.Enum(BULK_LINK_ACTIONS),
    ids: Type.Array(Id, { minItems: 1, maxItems: MAX_BULK_ACTION_IDS }),
    /** For `move`: the category to move the links into, or null to take them out of theirs. */
    category_id: Type.Optional(NullableInteger),
    /** For `add_tags` and `remove_tags`: the tag names. */
    tags: Type.Optional(TagNames('The tags to add or remove.')),
  },
  { additionalProperties: false },
);

export type BulkLinkActionInput = Static<typeof BulkLinkActionBody>;
