import { createRequire } from 'node:module';
import maxmind, { type Reader, type Response } from 'maxmind';

/** The country of an address the database does not place (private, reserved, unknown). */
export const UNKNOWN_COUNTRY = '--';

// The package's records hold only the country code (not MaxMind's nested CountryResponse).
type CountryRecord = { country_code?: string } & Record<string, unknown>;

const require = createRequire(import.meta.url);

/**
 * Visitor countries from the GeoLite2 country database shipped in an npm package
 * (@ip-location-db/geolite2-country-mmdb, read with maxmind): no network lookups. The file is read
 * once, in the background from start (about 10 ms and 9 MB), so the first requests do not wait for it;
 * `country` answers undefined until then, `whenReady` waits.
 */
export class CountryLookup {
  private reader: Reader<CountryRecord & Response> | undefined;
  private readonly loading: Promise<void>;

  constructor(file = require.resolve('@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb')) {
    this.loading = maxmind
      .open<CountryRecord & Response>(file, { cache: { max: 10_000 } })
      .then((reader) => {
        this.reader = reader;
      })
      .catch(() => {
        // A missing or damaged file leaves countries unknown; redirects go on.
      });
  }

  whenReady(): Promise<void> {
    return this.loading;
  }

  /** True once the database is read (or failed to be: then every country is unknown). */
  get ready(): boolean {
    return this.reader !== undefined;
  }

  /** The upper-case ISO code of the address's country, UNKNOWN_COUNTRY if none; undefined while loading. */
  country(ip: string | undefined): string | undefined {
    if (!this.reader) return undefined;
    if (!ip) return UNKNOWN_COUNTRY;
    const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
    try {
      return this.reader.get(address)?.country_code?.toUpperCase() ?? UNKNOWN_COUNTRY;
    } catch {
      return UNKNOWN_COUNTRY; // not an address
    }
  }
}

let shared: CountryLookup | undefined;

/** The one lookup of the process (link clicks and product views both place visitors): the file is read once. */
export function countryLookup(): CountryLookup {
  shared ??= new CountryLookup();
  return shared;
}

/**
 * The client's address for a raw request: with TRUST_PROXY, the first X-Forwarded-For entry
 * (what Fastify's request.ip gives with `trustProxy: true`), else the socket's.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string | undefined, trustProxy: boolean): string | undefined {
  if (trustProxy && forwardedFor) {
    const comma = forwardedFor.indexOf(',');
    return (comma < 0 ? forwardedFor : forwardedFor.slice(0, comma)).trim();
  }
  return socketAddress;
}
