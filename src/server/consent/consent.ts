import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { consentRecords, siteConsentSettings } from "@/server/db/schema";

const TTL_MS = 30_000;
const REVISIONS = Symbol.for("portal.consent.revisions");
const g = globalThis as typeof globalThis & { [REVISIONS]?: Map<string, { at: number; value: number }> };
const revisions = () => (g[REVISIONS] ??= new Map());

/** The site's consent policy revision (0 until an administrator raises it). Cached briefly per process. */
export async function getConsentRevision(siteId: string): Promise<number> {
  const hit = revisions().get(siteId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const db = await getDb();
  const [row] = await db.select({ revision: siteConsentSettings.revision }).from(siteConsentSettings).where(eq(siteConsentSettings.siteId, siteId));
  const value = row?.revision ?? 0;
  revisions().set(siteId, { at: Date.now(), value });
  return value;
}

/** Raises the revision: every visitor's earlier consent stops counting and the banner asks again. */
export async function bumpConsentRevision(siteId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(siteConsentSettings)
    .values({ siteId, revision: 1 })
    .onConflictDoUpdate({ target: siteConsentSettings.siteId, set: { revision: sql`${siteConsentSettings.revision} + 1`, updatedAt: new Date() } })
    .returning({ revision: siteConsentSettings.revision });
  revisions().set(siteId, { at: Date.now(), value: row.revision });
  return row.revision;
}

export interface ConsentRecordInput {
  consentId: string;
  acceptType: "all" | "custom" | "necessary" | null;
  categories: string[];
  services: Record<string, string[]>;
  revision: number;
  data: unknown;
  languageCode: string;
  consentTimestamp: string;
  lastConsentTimestamp: string;
  expirationTime: number | null;
}

/** Keeps one decision of a browser, so the supplier can show what was agreed to and when. */
export async function recordConsent(ctx: { siteId: string; clientId: string | null; personId: string | null }, input: ConsentRecordInput): Promise<{ id: string }> {
  const db = await getDb();
  const [row] = await db
    .insert(consentRecords)
    .values({
      siteId: ctx.siteId,
      clientId: ctx.clientId,
      personId: ctx.personId,
      consentId: input.consentId,
      acceptType: input.acceptType,
      categories: input.categories,
      services: input.services,
      revision: input.revision,
      data: input.data ?? null,
      languageCode: input.languageCode,
      consentTimestamp: new Date(input.consentTimestamp),
      lastConsentTimestamp: new Date(input.lastConsentTimestamp),
      expirationTime: input.expirationTime,
    })
    .returning({ id: consentRecords.id });
  return { id: row.id };
}

/** A consent's history on a site, oldest first. */
export async function consentHistory(siteId: string, consentId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(consentRecords)
    .where(sql`${consentRecords.siteId} = ${siteId} and ${consentRecords.consentId} = ${consentId}`)
    .orderBy(consentRecords.createdAt);
  return rows;
}
