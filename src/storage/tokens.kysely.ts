import { sql, type Kysely } from 'kysely';
import type { ApiToken, User, Workspace } from '../core/model.ts';
import { isAbility, type Ability } from '../core/plans.ts';
import { isRole, type Role } from '../core/roles.ts';
import { timestamp } from '../core/time.ts';
import type { ApiTokensTable, Database } from './schema.ts';
import { toUser } from './users.kysely.ts';
import { toWorkspace } from './workspaces.kysely.ts';

type TokenRow = Omit<ApiTokensTable, 'id'> & { id: number };
type TokenWithUserRow = TokenRow & {
  email: string;
  email_verified_at: string | null;
  totp_enabled_at: string | null;
  user_created_at: string;
  user_updated_at: string;
  workspace_name: string;
  slug: string;
  plan: string;
  require_two_factor: number;
  workspace_created_at: string;
  workspace_updated_at: string;
  role: string;
};

function toToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    userId: row.user_id,
    workspaceId: row.workspace_id,
    name: row.name,
    abilities: row.abilities.split(',').filter(isAbility),
    hint: row.hint,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertToken(
  db: Kysely<Database>,
  input: { userId: number; workspaceId: number; name: string; abilities: Ability[]; tokenHash: string; hint?: string },
): Promise<ApiToken> {
  const now = timestamp();
  const row = await db
    .insertInto('api_tokens')
    .values({
      user_id: input.userId,
      workspace_id: input.workspaceId,
      name: input.name,
      abilities: input.abilities.join(','),
      token_hash: input.tokenHash,
      hint: input.hint ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toToken(row);
}

/**
 * The live (not revoked) token with this hash, its maker, its workspace and the maker's role there
 * now: a token whose maker has left the workspace is found by none.
 */
export async function findActiveTokenByHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ token: ApiToken; tokenHash: string; user: User; workspace: Workspace; role: Role } | undefined> {
  // A template, not the query builder: this runs on every API request, and Kysely's builder
  // takes 10 - 14 µs to build and compile it against 1 µs for a template. The cast, not a bare
  // parameter: SQLite re-plans a join on every run when a bare parameter meets an indexed column
  // (7 µs instead of 1); char(64) is the column's own type, so PostgreSQL still uses the index.
  // Prepared on PostgreSQL (postgres-statements.ts): a lookup by a unique key.
  const { rows } = await sql<TokenWithUserRow>`/* prepared */
    select api_tokens.*, users.email, users.email_verified_at, users.totp_enabled_at,
      users.created_at as user_created_at, users.updated_at as user_updated_at,
      workspaces.name as workspace_name, workspaces.slug, workspaces.plan, workspaces.require_two_factor,
      workspaces.created_at as workspace_created_at, workspaces.updated_at as workspace_updated_at,
      workspace_members.role
    from api_tokens
      join users on users.id = api_tokens.user_id
      join workspaces on workspaces.id = api_tokens.workspace_id
      join workspace_members on workspace_members.workspace_id = api_tokens.workspace_id
        and workspace_members.user_id = api_tokens.user_id
    where api_tokens.token_hash = cast(${tokenHash} as char(64)) and api_tokens.revoked_at is null`.execute(db);
  const row = rows[0];
  if (!row || !isRole(row.role)) return undefined;
  return {
    token: toToken(row),
    tokenHash: row.token_hash,
    user: toUser({
      id: row.user_id,
      email: row.email,
      email_verified_at: row.email_verified_at,
      totp_enabled_at: row.totp_enabled_at,
      created_at: row.user_created_at,
      updated_at: row.user_updated_at,
    }),
    workspace: toWorkspace({
      id: row.workspace_id,
      name: row.workspace_name,
      slug: row.slug,
      plan: row.plan,
      downgraded_at: null,
      localize_default: 0,
      require_two_factor: row.require_two_factor,
      created_at: row.workspace_created_at,
      updated_at: row.workspace_updated_at,
    }),
    role: row.role,
  };
}

/** The live tokens the user made in the workspace. */
export async function listTokens(db: Kysely<Database>, workspaceId: number, userId: number): Promise<ApiToken[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toToken);
}

export async function findTokenById(db: Kysely<Database>, id: number): Promise<ApiToken | undefined> {
  const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toToken(row);
}

/** Marks the token revoked; returns false when there was no live token with that id. */
export async function revokeToken(db: Kysely<Database>, id: number): Promise<boolean> {
  const now = timestamp();
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now, updated_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function touchTokens(db: Kysely<Database>, usedAt: ReadonlyMap<number, string>): Promise<void> {
  for (const [id, at] of usedAt) {
    await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}

export const tokenStore = {
  insert: insertToken,
  findActiveByHash: findActiveTokenByHash,
  list: listTokens,
  find: findTokenById,
  revoke: revokeToken,
  touch: touchTokens,
};
