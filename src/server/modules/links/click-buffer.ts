import type pg from 'pg';
import { BinaryArray } from './binary-array.ts';
import { CountTable } from './count-table.ts';
import { LINKS_CLICKED_CHUNK } from '#shared/links.ts';

export interface ClickDetails {
  day: string; // YYYY-MM-DD (UTC)
  referrer: string;
  browser: string;
  device: string;
  os: string;
  /** The client's address; its country is looked up at flush, off the redirect's path, and not kept. */
  ip: string;
}

/** Visits are keyed by `kind * LINK_IDS + linkId`: a number, exact below 2^53 with kinds below 2^21. */
const LINK_IDS = 2 ** 31;
const MAX_KINDS = 2 ** 21;

type KindTree = Map<string, KindTree | number>;

/**
 * Visits per link and kind of visitor (the visitor's details, numbered once per batch through a tree
 * of maps, so counting a visit builds no string), gathered until they are written. The counts' table
 * is kept from batch to batch.
 */
interface Visits {
  kinds: ClickDetails[];
  kindTree: KindTree;
  counts: CountTable;
  /** When the first of them was counted (epoch ms). */
  since: number;
}

const emptyVisits = (counts = new CountTable()): Visits => ({ kinds: [], kindTree: new Map(), counts, since: Date.now() });

/** The tree's branch for `value` under `level`, made on first sight. */
function branch(level: KindTree, value: string): KindTree {
  let next = level.get(value) as KindTree | undefined;
  if (!next) level.set(value, (next = new Map()));
  return next;
}

/**
 * The number of these details in the batch, given on first sight: looked up by day, referrer, browser,
 * device, OS, then address (each field named: a field read by a computed name costs V8 a generic lookup).
 */
function kindOf(visits: Visits, details: ClickDetails): number {
  const level = branch(branch(branch(branch(branch(visits.kindTree, details.day), details.referrer), details.browser), details.device), details.os);
  let kind = level.get(details.ip) as number | undefined;
  if (kind === undefined) {
    kind = visits.kinds.push({ ...details }) - 1;
    level.set(details.ip, kind);
  }
  return kind;
}

/** Numbers per visit in the log: link id, kind, clicks. */
const LOGGED = 3;

/**
 * Clicks and visits are written every flush while there are few (live counts and analytics). Under
 * load they gather, the clicks for up to 5 s and the visits for up to 30 s (or 300,000 rows), so a link
 * followed many times in that while is one row, not one per second; and gathered visits are written
 * over the next `drainFlushes` flushes, a slice each, not in one. Rows are a flush's work in the
 * database, which may share the machine with the redirects: spread out, they never hold them up long.
 * The slices take as much of the time the next batch takes to gather as they can: 24 flushes of the
 * 30 s hold (with 20, the database's share of a core under load rose from about 14 % to 25 % while they
 * were written, and the redirects slowed by 5–8 %), fewer when a batch filled up before its hold was
 * over, so that each is written before the next is due.
 */
export const HELD = { atOnce: 2000, clicksMaxAgeMs: 5000, visitsMaxAgeMs: 30_000, maxRows: 300_000, drainFlushes: 24 };
/** At most about this many kinds' ids are remembered; then they are forgotten and looked up again. */
export const KNOWN_KINDS_MAX = 50_000;

/** What a visit is counted by in link_visit_kinds. */
type VisitorKind = { referrer: string; browser: string; device: string; os: string; country: string };

/** Visits being written: their rows as keys (kind and link) and counts, the next row to write, their kinds' ids and days once known. */
interface Draining {
  kinds: ClickDetails[];
  keys: Float64Array;
  counts: Int32Array;
  next: number;
  perFlush: number;
  known?: { ids: number[]; days: Int32Array };
}

/**
 * Links per statement when clicks are written: each statement's parameters are built between two turns
 * of the event loop (the 125,000 links of one flush under load, in one statement, held the redirects up
 * for over 100 ms while their parameters were built as text). Also the visit parameters' usual room.
 */
const ROWS_PER_STATEMENT = 5000;
const DAY_MS = 86_400_000;

/** A link with an owner whose clicks a flush wrote, with its new total. */
export interface FlushedLink {
  id: number;
  code: string;
  clicks: number;
}

/**
 * An owner's links whose clicks a flush wrote: how many, and those with the highest totals (at most
 * LINKS_CLICKED_CHUNK of each statement's, shared/links.ts): what their live counts show.
 */
export interface FlushedOwner {
  clicked: number;
  links: FlushedLink[];
}

/**
 * Clicks gathered in memory and written in one transaction per flush, so a redirect never
 * waits for the database. Increments are atomic in SQL; a failed flush puts its clicks back.
 * Flat count tables, not one map per link: with clicks spread over many links (most followed once
 * between flushes) that is one entry per link and visit kind.
 */
export class ClickBuffer {
  private clicks = new CountTable();
  /** The other clicks table: empty, or the clicks being written (`writingClicks`); the two swap per write. */
  private spareClicks = new CountTable();
  /** A statement's parameters, kept from one statement to the next (binary-array.ts). */
  private readonly clickParams = { ids: new BinaryArray('int4', ROWS_PER_STATEMENT), counts: new BinaryArray('int8', ROWS_PER_STATEMENT) };
  /** The link ids of the clicks being written, in ascending order (kept, grown as needed). */
  private sortedIds = new Int32Array(1024);
  private readonly visitParams = {
    links: new BinaryArray('int4', ROWS_PER_STATEMENT),
    rowDays: new BinaryArray('int4', ROWS_PER_STATEMENT),
    kindIds: new BinaryArray('int4', ROWS_PER_STATEMENT),
    rowCounts: new BinaryArray('int4', ROWS_PER_STATEMENT),
  };
  /** link_visit_kinds ids by kind ("referrer\0browser\0device\0os\0country"). */
  private knownKinds = new Map<string, number>();
  /** When the first of `clicks` was counted (epoch ms). */
  private clicksSince = Date.now();
  private visits = emptyVisits();
  /**
   * The visits since the last `absorb`, as they came: link id, kind (in `visits`) and clicks (LOGGED
   * numbers each). A redirect writes next to the one before; the tables take them in bulk at the next
   * tick, flush or read. Counted into tables of hundreds of thousands of keys by each redirect, a visit
   * met them cold (Node's and the kernel's work in between pushes them out of the caches); in bulk they
   * stay warm: about 4 % less CPU per redirect under load (decision 004).
   */
  private log = new Int32Array(LOGGED * 4096);
  private logged = 0;
  /** When the first visit in the log came (epoch ms). */
  private loggedSince = 0;
  /** Visits being written, a slice per flush. */
  private draining: Draining | undefined;
  /** The arrays `draining` is a view of, kept for the next (typed arrays live outside the heap and are freed late). */
  private drainRoom = { keys: new Float64Array(0), counts: new Int32Array(0) };
  /** The clicks being written, still counted as pending until they are committed. */
  private writingClicks: CountTable | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onFlushed: (owners: Map<string, FlushedOwner>) => void = () => {},
    /** The country code of an address, once the database is read. */
    private readonly countries: { whenReady(): Promise<void>; country(ip: string): string | undefined } = {
      whenReady: () => Promise.resolve(),
      country: () => '--',
    },
    /** When gathered clicks and visits are written (HELD): every flush up to `atOnce` rows, else when old enough or `maxRows`. */
    private readonly held = HELD,
  ) {}

  /** One visit; `clicks` 0 when the click was already counted in the database (a link with a click limit). */
  record(linkId: number, details: ClickDetails, clicks = 1) {
    const kind = kindOf(this.visits, details);
    if (this.logged === 0) this.loggedSince = Date.now();
    else if (this.logged === this.log.length) {
      const longer = new Int32Array(this.log.length * 2);
      longer.set(this.log);
      this.log = longer;
    }
    this.log[this.logged++] = linkId;
    // More kinds than a batch of any instance's visits could make: counted under the last one rather than lost.
    this.log[this.logged++] = Math.min(kind, MAX_KINDS - 1);
    this.log[this.logged++] = clicks;
  }

  /** The visits logged since the last time, added into the clicks' and visits' tables. */
  private absorb() {
    const { log, logged, clicks } = this;
    if (logged === 0) return;
    if (clicks.size === 0) this.clicksSince = this.loggedSince;
    const visits = this.visits.counts;
    if (visits.size === 0) this.visits.since = this.loggedSince;
    for (let i = 0; i < logged; i += LOGGED) {
      const linkId = log[i]!;
      clicks.add(linkId, log[i + 2]!);
      visits.add(log[i + 1]! * LINK_IDS + linkId, 1);
    }
    this.logged = 0;
  }

  /** Clicks of this instance not yet written. */
  pendingClicks(linkId: number): number {
    this.absorb();
    return this.clicks.get(linkId) + (this.writingClicks?.get(linkId) ?? 0);
  }

  /** All clicks of this instance not yet written (the /metrics queue gauge). */
  pendingTotal(): number {
    this.absorb();
    return this.clicks.total() + (this.writingClicks?.total() ?? 0);
  }

  start(intervalMs = 1000) {
    // A local timer, not a queued task (decision 015): the clicks are in this instance's memory.
    this.timer = setInterval(() => void this.tick()?.catch(() => {}), intervalMs);
    this.timer.unref();
  }

  /** What the timer does: writes the clicks and visits that are due, and the next slice of the visits being written. */
  tick(): Promise<void> | undefined {
    this.absorb();
    const { atOnce, maxRows, clicksMaxAgeMs, visitsMaxAgeMs } = this.held;
    const due = (rows: number, since: number, maxAgeMs: number) => rows <= atOnce || rows >= maxRows || Date.now() - since >= maxAgeMs;
    const clicks = this.clicks.size > 0 && due(this.clicks.size, this.clicksSince, clicksMaxAgeMs);
    const visits = this.visits.counts.size > 0 && due(this.visits.counts.size, this.visits.since, visitsMaxAgeMs);
    // The visits still being written while the next are due and already many: the rest of them at once.
    if (visits && this.draining && this.visits.counts.size >= maxRows) return this.flush({ clicks, visits: 'rest' });
    if (visits) this.drain();
    return clicks || this.draining ? this.flush({ clicks, visits: 'slice' }) : undefined;
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }

  /**
   * Writes the clicks (unless told not to) and visits, all of them or, from the timer, a slice of those
   * being written; flushes run one after another.
   */
  flush({ clicks = true, visits = 'all' }: { clicks?: boolean; visits?: 'all' | 'rest' | 'slice' } = {}): Promise<void> {
    // All: the rest of the visits being written (with the clicks), then the visits gathered since.
    const run = this.flushing.then(async () => {
      await this.writeBatch(clicks, visits === 'slice' ? 'slice' : 'rest');
      if (visits === 'all') await this.writeBatch(false, 'rest');
    });
    this.flushing = run.catch(() => {});
    return run;
  }

  /** The gathered visits become the ones being written (when none are). */
  private drain() {
    // The log's kinds are numbered in the visits about to be drained.
    this.absorb();
    if (this.draining || this.visits.counts.size === 0) return;
    const { kinds, counts, since } = this.visits;
    if (this.drainRoom.keys.length < counts.size) {
      const room = Math.ceil(counts.size * 1.25);
      this.drainRoom = { keys: new Float64Array(room), counts: new Int32Array(room) };
    }
    const draining: Draining = { kinds, keys: this.drainRoom.keys.subarray(0, counts.size), counts: this.drainRoom.counts.subarray(0, counts.size), next: 0, perFlush: 0 };
    let row = 0;
    counts.forEach((key, count) => {
      draining.keys[row] = key;
      draining.counts[row++] = count;
    });
    // Over `drainFlushes` flushes when the batch gathered for its whole hold; when it filled up sooner, the
    // next will too: over as many fewer flushes.
    const { atOnce, drainFlushes, visitsMaxAgeMs } = this.held;
    const gathered = Date.now() - since;
    const flushes = gathered >= visitsMaxAgeMs ? drainFlushes : Math.max(1, Math.floor((drainFlushes * gathered) / visitsMaxAgeMs));
    draining.perFlush = Math.max(atOnce, Math.ceil(row / flushes));
    this.draining = draining;
    counts.clear();
    this.visits = emptyVisits(counts);
  }

  /**
   * One transaction: the clicks, and the next slice (or the rest) of the visits being written (the
   * gathered ones if none are). A failure puts the clicks back; the visits' slice is just written again.
   */
  private async writeBatch(withClicks: boolean, visits: 'rest' | 'slice') {
    this.absorb();
    if (visits === 'rest') this.drain();
    const draining = this.draining;
    if ((!withClicks || this.clicks.size === 0) && !draining) return;
    await this.countries.whenReady();
    const clicks = withClicks ? this.clicks : undefined;
    const since = this.clicksSince;
    if (clicks) [this.clicks, this.spareClicks] = [this.spareClicks, clicks];
    this.writingClicks = clicks;
    const restore = () => {
      this.writingClicks = undefined;
      if (clicks) this.restore(clicks, since);
    };
    const client = await this.pool.connect().catch((error: unknown) => {
      restore();
      throw error;
    });
    try {
      if (draining && !draining.known) {
        const ids = await this.kindIds(client, draining.kinds);
        draining.known = { ids, days: Int32Array.from(draining.kinds, (kind) => Date.parse(kind.day) / DAY_MS) };
      }
      await client.query('BEGIN');
      const updated = clicks && clicks.size > 0 ? await this.writeClicks(client, clicks) : new Map<string, FlushedOwner>();
      const end = draining && (visits === 'rest' ? draining.keys.length : Math.min(draining.keys.length, draining.next + draining.perFlush));
      if (draining) await this.writeVisits(client, draining, end!);
      await client.query('COMMIT');
      this.writingClicks = undefined;
      clicks?.clear();
      if (draining) {
        draining.next = end!;
        if (end === draining.keys.length) this.draining = undefined;
      }
      this.onFlushed(updated);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      restore();
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * The clicks' counts added to their links, ROWS_PER_STATEMENT links at a time, in ascending id order;
   * per owner, how many of their links and those with the highest new totals. Every instance takes the
   * links' row locks in that one order: two flushes of the same popular links in different orders
   * deadlocked (one in three when tried), and PostgreSQL undoes one of them after a second's wait.
   */
  private async writeClicks(client: pg.PoolClient, clicks: CountTable): Promise<Map<string, FlushedOwner>> {
    const owners = new Map<string, FlushedOwner>();
    const { ids, counts } = this.clickParams;
    if (this.sortedIds.length < clicks.size) this.sortedIds = new Int32Array(Math.ceil(clicks.size * 1.25));
    const sorted = this.sortedIds.subarray(0, clicks.size);
    let i = 0;
    clicks.forEach((id) => (sorted[i++] = id));
    sorted.sort();
    for (let start = 0; start < sorted.length; start += ROWS_PER_STATEMENT) {
      ids.clear();
      counts.clear();
      for (const id of sorted.subarray(start, start + ROWS_PER_STATEMENT)) {
        ids.push(id);
        counts.push(clicks.get(id));
      }
      // Links deleted since their clicks were counted are left out (the join); their visits, if any are
      // written, go with the daily 'links.purge' (a check per visit row would cost as much as the row).
      // Only links with an owner come back (someone may be watching their counts), and of a busy owner's
      // thousands only those an event shows: the rest would be rows read and dropped on every flush.
      const { rows } = await client.query<{ id: number; short_code: string; clicks: string; user_id: string; rank: string; clicked: string }>(
        `WITH counted AS (
           UPDATE short_links AS s SET clicks = s.clicks + v.n
           FROM unnest($1::int[], $2::bigint[]) AS v(id, n)
           WHERE s.id = v.id
           RETURNING s.id, s.short_code, s.clicks, s.user_id),
         owned AS (
           SELECT *, row_number() OVER (PARTITION BY user_id ORDER BY clicks DESC, id) AS rank, count(*) OVER (PARTITION BY user_id) AS clicked
           FROM counted WHERE user_id IS NOT NULL)
         SELECT id, short_code, clicks, user_id, rank, clicked FROM owned WHERE rank <= $3`,
        [ids.value(), counts.value(), LINKS_CLICKED_CHUNK],
      );
      for (const row of rows) {
        let owner = owners.get(row.user_id);
        if (!owner) owners.set(row.user_id, (owner = { clicked: 0, links: [] }));
        if (row.rank === '1') owner.clicked += Number(row.clicked); // the statement's count, on each of its rows: taken once
        owner.links.push({ id: row.id, code: row.short_code, clicks: Number(row.clicks) });
      }
    }
    return owners;
  }

  /**
   * The visits being written from their next row to `end`, one row per link, day and kind of visitor
   * (its id in link_visit_kinds), all sent as binary arrays of numbers. In one statement, which upserts
   * them in the key's order: every instance takes the rows' locks in that one order (see writeClicks).
   * A flush's slice is a few thousand rows, built in a millisecond or two; only a stop writes more at once.
   */
  private async writeVisits(client: pg.PoolClient, { known, keys, counts, next }: Draining, end: number) {
    const { ids, days } = known!;
    const { links, rowDays, kindIds, rowCounts } = this.visitParams;
    for (const param of [links, rowDays, kindIds, rowCounts]) param.clear(end - next);
    for (let row = next; row < end; row++) {
      const kind = Math.floor(keys[row]! / LINK_IDS);
      links.push(keys[row]! % LINK_IDS);
      kindIds.push(ids[kind]!);
      rowDays.push(days[kind]!);
      rowCounts.push(counts[row]!);
    }
    // Two addresses of one country are one kind here: summed before the upsert, which may touch a row once.
    // No join with short_links: see the clicks statement.
    await client.query(
      `INSERT INTO link_visits (link_id, day, kind_id, clicks)
       SELECT v.link_id, date '1970-01-01' + v.day, v.kind_id, sum(v.clicks)
       FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS v(link_id, day, kind_id, clicks)
       GROUP BY v.link_id, v.day, v.kind_id
       ORDER BY v.link_id, v.day, v.kind_id
       ON CONFLICT (link_id, day, kind_id) DO UPDATE SET clicks = link_visits.clicks + EXCLUDED.clicks`,
      [links.value(), rowDays.value(), kindIds.value(), rowCounts.value()],
    );
  }

  /**
   * The link_visit_kinds ids of a batch's kinds (the address becoming its country), made if new.
   * Outside the flush's transaction: a kind made is kept even if the flush fails, and another instance
   * making the same kind waits for this statement only. Known ids are remembered (kinds never change).
   */
  private async kindIds(client: pg.PoolClient, details: ClickDetails[]): Promise<number[]> {
    const kinds = details.map(({ referrer, browser, device, os, ip }) => ({ referrer, browser, device, os, country: this.countries.country(ip) ?? '--' }));
    const keyOf = ({ referrer, browser, device, os, country }: VisitorKind) => `${referrer}\0${browser}\0${device}\0${os}\0${country}`;
    // Forgotten before the batch is looked up, never after: every kind of the batch must have its id below.
    if (this.knownKinds.size > KNOWN_KINDS_MAX) this.knownKinds.clear();
    const unknown = [...new Map(kinds.map((kind) => [keyOf(kind), kind] as const).filter(([key]) => !this.knownKinds.has(key))).values()];
    if (unknown.length > 0) {
      const columns = [unknown.map((k) => k.referrer), unknown.map((k) => k.browser), unknown.map((k) => k.device), unknown.map((k) => k.os), unknown.map((k) => k.country)];
      await client.query(
        `INSERT INTO link_visit_kinds (referrer, browser, device, os, country)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) ORDER BY 1, 2, 3, 4, 5 ON CONFLICT DO NOTHING`,
        columns,
      );
      // A new statement: it sees the kinds another instance made meanwhile, too.
      const { rows } = await client.query<VisitorKind & { id: number }>(
        `SELECT k.* FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS u(referrer, browser, device, os, country)
         JOIN link_visit_kinds k USING (referrer, browser, device, os, country)`,
        columns,
      );
      for (const row of rows) this.knownKinds.set(keyOf(row), row.id);
    }
    return kinds.map((kind) => this.knownKinds.get(keyOf(kind))!);
  }

  /** Clicks whose write failed, back with those counted since (the older of the two first-click times); their table is emptied. */
  private restore(clicks: CountTable, since: number) {
    this.clicksSince = this.clicks.size === 0 ? since : Math.min(this.clicksSince, since);
    this.clicks.addAll(clicks);
    clicks.clear();
  }
}
