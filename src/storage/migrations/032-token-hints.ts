import type { Kysely } from 'kysely';

// Frozen in time: this file must never import application code or change once released.

/**
 * `api_tokens.hint`: the token's first characters (`hl_` and 4 more), so a person can tell which
 * token a script holds without the secret being kept: 24 of its 256 random bits, the rest only
 * as a hash. Tokens made before have none (null), and show without it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('hint', 'varchar(16)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('hint').execute();
}
