import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/storage/schema.ts';

/** Rows a statement inserts. */
const CHUNK = 1_000;

/** A link the seeded conversions are attributed to, with the program and tracking id they keep. */
export interface ConversionTarget {
  id: number;
  programId: number;
  trackingId: string | null;
}

/**
 * Seeds `count` attributed conversions over the links (which have none yet) and the last `days` days (one in ten in
 * EUR, one in twenty reversed), then fills both rollups from them with the statements migration
 * 030 uses: what the service's unit of work would have kept one conversion at a time, in seconds
 * instead of minutes on PostgreSQL. The bench measures reading them, not writing them.
 */
export async function seedConversions(
  db: Kysely<Database>,
  workspaceId: number,
  links: readonly ConversionTarget[],
  count: number,
  days: number,
): Promise<void> {
  const now = Date.now();
  const at = new Date(now).toISOString();
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, j) => {
      const i = start + j;
      const link = links[i % links.length]!;
      const amount = 1_000 + (i % 9_000);
      return {
        workspace_id: workspaceId,
        link_id: link.id,
        click_id: null,
        order_id: `bench-${link.id}-${i}`,
        amount_minor: amount,
        commission_minor: Math.round(amount * 0.04),
        currency: i % 10 === 0 ? 'EUR' : 'USD',
        status: i % 20 === 0 ? 'reversed' : 'approved',
        source: 'api',
        occurred_at: new Date(now - (i % days) * 86_400_000).toISOString(),
        created_at: at,
        updated_at: at,
        program_id: link.programId,
        tracking_id: link.trackingId ?? '',
      };
    });
    await db.insertInto('conversions').values(rows).execute();
  }
  const day = sql`substr(occurred_at, 1, 10)`;
  const seeded = sql`link_id in (${sql.join(links.map((link) => link.id))}) and status <> 'reversed'`;
  await sql`insert into link_daily_conversions (link_id, day, currency, conversions, revenue_minor, earnings_minor)
    select link_id, ${day}, currency, count(*), sum(amount_minor), sum(coalesce(commission_minor, 0))
    from conversions where ${seeded}
    group by link_id, ${day}, currency`.execute(db);
  await sql`insert into workspace_daily_conversions
      (workspace_id, day, program_id, tracking_id, currency, conversions, revenue_minor, earnings_minor)
    select workspace_id, ${day}, program_id, tracking_id, currency, count(*), sum(amount_minor),
      sum(coalesce(commission_minor, 0))
    from conversions where ${seeded}
    group by workspace_id, ${day}, program_id, tracking_id, currency`.execute(db);
}
