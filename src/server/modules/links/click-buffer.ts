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

/** What one flush writes: clicks per link, and visits per "linkId\tday\treferrer\tbrowser\tdevice\tos\tip" (split into dimensions at flush). */
interface Pending {
  clicks: Map<number, number>;
  visits: Map<string, number>;
}

const emptyPending = (): Pending => ({ clicks: new Map(), visits: new Map() });
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
    const key = `${linkId}\t${details.day}\t${details.referrer}\t${details.browser}\t${details.device}\t${details.os}\t${details.ip}`;
    pending.visits.set(key, (pending.visits.get(key) ?? 0) + 1);
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
    const stats = await statsRows(batch.visits, (ip) => this.countries.country(ip) ?? '--');
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
        await client.query(
          `INSERT INTO link_click_stats (link_id, day, kind, value, clicks)
           SELECT v.* FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS v(link_id, day, kind, value, clicks)
           JOIN short_links s ON s.id = v.link_id
           ON CONFLICT (link_id, day, kind, value) DO UPDATE SET clicks = link_click_stats.clicks + EXCLUDED.clicks`,
          [stats.ids, stats.days, stats.kinds, stats.values, stats.clicks],
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
    const { clicks, visits } = this.pending;
    for (const [id, n] of batch.clicks) clicks.set(id, (clicks.get(id) ?? 0) + n);
    for (const [key, n] of batch.visits) visits.set(key, (visits.get(key) ?? 0) + n);
  }
}

/**
 * Visits "linkId\tday\treferrer\tbrowser\tdevice\tos\tip" → link_click_stats rows (link, day, kind,
 * value, clicks), the address becoming its country; yields to the event loop every VISITS_PER_TURN visit kinds.
 */
async function statsRows(visits: Map<string, number>, countryOf: (ip: string) => string) {
  const totals = new Map<string, number>();
  const add = (key: string, clicks: number) => totals.set(key, (totals.get(key) ?? 0) + clicks);
  let done = 0;
  for (const [key, clicks] of visits) {
    const [link, day, referrer, browser, device, os, ip = ''] = key.split('\t');
    const prefix = `${link}\t${day}\t`;
    add(`${prefix}total\t`, clicks);
    add(`${prefix}referrer\t${referrer}`, clicks);
    add(`${prefix}browser\t${browser}`, clicks);
    add(`${prefix}device\t${device}`, clicks);
    add(`${prefix}os\t${os}`, clicks);
    add(`${prefix}country\t${countryOf(ip)}`, clicks);
    if (++done % VISITS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const rows = { ids: [] as number[], days: [] as string[], kinds: [] as string[], values: [] as string[], clicks: [] as number[] };
  for (const [key, clicks] of totals) {
    const [link, day, kind, value] = key.split('\t') as [string, string, string, string];
    rows.ids.push(Number(link));
    rows.days.push(day);
    rows.kinds.push(kind);
    rows.values.push(value);
    rows.clicks.push(clicks);
  }
  return rows;
}
