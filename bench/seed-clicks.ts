import type { Kysely } from 'kysely';
import type { ClickEvent } from '../src/core/clicks.ts';
import { writeClickBatch } from '../src/storage/clicks.kysely.ts';
import type { Database } from '../src/storage/schema.ts';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'ja'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IN', 'BR', 'JP', 'CA', 'AU', 'ES', 'IT', 'NL', 'SE', 'MX', 'XX'];
const DEVICES = ['desktop', 'mobile', 'tablet'];
const BROWSERS = ['chrome', 'safari', 'firefox', 'edge', 'opera', 'samsung', 'other'];
const SYSTEMS = ['windows', 'macos', 'linux', 'ios', 'android', 'other'];

/** Seeds `count` clicks on one link over the last `days` days, through the real batch writer. */
export async function seedClicks(
  db: Kysely<Database>,
  linkId: number,
  count: number,
  days: number,
  batchSize = 10_000,
): Promise<void> {
  const now = Date.now();
  for (let written = 0; written < count; written += batchSize) {
    const batch: ClickEvent[] = [];
    for (let i = written; i < Math.min(count, written + batchSize); i++) {
      batch.push({
        linkId,
        at: new Date(now - (i % days) * 86_400_000 - (i % 86_400) * 1000).toISOString(),
        country: COUNTRIES[i % COUNTRIES.length]!,
        device: DEVICES[i % DEVICES.length]!,
        browser: BROWSERS[i % BROWSERS.length]!,
        os: SYSTEMS[i % SYSTEMS.length]!,
        referrerHost: i % 3 === 0 ? 'news.example' : null,
        bot: false,
        optionIndex: null,
        variantIndex: null,
        storefront: null,
        language: LANGUAGES[i % LANGUAGES.length]!,
        utmSource: i % 4 === 0 ? 'newsletter' : null,
        utmMedium: i % 4 === 0 ? 'email' : null,
        utmCampaign: i % 8 === 0 ? 'black-friday' : null,
        clickId: null,
        // A few thousand visitors a day, each coming back: unique counting does real work.
        visitor: `visitor-${i % 5_000}`,
      });
    }
    await db.transaction().execute((trx) => writeClickBatch(trx, batch));
  }
}
