import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { AppError } from "@/server/errors";

/**
 * A fixed-window counter kept in the database (the table better-auth uses for its own limits),
 * so limits hold across restarts and across processes sharing one PostgreSQL.
 */
export async function hitRateLimit(key: string, max: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfter: number }> {
  const db = await getDb();
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const [row] = await queryRows<{ count: number; last_request: number }>(
    db,
    sql`insert into auth_rate_limit (id, key, count, last_request)
        values (${crypto.randomUUID()}, ${key}, 1, ${now})
        on conflict (key) do update set
          count = case when auth_rate_limit.last_request < ${windowStart} then 1 else auth_rate_limit.count + 1 end,
          last_request = case when auth_rate_limit.last_request < ${windowStart} then ${now} else auth_rate_limit.last_request end
        returning count, last_request`,
  );
  const count = Number(row.count);
  const retryAfter = Math.max(1, Math.ceil((Number(row.last_request) + windowSeconds * 1000 - now) / 1000));
  return { allowed: count <= max, retryAfter };
}

export async function enforceRateLimit(key: string, max: number, windowSeconds: number): Promise<void> {
  const { allowed, retryAfter } = await hitRateLimit(key, max, windowSeconds);
  if (!allowed) throw new AppError("rate_limited", "api.errors.rate-limited", { retryAfter });
}
