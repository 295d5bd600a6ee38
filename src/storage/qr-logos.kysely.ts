import type { Kysely } from 'kysely';
import { timestamp } from '../core/time.ts';
import type { Database } from './schema.ts';

/** A workspace's QR-code logo as stored: PNG bytes the service encoded itself, and their size. */
export interface StoredQrLogo {
  png: Uint8Array;
  width: number;
  height: number;
  updatedAt: string;
}

export async function findQrLogo(db: Kysely<Database>, workspaceId: number): Promise<StoredQrLogo | undefined> {
  const row = await db
    .selectFrom('workspace_qr_logos')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row && { png: row.image, width: row.width, height: row.height, updatedAt: row.updated_at };
}

/** Sets the workspace's logo, replacing the one it had. */
export async function saveQrLogo(
  db: Kysely<Database>,
  workspaceId: number,
  logo: { png: Uint8Array; width: number; height: number },
): Promise<StoredQrLogo> {
  const values = { image: logo.png, width: logo.width, height: logo.height, updated_at: timestamp() };
  await db
    .insertInto('workspace_qr_logos')
    .values({ workspace_id: workspaceId, ...values })
    .onConflict((conflict) => conflict.column('workspace_id').doUpdateSet(values))
    .execute();
  return { png: logo.png, width: logo.width, height: logo.height, updatedAt: values.updated_at };
}

/** Whether the workspace had a logo to remove. */
export async function deleteQrLogo(db: Kysely<Database>, workspaceId: number): Promise<boolean> {
  const result = await db.deleteFrom('workspace_qr_logos').where('workspace_id', '=', workspaceId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export const qrLogoStore = { find: findQrLogo, save: saveQrLogo, delete: deleteQrLogo };
