import type { Kysely } from 'kysely';
import { idColumn } from './dialect.ts';

// Frozen in time: this file must never import application code or change once released.

/**
 * Tags: many per link, beside the one category a link may have.
 *
 * `tags`: a workspace's tags. `name` as written; `name_key` its lower-case form, unique per
 * workspace, so that "Sale" and "sale" are one tag. `color` is one of a few names the dashboard
 * knows how to draw.
 *
 * `link_tags`: which link carries which tag. Keyed by link first (a page of links finds its tags
 * in one query); `link_tags_tag` finds a tag's links (the list's `tag` filter, the counts). Both
 * sides cascade: deleting a link or a tag takes its pairs with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('tags'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(50)', (c) => c.notNull())
    .addColumn('color', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tags_workspace_name')
    .on('tags')
    .columns(['workspace_id', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('link_tags')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('link_tags_pk', ['link_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('link_tags_tag').on('link_tags').columns(['tag_id', 'link_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_tags').execute();
  await db.schema.dropTable('tags').execute();
}
