// Where a sale came from: a click on a creator's page (and, later, on a short link) is remembered for
// the visit in a first-party cookie, and a checkout that follows attributes that creator's items to it.
// No third party sees it; it names only the creator and the source, never the buyer.

const COOKIE = 'zerri_src';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const ID = '[A-Za-z0-9_-]{1,64}';
const VALUE = new RegExp(`^(${ID})~((?:page|link):${ID})$`);
const IN_HEADER = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`);

/** A sale's source, as sales record it: `page:<blockId>` for a block of the creator's page. */
export interface Attribution {
  creatorId: string;
  source: string;
}

/** The Set-Cookie value that remembers a click for 30 days (the last click wins). */
export function attributionCookie(attribution: Attribution, secure: boolean): string {
  const value = `${attribution.creatorId}~${attribution.source}`;
  if (!VALUE.test(value)) throw new Error(`Not an attribution: ${value}`);
  return `${COOKIE}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The click a request's cookies remember, if any (anything malformed is ignored). */
export function attributionOf(cookieHeader: string | undefined): Attribution | undefined {
  const value = cookieHeader && IN_HEADER.exec(cookieHeader)?.[1];
  const match = value ? VALUE.exec(value) : null;
  return match ? { creatorId: match[1]!, source: match[2]! } : undefined;
}
