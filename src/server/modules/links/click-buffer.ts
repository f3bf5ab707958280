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

interface PendingLink {
  clicks: number;
  visits: Map<string, number>; // "day\treferrer\tbrowser\tdevice\tos\tip" → clicks; split into dimensions at flush
}

export interface FlushedLink {
  id: number;
  code: string;
  clicks: number;
  userId: string | null;
}

/**
 * Clicks gathered in memory and written in one transaction per flush, so a redirect never
 * waits for the database. Increments are atomic in SQL; a failed flush puts its clicks back.
 */
export class ClickBuffer {
  private pending = new Map<number, PendingLink>();
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
    let link = this.pending.get(linkId);
    if (!link) this.pending.set(linkId, (link = { clicks: 0, visits: new Map() }));
    link.clicks += clicks;
    const key = `${details.day}\t${details.referrer}\t${details.browser}\t${details.device}\t${details.os}\t${details.ip}`;
    link.visits.set(key, (link.visits.get(key) ?? 0) + 1);
  }

  /** Clicks of this instance not yet written. */
  pendingClicks(linkId: number): number {
    return this.pending.get(linkId)?.clicks ?? 0;
  }

  /** All clicks of this instance not yet written (the /metrics queue gauge). */
  pendingTotal(): number {
    let total = 0;
    for (const link of this.pending.values()) total += link.clicks;
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
    if (this.pending.size === 0) return;
    await this.countries.whenReady();
    const batch = this.pending;
    this.pending = new Map();
    const client = await this.pool.connect().catch((error: unknown) => {
      this.restore(batch);
      throw error;
    });
    try {
      await client.query('BEGIN');
      const ids = [...batch.keys()];
      const counts = ids.map((id) => batch.get(id)!.clicks);
      const updated = await client.query<{ id: number; short_code: string; clicks: string; user_id: string | null }>(
        `UPDATE short_links AS s SET clicks = s.clicks + v.n
         FROM unnest($1::int[], $2::bigint[]) AS v(id, n)
         WHERE s.id = v.id
         RETURNING s.id, s.short_code, s.clicks, s.user_id`,
        [ids, counts],
      );
      const stats = { ids: [] as number[], days: [] as string[], kinds: [] as string[], values: [] as string[], clicks: [] as number[] };
      for (const row of updated.rows) {
        for (const [key, clicks] of dimensionTotals(batch.get(row.id)!.visits, (ip) => this.countries.country(ip) ?? '--')) {
          const [day, kind, value] = key.split('\t') as [string, string, string];
          stats.ids.push(row.id);
          stats.days.push(day);
          stats.kinds.push(kind);
          stats.values.push(value);
          stats.clicks.push(clicks);
        }
      }
      if (stats.ids.length > 0) {
        await client.query(
          `INSERT INTO link_click_stats (link_id, day, kind, value, clicks)
           SELECT * FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[])
           ON CONFLICT (link_id, day, kind, value) DO UPDATE SET clicks = link_click_stats.clicks + EXCLUDED.clicks`,
          [stats.ids, stats.days, stats.kinds, stats.values, stats.clicks],
        );
      }
      await client.query('COMMIT');
      this.onFlushed(
        updated.rows.map((row) => ({ id: row.id, code: row.short_code, clicks: Number(row.clicks), userId: row.user_id })),
      );
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      this.restore(batch);
      throw error;
    } finally {
      client.release();
    }
  }

  private restore(batch: Map<number, PendingLink>) {
    for (const [id, link] of batch) {
      const current = this.pending.get(id);
      if (!current) {
        this.pending.set(id, link);
        continue;
      }
      current.clicks += link.clicks;
      for (const [key, clicks] of link.visits) current.visits.set(key, (current.visits.get(key) ?? 0) + clicks);
    }
  }
}

/** Visits "day\treferrer\tbrowser\tdevice\tos\tip" → rows "day\tkind\tvalue" for link_click_stats (the address becomes its country). */
function dimensionTotals(visits: Map<string, number>, countryOf: (ip: string) => string): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (key: string, clicks: number) => totals.set(key, (totals.get(key) ?? 0) + clicks);
  for (const [key, clicks] of visits) {
    const [day, referrer, browser, device, os, ip = ''] = key.split('\t');
    add(`${day}\ttotal\t`, clicks);
    add(`${day}\treferrer\t${referrer}`, clicks);
    add(`${day}\tbrowser\t${browser}`, clicks);
    add(`${day}\tdevice\t${device}`, clicks);
    add(`${day}\tos\t${os}`, clicks);
    add(`${day}\tcountry\t${countryOf(ip)}`, clicks);
  }
  return totals;
}
