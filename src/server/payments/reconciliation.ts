import "server-only";
import { and, asc, eq, inArray, isNotNull, lt, type SQL } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { payments, type PaymentStatus } from "@/server/db/schema";
import { handleJob, sendJob } from "@/server/jobs/runtime";
import type { PaymentSite } from "./core";
import { refreshPayment } from "./status";

/**
 * Payments still open a while after their last change (a callback lost, the customer gone) are
 * settled by asking their providers. A schedule queues `payments-reconcile-sites` every minute,
 * once across all processes; it queues one `payments-reconcile` job per site that has such
 * payments, and that job asks the providers (src/server/jobs/registry.ts).
 */

export interface ReconcileSummary {
  checked: number;
  changed: number;
  failures: number;
  byStatus: Partial<Record<PaymentStatus, number>>;
}

/** Open payments are asked about once they have been quiet this long. */
const QUIET_MS = 60_000;

function stale(cutoff: Date, siteId?: string): SQL {
  return and(inArray(payments.status, ["created", "pending"]), lt(payments.updatedAt, cutoff), isNotNull(payments.providerReference), siteId ? eq(payments.siteId, siteId) : undefined)!;
}

/** Asks the providers of a site's (or, without `siteId`, every site's) quiet open payments. */
export async function reconcilePendingPayments(
  opts: { siteId?: string; olderThanMs?: number; limit?: number; now?: Date; loadSite?: (siteId: string) => Promise<PaymentSite | null> } = {},
): Promise<ReconcileSummary> {
  const db = await getDb();
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - (opts.olderThanMs ?? QUIET_MS));
  const rows = await db
    .select()
    .from(payments)
    .where(stale(cutoff, opts.siteId))
    .orderBy(asc(payments.updatedAt))
    .limit(opts.limit ?? 200);
  const loadSite = opts.loadSite ?? (async (id: string) => (await import("@/server/sites/sites")).getSiteById(id));
  const summary: ReconcileSummary = { checked: 0, changed: 0, failures: 0, byStatus: {} };
  const sites = new Map<string, PaymentSite | null>();
  for (const row of rows) {
    if (!sites.has(row.siteId)) sites.set(row.siteId, await loadSite(row.siteId));
    const site = sites.get(row.siteId);
    if (!site) continue;
    summary.checked += 1;
    try {
      const after = await refreshPayment(site, row.id, { force: true, now });
      if (after && after.status !== row.status) summary.changed += 1;
      const status = after?.status ?? row.status;
      summary.byStatus[status] = (summary.byStatus[status] ?? 0) + 1;
    } catch (err) {
      summary.failures += 1;
      console.warn(`[payments] reconciling ${row.id} failed: ${(err as Error).message}`);
    }
  }
  return summary;
}

/**
 * Queues one reconciliation job per site with quiet open payments. The minute is part of each
 * job's idempotency key, so a schedule that fires twice in a minute still asks once.
 */
export async function queueReconciliations(opts: { now?: Date } = {}): Promise<{ sites: string[] }> {
  const db = await getDb();
  const now = opts.now ?? new Date();
  const rows = await db
    .selectDistinct({ siteId: payments.siteId })
    .from(payments)
    .where(stale(new Date(now.getTime() - QUIET_MS)));
  const minute = now.toISOString().slice(0, 16);
  const sites = rows.map((r) => r.siteId).sort();
  for (const siteId of sites) await sendJob("payments-reconcile", { siteId }, { idempotencyKey: `${siteId}:${minute}` });
  return { sites };
}

handleJob("payments-reconcile", ({ siteId }) => reconcilePendingPayments({ siteId }));
handleJob("payments-reconcile-sites", () => queueReconciliations());
