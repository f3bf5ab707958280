import type pg from 'pg';

export interface ClickDetails {
  day: string; // YYYY-MM-DD (UTC)
  referrer: string;
  browser: string;
  device: string;
  os: string;
  /** The client's address; its country is looked up at flush, off the redirect's path, and not kept. */
  ip: string;
}

/** The details a visit is counted by, in the order its kind is looked up. */
const KIND_FIELDS = ['day', 'referrer', 'browser', 'device', 'os', 'ip'] as const;
/** Visits are keyed by `kind * LINK_IDS + linkId`: a number, exact below 2^53 with kinds below 2^21. */
const LINK_IDS = 2 ** 31;
const MAX_KINDS = 2 ** 21;

type KindTree = Map<string, KindTree | number>;

/**
 * What one flush writes: clicks per link, and visits per link and kind (the visitor's details, numbered
 * once per batch through a tree of maps, so counting a visit builds no string; split into dimensions at flush).
 */
interface Pending {
  clicks: Map<number, number>;
  kinds: ClickDetails[];
  kindTree: KindTree;
  visits: Map<number, number>;
}

const emptyPending = (): Pending => ({ clicks: new Map(), kinds: [], kindTree: new Map(), visits: new Map() });

/** The number of these details in the batch, given on first sight. */
function kindOf(pending: Pending, details: ClickDetails): number {
  let level = pending.kindTree;
  for (let i = 0; i < KIND_FIELDS.length - 1; i++) {
    const value = details[KIND_FIELDS[i]!];
    let next = level.get(value) as KindTree | undefined;
    if (!next) level.set(value, (next = new Map()));
    level = next;
  }
  let kind = level.get(details.ip) as number | undefined;
  if (kind === undefined) {
    kind = pending.kinds.push({ ...details }) - 1;
    level.set(details.ip, kind);
  }
  return kind;
}

function addVisits(pending: Pending, linkId: number, details: ClickDetails, visits: number) {
  const kind = kindOf(pending, details);
  // More kinds than a second of any instance's visits could make: counted under the last one rather than lost.
  const key = Math.min(kind, MAX_KINDS - 1) * LINK_IDS + linkId;
  pending.visits.set(key, (pending.visits.get(key) ?? 0) + visits);
}
/** Visit kinds worked into stats rows between two turns of the event loop, so a big flush never holds up redirects for long. */
const VISITS_PER_TURN = 2000;

/** A link with an owner whose clicks a flush wrote, with its new total. */
export interface FlushedLink {
  id: number;
  code: string;
  clicks: number;
  userId: string;
}

/**
 * Clicks gathered in memory and written in one transaction per flush, so a redirect never
 * waits for the database. Increments are atomic in SQL; a failed flush puts its clicks back.
 * Two flat maps, not one map per link: with clicks spread over many links (most followed once
 * between flushes) that is one entry per visit kind instead of a map per link.
 */
export class ClickBuffer {
  private pending = emptyPending();
  /** The batch being written, still counted as pending until it is committed. */
  private writing: Pending | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onFlushed: (links: FlushedLink[]) => void = () => {},
    /** The country code of an address, once the database is read. */
    private readonly countries: { whenReady(): Promise<void>; country(ip: string): string | undefined } = {
      whenReady: () => Promise.resolve(),
      country: () => '--',
    },
  ) {}

  /** One visit; `clicks` 0 when the click was already counted in the database (a link with a click limit). */
  record(linkId: number, details: ClickDetails, clicks = 1) {
    const { pending } = this;
    pending.clicks.set(linkId, (pending.clicks.get(linkId) ?? 0) + clicks);
    addVisits(pending, linkId, details, 1);
  }

  /** Clicks of this instance not yet written. */
  pendingClicks(linkId: number): number {
    return (this.pending.clicks.get(linkId) ?? 0) + (this.writing?.clicks.get(linkId) ?? 0);
  }

  /** All clicks of this instance not yet written (the /metrics queue gauge). */
  pendingTotal(): number {
    let total = 0;
    for (const batch of [this.pending, this.writing]) for (const clicks of batch?.clicks.values() ?? []) total += clicks;
    return total;
  }

  start(intervalMs = 1000) {
    // A local timer, not a queued task (decision 015): the clicks are in this instance's memory.
    this.timer = setInterval(() => void this.flush().catch(() => {}), intervalMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Writes everything gathered so far; flushes run one after another. */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.writeBatch());
    this.flushing = run.catch(() => {});
    return run;
  }

  private async writeBatch() {
    if (this.pending.clicks.size === 0 && this.pending.visits.size === 0) return;
    await this.countries.whenReady();
    const batch = this.pending;
    this.pending = emptyPending();
    this.writing = batch;
    const stats = await statsRows(batch, (ip) => this.countries.country(ip) ?? '--');
    const client = await this.pool.connect().catch((error: unknown) => {
      this.writing = undefined;
      this.restore(batch);
      throw error;
    });
    try {
      await client.query('BEGIN');
      // Links deleted since their clicks were counted are left out (the join), in both statements.
      const updated = await client.query<{ id: number; short_code: string; clicks: string; user_id: string }>(
        `WITH counted AS (
           UPDATE short_links AS s SET clicks = s.clicks + v.n
           FROM unnest($1::int[], $2::bigint[]) AS v(id, n)
           WHERE s.id = v.id
           RETURNING s.id, s.short_code, s.clicks, s.user_id)
         SELECT * FROM counted WHERE user_id IS NOT NULL`,
        [[...batch.clicks.keys()], [...batch.clicks.values()]],
      );
      if (stats.ids.length > 0) {
        // Each visit kind counts once per dimension; the sums by dimension value are PostgreSQL's work, off the redirects' thread.
        await client.query(
          `INSERT INTO link_click_stats (link_id, day, kind, value, clicks)
           SELECT v.link_id, v.day, d.kind, d.value, sum(v.clicks)
           FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[])
             AS v(link_id, day, referrer, browser, device, os, country, clicks)
           JOIN short_links s ON s.id = v.link_id
           CROSS JOIN LATERAL (VALUES ('total', ''), ('referrer', v.referrer), ('browser', v.browser), ('device', v.device), ('os', v.os), ('country', v.country)) AS d(kind, value)
           GROUP BY v.link_id, v.day, d.kind, d.value
           ON CONFLICT (link_id, day, kind, value) DO UPDATE SET clicks = link_click_stats.clicks + EXCLUDED.clicks`,
          [stats.ids, stats.days, stats.referrers, stats.browsers, stats.devices, stats.oses, stats.countries, stats.clicks],
        );
      }
      await client.query('COMMIT');
      this.writing = undefined;
      // Only links with an owner: someone may be watching their counts.
      this.onFlushed(updated.rows.map((row) => ({ id: row.id, code: row.short_code, clicks: Number(row.clicks), userId: row.user_id })));
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      this.writing = undefined;
      this.restore(batch);
      throw error;
    } finally {
      client.release();
    }
  }

  private restore(batch: Pending) {
    const { pending } = this;
    for (const [id, n] of batch.clicks) pending.clicks.set(id, (pending.clicks.get(id) ?? 0) + n);
    // Kinds are numbered per batch: each is looked up again in the batch it goes back to.
    for (const [key, n] of batch.visits) addVisits(pending, key % LINK_IDS, batch.kinds[Math.floor(key / LINK_IDS)]!, n);
  }
}

/**
 * A batch's visits as columns for link_click_stats: one row per link and visit kind, the address
 * becoming its country; yields to the event loop every VISITS_PER_TURN rows.
 */
async function statsRows({ visits, kinds }: Pending, countryOf: (ip: string) => string) {
  const rows = {
    ids: [] as number[],
    days: [] as string[],
    referrers: [] as string[],
    browsers: [] as string[],
    devices: [] as string[],
    oses: [] as string[],
    countries: [] as string[],
    clicks: [] as number[],
  };
  for (const [key, clicks] of visits) {
    const { day, referrer, browser, device, os, ip } = kinds[Math.floor(key / LINK_IDS)]!;
    rows.ids.push(key % LINK_IDS);
    rows.days.push(day);
    rows.referrers.push(referrer);
    rows.browsers.push(browser);
    rows.devices.push(device);
    rows.oses.push(os);
    rows.countries.push(countryOf(ip));
    rows.clicks.push(clicks);
    if (rows.ids.length % VISITS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return rows;
}
