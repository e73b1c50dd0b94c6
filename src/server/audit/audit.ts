import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { auditLog } from "@/server/db/schema";

export interface AuditEntry {
  siteId: string;
  actorPersonId: string | null;
  customerId: string | null;
  action: string;
  details?: Record<string, unknown>;
  requestId?: string | null;
}

export async function writeAudit(entry: AuditEntry): Promise<void> {
  const db = await getDb();
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {}, requestId: entry.requestId ?? null });
}

export async function listAudit(siteId: string, opts: { customerId?: string; limit?: number } = {}) {
  const db = await getDb();
  const where = opts.customerId ? and(eq(auditLog.siteId, siteId), eq(auditLog.customerId, opts.customerId)) : eq(auditLog.siteId, siteId);
  return db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt))
    .limit(opts.limit ?? 100);
}
