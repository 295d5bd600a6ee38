import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createAppContext } from '../../src/context.ts';
import { openDatabase } from '../../src/storage/database.ts';
import { insertLink } from '../../src/storage/links.kysely.ts';
import { insertAccount } from '../helpers/accounts.ts';

describe('shutting the service context down', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hoplink-shutdown-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs every step when one fails, then reports the failure', async () => {
    const url = `sqlite:${join(dir, 'hoplink.db')}`;
    const ctx = await createAppContext(
      loadConfig({ DATABASE_URL: url, APP_URL: 'http://api.test', SHORT_URL: 'http://short.test' }),
    );
    const user = await insertAccount(ctx.database.db, { email: 'shutdown@example.com', plan: 'business' });
    const link = await insertLink(ctx.database.db, {
      workspaceId: user.workspaceId,
      shortCode: 'bye',
      redirectUrl: 'https://example.com',
      isActive: true,
      categoryId: null,
      domainId: null,
      conditions: [],
    });
    ctx.clicks.record({
      linkId: link.id,
      at: Date.now(),
      ip: '8.8.8.8',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0',
      referer: undefined,
      optionIndex: null,
    });
    // A step that fails between the click flush and the database's close (as a store gone at shutdown would).
    ctx.webhooks.publisher.close = async () => {
      throw new Error('webhook store unreachable');
    };

    await expect(ctx.close()).rejects.toThrow('1 shutdown step(s) failed: webhook store unreachable');

    // The steps after it ran: the accepted click was written, and the connection is closed.
    await expect(ctx.database.db.selectFrom('links').select('id').execute()).rejects.toThrow();
    const reopened = openDatabase(url);
    const row = await reopened.db
      .selectFrom('links')
      .select('click_count')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    await reopened.close();
    expect(Number(row.click_count)).toBe(1);
  });
});
