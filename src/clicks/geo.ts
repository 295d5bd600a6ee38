import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import maxmind, { Reader, type CountryResponse } from 'maxmind';

/** Country of an address: ISO 3166 alpha-2, or `XX` when unknown, private or invalid. */
export interface GeoLookup {
  country(ip: string): string;
}

export const UNKNOWN_COUNTRY = 'XX';

interface CountryRecord {
  country_code?: string;
}

function stripMapped(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

let sharedDatabase: SharedArrayBuffer | undefined;

/**
 * The offline database shipped by @ip-location-db/geo-whois-asn-country-mmdb (GeoFeed + Whois +
 * ASN data, CC BY 4.0 by NRO), read once per process into shared memory: the redirect thread
 * and the click writer's thread look up in the same 7.5 MB instead of a copy each.
 */
export function geoDatabase(): SharedArrayBuffer {
  if (sharedDatabase) return sharedDatabase;
  const packageJson = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json');
  const file = readFileSync(join(dirname(packageJson), 'geo-whois-asn-country.mmdb'));
  sharedDatabase = new SharedArrayBuffer(file.length);
  file.copy(Buffer.from(sharedDatabase));
  return sharedDatabase;
}

/**
 * Country lookups over `database` (this process's copy unless a thread is handed one), through
 * maxmind's own cache of decoded nodes.
 */
export function openGeoLookup(database: SharedArrayBuffer = geoDatabase()): GeoLookup {
  // This database's records are `{ country_code }`, not MaxMind's GeoLite2 country shape.
  const reader = new Reader<CountryResponse>(Buffer.from(database), {
    cache: new LRUCache<number, object>({ max: 10_000 }),
  });
  return {
    country(ip) {
      const address = stripMapped(ip);
      if (!maxmind.validate(address)) return UNKNOWN_COUNTRY;
      const code = (reader.get(address) as CountryRecord | null)?.country_code;
      return code && /^[A-Z]{2}$/.test(code) ? code : UNKNOWN_COUNTRY;
    },
  };
}

/** For tests of other modules: a fixed table. */
export function staticGeoLookup(table: Record<string, string>): GeoLookup {
  return { country: (ip) => table[stripMapped(ip)] ?? UNKNOWN_COUNTRY };
}
