import "server-only";
import { sql } from "drizzle-orm";
import { localDateString } from "@/lib/energy/time";
import { getDb, queryRows } from "@/server/db/client";
import { pgArray } from "@/server/metering/bulk";

/**
 * What a personal API token's call costs, kept off the database on the hot path (decision 0018).
 *
 * - **Rate limit.** Each token has one window shared by every process on the database
 *   (`api_token_windows`). A process takes allowances from it in blocks with one statement that
 *   can never hand out more than the limit (`granted` stops at `max`), and spends them in memory.
 *   A block starts at one allowance and doubles while the token keeps calling within the window,
 *   up to `max / 8`, so a token called now and then takes one allowance at a time and a busy one
 *   costs a statement per block. A token over its limit is refused in memory until its window
 *   ends (Retry-After from the database's window, the clock of the process never extends it).
 * - **Use roll-up.** Calls are counted per token and day (the site's) in memory and written in
 *   one upsert for all tokens: a second after the first uncounted call, at once after `flushUses`
 *   calls, before the list of tokens or "my data" is read, and when the database closes (the
 *   server's shutdown). A crash loses at most that last second of counts, never a refused call
 *   turned into an allowed one.
 */

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface UseSite {
  id: string;
  timezone: string;
}

interface Lease {
  /** Local time (ms) before which the window certainly still runs. */
  windowEnd: number;
  /** Allowances taken from the shared window and not yet spent here. */
  left: number;
  /** The shared window has nothing more to give. */
  full: boolean;
  /** Allowances the next block asks for. */
  nextBlock: number;
  reserving?: Promise<void>;
}

interface DayCount {
  tokenId: string;
  siteId: string;
  day: string;
  count: number;
  lastAt: number;
  lastPath: string;
}

export interface MeterOptions {
  limit: () => RateLimit;
  /** Longest a counted call waits for its write (ms). */
  flushMs?: number;
  /** Counted calls that start a write at once. */
  flushUses?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The meter of one process; tests make several to stand for several processes on one database. */
export class TokenUseMeter {
  private readonly leases = new Map<string, Lease>();
  private days = new Map<string, DayCount>();
  private uncounted = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private readonly flushMs: number;
  private readonly flushUses: number;
  /** Statements run (reservations and roll-up writes), for tests and the benchmark. */
  statements = 0;

  constructor(private readonly options: MeterOptions) {
    this.flushMs = options.flushMs ?? 1000;
    this.flushUses = options.flushUses ?? 500;
  }

  /** Counts a call of the token and says whether it is within the token's rate limit. */
  async use(site: UseSite, tokenId: string, path: string): Promise<{ allowed: boolean; retryAfter: number }> {
    if (!UUID.test(tokenId)) throw new Error("bad token id");
    this.count(site, tokenId, path);
    return this.take(site.id, tokenId);
  }

  private count(site: UseSite, tokenId: string, path: string) {
    const now = Date.now();
    const day = localDateString(now, site.timezone);
    const key = `${tokenId}|${day}`;
    const entry = this.days.get(key);
    if (entry) {
      entry.count++;
      entry.lastAt = now;
      entry.lastPath = path.slice(0, 200);
    } else {
      this.days.set(key, { tokenId, siteId: site.id, day, count: 1, lastAt: now, lastPath: path.slice(0, 200) });
    }
    this.uncounted++;
    if (this.uncounted >= this.flushUses) {
      void this.flush().catch((err) => console.error("[tokens] writing the use roll-up failed", err));
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush().catch((err) => console.error("[tokens] writing the use roll-up failed", err));
      }, this.flushMs);
      this.timer.unref?.();
    }
  }

  private async take(siteId: string, tokenId: string): Promise<{ allowed: boolean; retryAfter: number }> {
    for (;;) {
      const now = Date.now();
      let lease = this.leases.get(tokenId);
      if (lease && !lease.reserving && now >= lease.windowEnd) {
        // The window ended: what was left of it is worth nothing now.
        this.leases.delete(tokenId);
        lease = undefined;
      }
      if (lease && now < lease.windowEnd) {
        const retryAfter = Math.max(1, Math.ceil((lease.windowEnd - now) / 1000));
        if (lease.left > 0) {
          lease.left--;
          return { allowed: true, retryAfter };
        }
        if (lease.full) return { allowed: false, retryAfter };
      }
      if (!lease) {
        lease = { windowEnd: 0, left: 0, full: false, nextBlock: 1 };
        this.leases.set(tokenId, lease);
      }
      if (!lease.reserving) lease.reserving = this.reserve(siteId, tokenId, lease).finally(() => (lease.reserving = undefined));
      await lease.reserving;
    }
  }

  /** Takes the next block of allowances from the token's shared window: one statement. */
  private async reserve(siteId: string, tokenId: string, lease: Lease): Promise<void> {
    const { max, windowSeconds } = this.options.limit();
    const block = Math.max(1, Math.min(lease.nextBlock, max));
    const sent = Date.now();
    const db = await getDb();
    this.statements++;
    // In ON CONFLICT DO UPDATE every expression reads the row as it was: last_grant is what this statement adds.
    const [row] = await queryRows<{ last_grant: number; granted: number; remaining_ms: number | string }>(
      db,
      sql`insert into api_token_windows as w (token_id, site_id, window_start, granted, last_grant)
          values (${tokenId}::uuid, ${siteId}, statement_timestamp(), ${block}, ${block})
          on conflict (token_id) do update set
            window_start = case when w.window_start <= statement_timestamp() - make_interval(secs => ${windowSeconds}) then statement_timestamp() else w.window_start end,
            granted = case when w.window_start <= statement_timestamp() - make_interval(secs => ${windowSeconds}) then ${block}
                           else w.granted + least(${block}, greatest(0, ${max} - w.granted)) end,
            last_grant = case when w.window_start <= statement_timestamp() - make_interval(secs => ${windowSeconds}) then ${block}
                              else least(${block}, greatest(0, ${max} - w.granted)) end
          returning last_grant, granted,
            (extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - statement_timestamp())) * 1000)::float8 as remaining_ms`,
    );
    const grant = Number(row.last_grant);
    const windowEnd = sent + Math.max(0, Number(row.remaining_ms));
    // Only a lease with nothing left asks for more, so nothing of an older window is carried over.
    lease.windowEnd = windowEnd;
    lease.left += grant;
    lease.full = Number(row.granted) >= max;
    lease.nextBlock = Math.min(Math.max(1, Math.floor(max / 8)), Math.max(1, block * 2), 1000);
  }

  /** Writes every counted call in one upsert (calls of tokens deleted meanwhile are dropped). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.days.size === 0) return;
    const batch = [...this.days.values()];
    this.days = new Map();
    this.uncounted = 0;
    this.writing = this.write(batch)
      .catch((err) => {
        // Put the counts back: the next write takes them along.
        for (const b of batch) {
          const key = `${b.tokenId}|${b.day}`;
          const now = this.days.get(key);
          if (now) {
            now.count += b.count;
            if (b.lastAt > now.lastAt) Object.assign(now, { lastAt: b.lastAt, lastPath: b.lastPath });
          } else this.days.set(key, b);
          this.uncounted += b.count;
        }
        throw err;
      })
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }

  private async write(batch: DayCount[]): Promise<void> {
    const db = await getDb();
    this.statements++;
    await db.execute(
      sql`insert into api_token_uses (token_id, site_id, day, count, last_at, last_path)
          select u.token_id, u.site_id, u.day, u.count, u.last_at, u.last_path
          from unnest(${pgArray(batch.map((b) => b.tokenId))}::uuid[], ${pgArray(batch.map((b) => b.siteId))}::text[], ${pgArray(batch.map((b) => b.day))}::date[],
                      ${pgArray(batch.map((b) => b.count))}::int4[], ${pgArray(batch.map((b) => new Date(b.lastAt).toISOString()))}::timestamptz[],
                      ${pgArray(batch.map((b) => b.lastPath))}::text[]) as u(token_id, site_id, day, count, last_at, last_path)
          where exists (select 1 from api_tokens t where t.id = u.token_id and t.site_id = u.site_id)
          on conflict (token_id, day) do update set
            count = api_token_uses.count + excluded.count,
            last_at = greatest(api_token_uses.last_at, excluded.last_at),
            last_path = case when excluded.last_at >= api_token_uses.last_at then excluded.last_path else api_token_uses.last_path end`,
    );
  }

  /** Calls counted and not yet written (tests). */
  get pending(): number {
    let n = 0;
    for (const d of this.days.values()) n += d.count;
    return n;
  }
}
