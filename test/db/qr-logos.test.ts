import { describe, expect, it } from 'vitest';
import { deleteQrLogo, findQrLogo, saveQrLogo } from '../../src/storage/qr-logos.kysely.ts';
import { deleteWorkspace } from '../../src/storage/workspaces.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';
import { engines, useMigratedDatabase } from '../helpers/database.ts';

// Migration 031's table through its store, on both engines: bytes kept exactly, one logo a workspace.
describe.each(engines)('QR logos on %s', (engine) => {
  const handle = useMigratedDatabase(engine);
  const bytes = (...values: number[]) => Buffer.from(values);

  it('keeps the bytes as given, replaces them on a second save, and deletes them once', async () => {
    const { workspaceId } = await insertAccount(handle.db, { email: `qr-${engine}@example.com`, plan: 'pro' });
    expect(await findQrLogo(handle.db, workspaceId)).toBeUndefined();
    await saveQrLogo(handle.db, workspaceId, { png: bytes(137, 80, 78, 71, 0, 255), width: 10, height: 5 });
    const first = await findQrLogo(handle.db, workspaceId);
    expect(Buffer.from(first!.png)).toEqual(bytes(137, 80, 78, 71, 0, 255));
    expect(first).toMatchObject({ width: 10, height: 5 });

    await saveQrLogo(handle.db, workspaceId, { png: bytes(1, 2, 3), width: 256, height: 256 });
    const second = await findQrLogo(handle.db, workspaceId);
    expect(Buffer.from(second!.png)).toEqual(bytes(1, 2, 3));
    expect(second).toMatchObject({ width: 256, height: 256 });
    const rows = await handle.db.selectFrom('workspace_qr_logos').select('workspace_id').execute();
    expect(rows.filter((row) => row.workspace_id === workspaceId)).toHaveLength(1);

    expect(await deleteQrLogo(handle.db, workspaceId)).toBe(true);
    expect(await deleteQrLogo(handle.db, workspaceId)).toBe(false);
    expect(await findQrLogo(handle.db, workspaceId)).toBeUndefined();
  });

  it('goes with its workspace', async () => {
    const { workspaceId } = await insertAccount(handle.db, { email: `qr-gone-${engine}@example.com`, plan: 'pro' });
    await saveQrLogo(handle.db, workspaceId, { png: bytes(9), width: 1, height: 1 });
    await deleteWorkspace(handle.db, workspaceId);
    expect(await findQrLogo(handle.db, workspaceId)).toBeUndefined();
  });
});
