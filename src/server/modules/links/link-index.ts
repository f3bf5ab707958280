import type pg from 'pg';
import type { LinkUtm } from '#shared/links.ts';

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
/** Codes and destinations are written into buffers of 2^CHUNK_BITS bytes (1 MB), an entry never split between two. */
const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;
const IN_CHUNK = CHUNK - 1;
/** Words per entry in `records`: where its bytes begin, its id, its owner's number, its prefix's number and rest's length. */
const RECORD = 4;
/**
 * A slot of the hash table holds its entry's number + 1 in the low ENTRY_BITS bits and, above them, the
 * top bits of its code's hash: a lookup passes over other codes' slots without reading their entries
 * (each such read is two more places in memory). Past MAX_ENTRIES links, the rest stay with the checked route.
 */
const ENTRY_BITS = 24;
const ENTRY_MASK = (1 << ENTRY_BITS) - 1;
/** Entry numbers run from 0 to MAX_ENTRIES - 1, so that number + 1 fits below the tag. */
const MAX_ENTRIES = ENTRY_MASK;
/** Before an entry's code in the buffer: the code's length, then whether the destination is here. */
const ENTRY_HEAD = 2;

/**
 * Every plain link of the main host (no password, expiry, targeting, preview or ban, not an
 * affiliate's link, whose click names another creator: what the fast path answers alone), held
 * compactly: codes and destinations (worked out once, at load) as bytes in buffers of 1 MB (added to,
 * never copied: a growing single buffer left its outgrown copy of tens of MB to the next full
 * collection), a destination's beginning up to its host ("https://example.com") held once for all
 * links going there and named by a number, the rest of an entry in one typed array of four words
 * (a lookup reads the hash table, the entry's words and its bytes: three places in memory, not nine),
 * found through an open-addressing hash table. A million links take about 50 MB and no
 * garbage-collected objects each, where a Map of cache entries would take over a gigabyte; so a
 * redirect of any link, however rarely followed, needs no query, and the redirect builds its answer
 * from here without keeping anything (decision 004).
 *
 * Entries are only ever removed (a `link.removed` notice): the next visit of a removed code, a link
 * made after the load and every other kind of link take the checked route, which reads the database.
 * Removals heard while a batch was being read are kept, so a stale row read before its change is not
 * added after the notice.
 */
export class LinkIndex {
  private chunks: Buffer[] = [];
  /** Bytes used of the last chunk. */
  private used = CHUNK;
  private count = 0;
  /**
   * RECORD words per entry, side by side so that a lookup reads one place: where its bytes begin (its
   * chunk's number times CHUNK plus its offset there), its id (NONE once removed), its owner's number in
   * `ownerIds` (or NONE), and the number of its destination's beginning in `prefixes` (low 16 bits) with
   * the length of the rest (high 16). Its bytes are ENTRY_HEAD, the code, then the rest of the destination.
   */
  private records = new Uint32Array(1024 * RECORD);
  private prefixes: string[] = [];
  private prefixHosts: string[] = [];
  private prefixIndex = new Map<string, number>();
  private ownerIds: string[] = [];
  private ownerIndex = new Map<string, number>();
  /** Entry number + 1 and the code's hash tag per slot (ENTRY_BITS); 0 is empty. */
  private slots = new Uint32Array(2048);
  private loading = false;
  /** Codes and owners removed while a batch may have been in flight (a row read before its change). */
  private removedWhileLoading = new Set<string>();
  private ownersRemovedWhileLoading = new Set<string>();
  private stopped = false;
  /** Whether every plain link has been read. */
  loaded = false;

  /** The plain link with this main-host code, or undefined (not plain, removed, unknown or not loaded yet). */
  get(code: string): IndexedLink | undefined {
    const entry = this.find(code);
    const record = entry * RECORD;
    if (entry < 0 || this.records[record + 1] === NONE) return undefined;
    const start = this.records[record]!;
    const chunk = this.chunks[start >>> CHUNK_BITS]!;
    const head = start & IN_CHUNK;
    const rest = head + ENTRY_HEAD + code.length;
    const owner = this.records[record + 2]!;
    const destination = this.records[record + 3]!;
    const prefix = destination & 0xffff;
    return {
      id: this.records[record + 1]!,
      shortCode: code,
      // ASCII: a Location is percent-encoded, a host in its ASCII (punycode) form.
      url: this.prefixes[prefix]! + chunk.toString('latin1', rest, rest + (destination >>> 16)),
      host: this.prefixHosts[prefix]!,
      here: chunk[head + 1] === 1,
      userId: owner === NONE ? null : this.ownerIds[owner]!,
    };
  }

  /** Forgets a main-host code (its link was edited, removed or banned): the checked route reads it again. */
  remove(code: string) {
    if (this.loading) this.removedWhileLoading.add(code);
    const entry = this.find(code);
    if (entry >= 0) this.records[entry * RECORD + 1] = NONE;
  }

  /** Forgets every link of a deleted account. */
  removeOwner(userId: string) {
    if (this.loading) this.ownersRemovedWhileLoading.add(userId);
    const owner = this.ownerIndex.get(userId);
    if (owner === undefined) return;
    for (let entry = 0; entry < this.count; entry++) if (this.records[entry * RECORD + 2] === owner) this.records[entry * RECORD + 1] = NONE;
  }

  get size() {
    return this.count;
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
    this.loading = true;
    try {
      // Sized once for the table's estimated rows, so that a big load does not copy its arrays as it grows.
      const estimate = await pool.query<{ rows: number }>(`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = 'short_links'::regclass`);
      const expected = Math.ceil(Math.max(0, estimate.rows[0]?.rows ?? 0) * 1.05);
      if (expected > this.records.length / RECORD) this.resize(expected);
      let after = 0;
      while (!this.stopped) {
        const { rows } = await pool.query<[number, string, string, LinkUtm | null, string | null]>({
          text: `SELECT id, short_code, original_url, utm, user_id FROM short_links
                 WHERE id > $1 AND domain_id IS NULL AND banned_at IS NULL AND password_hash IS NULL
                   AND expires_at IS NULL AND max_clicks IS NULL AND ios_url IS NULL AND android_url IS NULL
                   AND (country_urls IS NULL OR jsonb_array_length(country_urls) = 0)
                   AND preview_title IS NULL AND preview_description IS NULL AND preview_image_url IS NULL
                   AND NOT EXISTS (SELECT 1 FROM affiliates a WHERE a.link_id = short_links.id)
                 ORDER BY id LIMIT ${BATCH}`,
          values: [after],
          rowMode: 'array',
        });
        for (const [id, code, url, utm, userId] of rows) {
          if (this.removedWhileLoading.has(code) || (userId !== null && this.ownersRemovedWhileLoading.has(userId))) continue;
          this.add(id, code, locate(url, utm ?? undefined), userId);
        }
        if (rows.length < BATCH) {
          this.loaded = true;
          break;
        }
        after = rows[rows.length - 1]![0];
        // Let the requests waiting meanwhile go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.loading = false;
      this.removedWhileLoading.clear();
      this.ownersRemovedWhileLoading.clear();
    }
  }

  private add(id: number, code: string, { url, host, here }: Location, userId: string | null) {
    // The host as it appears in the destination (an https address's host comes right after "//", or after a user name).
    const hostStart = url.indexOf(host, url.indexOf('//') + 2);
    // Anything not ASCII (an unparsable legacy address), lengths the arrays cannot say (never made by the app)
    // and, past MAX_PREFIXES destinations' beginnings, a new one stay with the checked route.
    if (!ASCII.test(code) || !ASCII.test(url) || code.length > 0xff || url.length > 0xffff || hostStart < 0 || this.count === MAX_ENTRIES || this.find(code) >= 0) return;
    const prefixEnd = hostStart + host.length;
    const prefix = this.prefixNumber(url.slice(0, prefixEnd), host);
    if (prefix < 0) return;
    const length = ENTRY_HEAD + code.length + url.length - prefixEnd;
    if (this.count === this.records.length / RECORD) this.resize(Math.ceil(this.count * 1.5));
    if (this.used + length > CHUNK) {
      this.chunks.push(Buffer.allocUnsafe(CHUNK));
      this.used = 0;
    }
    const entry = this.count++;
    const record = entry * RECORD;
    const chunk = this.chunks[this.chunks.length - 1]!;
    this.records[record] = (this.chunks.length - 1) * CHUNK + this.used;
    this.records[record + 1] = id;
    this.records[record + 2] = userId === null ? NONE : this.ownerNumber(userId);
    this.records[record + 3] = prefix | ((url.length - prefixEnd) << 16);
    chunk[this.used++] = code.length;
    chunk[this.used++] = here ? 1 : 0;
    this.used += chunk.write(code, this.used, 'latin1');
    this.used += chunk.write(url.slice(prefixEnd), this.used, 'latin1');
    this.place(entry);
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

  /** The entry of `code` (removed or not), or -1. */
  private find(code: string): number {
    const mask = this.slots.length - 1;
    const hashed = hash(code);
    const tag = hashed >>> ENTRY_BITS;
    for (let slot = hashed & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) return -1;
      const entry = (held & ENTRY_MASK) - 1;
      if (held >>> ENTRY_BITS === tag && this.codeIs(entry, code)) return entry;
    }
  }

  /** Whether the entry's code is `code` (held codes are ASCII: a byte is a character). */
  private codeIs(entry: number, code: string): boolean {
    const start = this.records[entry * RECORD]!;
    const chunk = this.chunks[start >>> CHUNK_BITS]!;
    const head = start & IN_CHUNK;
    const length = chunk[head]!;
    if (length !== code.length) return false;
    for (let i = 0; i < length; i++) if (chunk[head + ENTRY_HEAD + i] !== code.charCodeAt(i)) return false;
    return true;
  }

  private place(entry: number) {
    const mask = this.slots.length - 1;
    const start = this.records[entry * RECORD]!;
    const chunk = this.chunks[start >>> CHUNK_BITS]!;
    const head = start & IN_CHUNK;
    const hashed = hash(chunk.toString('latin1', head + ENTRY_HEAD, head + ENTRY_HEAD + chunk[head]!));
    let slot = hashed & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = ((hashed >>> ENTRY_BITS) << ENTRY_BITS) | (entry + 1);
  }

  private rehash(size: number) {
    this.slots = new Uint32Array(size);
    for (let entry = 0; entry < this.count; entry++) this.place(entry);
  }

  /** Room for `size` entries (the hash table at least half as big again: linear probing stays short below two thirds full). */
  private resize(size: number) {
    const bigger = new Uint32Array(size * RECORD);
    bigger.set(this.records.subarray(0, this.count * RECORD));
    this.records = bigger;
    let slots = this.slots.length;
    while (slots < size * 1.5) slots *= 2;
    if (slots > this.slots.length) this.rehash(slots);
  }
}

/** FNV-1a over the code's UTF-16 units. */
function hash(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
