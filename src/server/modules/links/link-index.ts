import type pg from 'pg';
import type { LinkUtm } from '#shared/links.ts';
import type { ShortLink } from './queries.ts';

/** Where a link sends visitors (its address with its UTM parameters, as sent in Location), and that address's host. */
export interface Location {
  url: string;
  host: string;
  /** Whether the address is a page of this deployment (the click is then remembered for a sale). */
  here: boolean;
}

/** What a redirect needs of a plain main-host link: its id, owner and where it goes. */
export interface IndexedLink extends Location {
  id: number;
  shortCode: string;
  userId: string | null;
}

/** Loaded a batch at a time, in id order, so the event loop keeps answering while a big table loads. */
const BATCH = 5000;
/** An entry's owner number when the link has none, and its id once removed (ids are int4: never this). */
const NONE = 0xffffffff;
// eslint-disable-next-line no-control-regex -- printable or not, every byte below 0x80 is one character
const ASCII = /^[\x00-\x7f]*$/;
/** Destinations' beginnings (scheme and host) held at most: a prefix's number takes two bytes. */
const MAX_PREFIXES = 1 << 16;
/** Entries are written into buffers of 2^CHUNK_BITS bytes (1 MB), an entry never split between two. */
const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;
/** An entry begins on a word (4 bytes): its numbers are read as words, and it is named by its place in words. */
const WORD = 4;
/** Words per buffer: a place's buffer is place >>> WORDS_BITS, its word there place & IN_WORDS. */
const WORDS_BITS = CHUNK_BITS - 2;
const WORDS_PER_CHUNK = 1 << WORDS_BITS;
const IN_WORDS = WORDS_PER_CHUNK - 1;
/**
 * An entry: its id (NONE once removed), its owner's number in `ownerIds` (or NONE), the number of its
 * destination's beginning in `prefixes` (low 16 bits) with the length of the rest (high 16), as three
 * words; then as bytes the code's length, whether the destination is here, the code and the rest of
 * the destination.
 */
const ID = 0;
const OWNER = 1;
const DESTINATION = 2;
/** Bytes from an entry's start: the code's length, whether the destination is here, the code. */
const CODE_LENGTH = 3 * WORD;
const HERE = CODE_LENGTH + 1;
const CODE = CODE_LENGTH + 2;
/**
 * A slot of the hash table holds its entry's place + 1 in the low PLACE_BITS bits and, above them, the
 * top bits of its code's hash: a lookup passes over other codes' slots without reading their entries.
 * Places run up to 2^PLACE_BITS − 2 words (256 MB of entries, five million links or more); past them,
 * the rest stay with the checked route.
 */
const PLACE_BITS = 26;
const PLACE_MASK = (1 << PLACE_BITS) - 1;
/** Linear probing stays short while the table is at most two thirds full. */
const LOAD = 1.5;
/**
 * A plain main-host link in SQL (what `isPlainLink` says of a row): no password, expiry, click limit,
 * targeting, preview or ban, and not an affiliate's link.
 */
const PLAIN = `domain_id IS NULL AND banned_at IS NULL AND password_hash IS NULL
  AND expires_at IS NULL AND max_clicks IS NULL AND ios_url IS NULL AND android_url IS NULL
  AND (country_urls IS NULL OR jsonb_array_length(country_urls) = 0)
  AND preview_title IS NULL AND preview_description IS NULL AND preview_image_url IS NULL
  AND NOT EXISTS (SELECT 1 FROM affiliates a WHERE a.link_id = short_links.id)`;

/** The same of a row read by the checked route (its affiliate's creator, if any, beside it). */
export function isPlainLink(row: ShortLink & { affiliateOf: string | null }): boolean {
  return (
    row.domainId === null &&
    row.bannedAt === null &&
    row.passwordHash === null &&
    row.expiresAt === null &&
    row.maxClicks === null &&
    row.iosUrl === null &&
    row.androidUrl === null &&
    (row.countryUrls === null || row.countryUrls.length === 0) &&
    row.previewTitle === null &&
    row.previewDescription === null &&
    row.previewImageUrl === null &&
    row.affiliateOf === null
  );
}

/**
 * Every plain link of the main host (no password, expiry, targeting, preview or ban, not an
 * affiliate's link, whose click names another creator: what the fast path answers alone), held
 * compactly: each link one entry of words and bytes in buffers of 1 MB (added to, never copied: a
 * growing single buffer left its outgrown copy of tens of MB to the next full collection), its
 * destination (worked out once, at load) without its beginning up to its host ("https://example.com"),
 * held once for all links going there and named by a number; found through an open-addressing hash
 * table whose slots name the entries' places, so a lookup reads two places in memory: its slots and
 * its entry. A million links take about 45 MB and no garbage-collected objects each, where a Map of
 * cache entries would take over a gigabyte; so a redirect of any link, however rarely followed, needs
 * no query, and the redirect builds its answer from here without keeping anything (decision 004).
 *
 * Links join while the app runs (`addRows`: made or edited through the app, on this instance or another,
 * which announces their ids; `add`: a plain link the checked route read, after a restore or an SQL
 * insert) and leave by a `link.removed` notice (edit, delete, ban). A removed code may join again (its
 * new destination after an edit). Every read remembers the removals heard before it started (`since`):
 * a row read before a change whose removal is heard while the read is in flight is not added after the
 * notice, whatever order the notices and the answers arrive in; a removal heard after the add removes it.
 */
export class LinkIndex {
  /** The entries' buffers, as bytes and as words (two views of the same memory). */
  private bytes: Buffer[] = [];
  private words: Uint32Array[] = [];
  /** Bytes used of the last buffer. */
  private used = CHUNK;
  private count = 0;
  private prefixes: string[] = [];
  private prefixHosts: string[] = [];
  private prefixIndex = new Map<string, number>();
  private ownerIds: string[] = [];
  private ownerIndex = new Map<string, number>();
  /** An entry's place + 1 and the code's hash tag per slot (PLACE_BITS); 0 is empty. */
  private slots = new Uint32Array(2048);
  /** Removals heard so far: a read notes the number at its start (`since`). */
  private removals = 0;
  /** Reads of rows in flight, and while there are any, the removal number of each code and owner last removed. */
  private reads = 0;
  private removedAt = new Map<string, number>();
  private ownersRemovedAt = new Map<string, number>();
  private stopped = false;
  /** Whether `stop` was called (a load cut short by the app closing is not a failure). */
  get isStopped() {
    return this.stopped;
  }
  /** Whether every plain link has been read. */
  loaded = false;

  /** The plain link with this main-host code, or undefined (not plain, removed, unknown or not loaded yet). */
  get(code: string): IndexedLink | undefined {
    const place = this.find(code);
    if (place < 0) return undefined;
    const words = this.words[place >>> WORDS_BITS]!;
    const at = place & IN_WORDS;
    const id = words[at + ID]!;
    if (id === NONE) return undefined;
    const owner = words[at + OWNER]!;
    const destination = words[at + DESTINATION]!;
    const prefix = destination & 0xffff;
    const bytes = this.bytes[place >>> WORDS_BITS]!;
    const start = at * WORD;
    const rest = start + CODE + code.length;
    return {
      id,
      shortCode: code,
      // ASCII: a Location is percent-encoded, a host in its ASCII (punycode) form.
      url: this.prefixes[prefix]! + bytes.toString('latin1', rest, rest + (destination >>> 16)),
      host: this.prefixHosts[prefix]!,
      here: bytes[start + HERE] === 1,
      userId: owner === NONE ? null : this.ownerIds[owner]!,
    };
  }

  /** Forgets a main-host code (its link was edited, removed or banned): the checked route reads it again. */
  remove(code: string) {
    this.removals++;
    if (this.reads > 0) this.removedAt.set(code, this.removals);
    const place = this.find(code);
    if (place >= 0) this.words[place >>> WORDS_BITS]![(place & IN_WORDS) + ID] = NONE;
  }

  /** Forgets every link of a deleted account. */
  removeOwner(userId: string) {
    this.removals++;
    if (this.reads > 0) this.ownersRemovedAt.set(userId, this.removals);
    const owner = this.ownerIndex.get(userId);
    if (owner === undefined) return;
    for (const held of this.slots) {
      if (held === 0) continue;
      const place = (held & PLACE_MASK) - 1;
      const words = this.words[place >>> WORDS_BITS]!;
      const at = place & IN_WORDS;
      if (words[at + OWNER] === owner) words[at + ID] = NONE;
    }
  }

  get size() {
    return this.count;
  }

  /**
   * Starts a read of rows that may be added (`add`'s `since`); `endRead` when its rows are in. While any
   * read is in flight, removals are remembered by code and owner (a few: edits are rare).
   */
  startRead(): number {
    this.reads++;
    return this.removals;
  }

  endRead() {
    if (--this.reads > 0) return;
    this.removedAt.clear();
    this.ownersRemovedAt.clear();
  }

  /**
   * Adds a plain link read by a read started at `since` (startRead), or gives a removed code its new
   * entry; false when the link stays with the checked route: removed since the read started (the row may
   * predate the change), or one the index cannot hold (see `write`).
   */
  add(id: number, code: string, location: Location, userId: string | null, since: number): boolean {
    if ((this.removedAt.get(code) ?? 0) > since || (userId !== null && (this.ownersRemovedAt.get(userId) ?? 0) > since)) return false;
    const slot = this.slotOf(code);
    if (slot >= 0) {
      const place = (this.slots[slot]! & PLACE_MASK) - 1;
      // Held already: any change since would have removed it first.
      if (this.words[place >>> WORDS_BITS]![(place & IN_WORDS) + ID] === id) return true;
    }
    return this.write(id, code, location, userId, slot);
  }

  /**
   * Reads these links by id (links made or edited while the app runs), BATCH at a time, and adds the
   * plain ones; the others stay with the checked route.
   */
  async addRows(pool: pg.Pool, ids: readonly number[], locate: (originalUrl: string, utm: LinkUtm | undefined) => Location) {
    for (let start = 0; start < ids.length && !this.stopped; start += BATCH) {
      const since = this.startRead();
      try {
        const { rows } = await pool.query<[number, string, string, LinkUtm | null, string | null]>({
          text: `SELECT id, short_code, original_url, utm, user_id FROM short_links WHERE id = ANY($1::int4[]) AND ${PLAIN}`,
          values: [ids.slice(start, start + BATCH)],
          rowMode: 'array',
        });
        for (const [id, code, url, utm, userId] of rows) this.add(id, code, locate(url, utm ?? undefined), userId, since);
      } finally {
        this.endRead();
      }
      if (start + BATCH < ids.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Ends a load after the batch being read (the app is stopping). */
  stop() {
    this.stopped = true;
  }

  /**
   * Reads every plain main-host link, `BATCH` rows per query in id order, each destination worked out
   * by `locate` (as the redirect cache does); resolves when done or stopped.
   */
  async load(pool: pg.Pool, locate: (originalUrl: string, utm: LinkUtm | undefined) => Location) {
    // Conservative over the whole load: a code removed while it runs is left to the checked route (and
    // to its next announcement), whichever batch holds it.
    const since = this.startRead();
    try {
      // Sized once for the table's estimated rows, so that a big load does not rehash as it grows.
      const estimate = await pool.query<{ rows: number }>(`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = 'short_links'::regclass`);
      this.makeRoom(Math.ceil(Math.max(0, estimate.rows[0]?.rows ?? 0) * 1.05));
      let after = 0;
      while (!this.stopped) {
        const { rows } = await pool.query<[number, string, string, LinkUtm | null, string | null]>({
          text: `SELECT id, short_code, original_url, utm, user_id FROM short_links WHERE id > $1 AND ${PLAIN} ORDER BY id LIMIT ${BATCH}`,
          values: [after],
          rowMode: 'array',
        });
        for (const [id, code, url, utm, userId] of rows) this.add(id, code, locate(url, utm ?? undefined), userId, since);
        if (rows.length < BATCH) {
          this.loaded = true;
          break;
        }
        after = rows[rows.length - 1]![0];
        // Let the requests waiting meanwhile go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.endRead();
    }
  }

  /** Writes a new entry for the link, into its code's `slot` (a removed or older entry's) or a new one (-1). */
  private write(id: number, code: string, { url, host, here }: Location, userId: string | null, slot: number): boolean {
    // The host as it appears in the destination (an https address's host comes right after "//", or after a user name).
    const hostStart = url.indexOf(host, url.indexOf('//') + 2);
    // Anything not ASCII (an unparsable legacy address) and lengths the entry cannot say (never made by
    // the app) stay with the checked route, as do, past MAX_PREFIXES destinations' beginnings, a new one.
    if (!ASCII.test(code) || !ASCII.test(url) || code.length > 0xff || url.length > 0xffff || hostStart < 0) return false;
    const prefixEnd = hostStart + host.length;
    const length = CODE + code.length + url.length - prefixEnd;
    // In a new buffer when the last has no room left for it.
    const fresh = this.used + length > CHUNK;
    const start = fresh ? 0 : this.used;
    const place = (fresh ? this.bytes.length : this.bytes.length - 1) * WORDS_PER_CHUNK + start / WORD;
    // Past the places a slot can name, the rest stay with the checked route.
    if (place + 1 > PLACE_MASK) return false;
    const prefix = this.prefixNumber(url.slice(0, prefixEnd), host);
    if (prefix < 0) return false;
    if (fresh) {
      const words = new Uint32Array(WORDS_PER_CHUNK);
      this.words.push(words);
      this.bytes.push(Buffer.from(words.buffer));
    }
    if (slot < 0 && (this.count + 1) * LOAD > this.slots.length) this.rehash(this.slots.length * 2);
    if (slot < 0) this.count++;
    const words = this.words[this.words.length - 1]!;
    const bytes = this.bytes[this.bytes.length - 1]!;
    const at = start / WORD;
    words[at + ID] = id;
    words[at + OWNER] = userId === null ? NONE : this.ownerNumber(userId);
    words[at + DESTINATION] = prefix | ((url.length - prefixEnd) << 16);
    bytes[start + CODE_LENGTH] = code.length;
    bytes[start + HERE] = here ? 1 : 0;
    let byte = start + CODE;
    byte += bytes.write(code, byte, 'latin1');
    byte += bytes.write(url.slice(prefixEnd), byte, 'latin1');
    // The next entry on the next word.
    this.used = Math.ceil(byte / WORD) * WORD;
    // The code's slot names its new entry (same code, same hash tag); the old one's bytes stay unused.
    if (slot >= 0) this.slots[slot] = (this.slots[slot]! & ~PLACE_MASK) | (place + 1);
    else this.insert(place);
    return true;
  }

  /** The number of a destination's beginning (made on first sight), or -1 when MAX_PREFIXES are held. */
  private prefixNumber(prefix: string, host: string) {
    let number = this.prefixIndex.get(prefix);
    if (number === undefined) {
      if (this.prefixes.length === MAX_PREFIXES) return -1;
      // Copies: a slice would keep the whole destination it was cut from.
      number = this.prefixes.push(Buffer.from(prefix, 'latin1').toString('latin1')) - 1;
      this.prefixHosts.push(Buffer.from(host, 'latin1').toString('latin1'));
      this.prefixIndex.set(this.prefixes[number]!, number);
    }
    return number;
  }

  private ownerNumber(userId: string) {
    let number = this.ownerIndex.get(userId);
    if (number === undefined) {
      number = this.ownerIds.push(userId) - 1;
      this.ownerIndex.set(userId, number);
    }
    return number;
  }

  /** The place of the entry of `code` (removed or not), or -1. */
  private find(code: string): number {
    const mask = this.slots.length - 1;
    const hashed = hash(code);
    const tag = hashed >>> PLACE_BITS;
    for (let slot = hashed & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) return -1;
      const place = (held & PLACE_MASK) - 1;
      if (held >>> PLACE_BITS === tag && this.codeIs(place, code)) return place;
    }
  }

  /** The slot of the entry of `code` (removed or not), or -1 (adding is rare: `find` stays the lookup's own loop). */
  private slotOf(code: string): number {
    const place = this.find(code);
    if (place < 0) return -1;
    const mask = this.slots.length - 1;
    let slot = hash(code) & mask;
    while ((this.slots[slot]! & PLACE_MASK) - 1 !== place) slot = (slot + 1) & mask;
    return slot;
  }

  /** Whether the entry's code is `code` (held codes are ASCII: a byte is a character). */
  private codeIs(place: number, code: string): boolean {
    const bytes = this.bytes[place >>> WORDS_BITS]!;
    const start = (place & IN_WORDS) * WORD;
    const length = bytes[start + CODE_LENGTH]!;
    if (length !== code.length) return false;
    for (let i = 0; i < length; i++) if (bytes[start + CODE + i] !== code.charCodeAt(i)) return false;
    return true;
  }

  /** Gives the entry at `place` its slot. */
  private insert(place: number) {
    const mask = this.slots.length - 1;
    const bytes = this.bytes[place >>> WORDS_BITS]!;
    const start = (place & IN_WORDS) * WORD;
    const hashed = hashBytes(bytes, start + CODE, start + CODE + bytes[start + CODE_LENGTH]!);
    let slot = hashed & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = ((hashed >>> PLACE_BITS) << PLACE_BITS) | (place + 1);
  }

  /** A hash table of `size` slots (a power of two) with every entry's slot. */
  private rehash(size: number) {
    const old = this.slots;
    this.slots = new Uint32Array(size);
    for (const held of old) if (held !== 0) this.insert((held & PLACE_MASK) - 1);
  }

  /** Slots for `entries` entries in all, added before a load so that it does not rehash as it goes. */
  private makeRoom(entries: number) {
    let size = this.slots.length;
    while (size < entries * LOAD) size *= 2;
    if (size > this.slots.length) this.rehash(size);
  }
}

/** FNV-1a over the code's UTF-16 units. */
function hash(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The same over a held code's bytes (ASCII: a byte is a UTF-16 unit). */
function hashBytes(bytes: Buffer, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}
