import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';

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

/**
 * The offline database shipped by @ip-location-db/geo-whois-asn-country-mmdb (GeoFeed + Whois +
 * ASN data, CC BY 4.0 by NRO), read through maxmind's own cache of decoded nodes.
 */
export async function openGeoLookup(): Promise<GeoLookup> {
  const packageJson = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json');
  // This database's records are `{ country_code }`, not MaxMind's GeoLite2 country shape.
  const reader: Reader<CountryResponse> = await maxmind.open<CountryResponse>(
    join(dirname(packageJson), 'geo-whois-asn-country.mmdb'),
    { cache: { max: 10_000 } },
  );
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
