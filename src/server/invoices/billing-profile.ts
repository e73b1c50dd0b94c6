import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb, queryRows, type Db } from "@/server/db/client";
import { billingProfiles, sites } from "@/server/db/schema";

export type BillingProfile = typeof billingProfiles.$inferSelect;
export type BillingProfileInput = Partial<Omit<BillingProfile, "siteId" | "nextInvoiceSeq" | "updatedAt">>;

/** The site's invoicing profile; created from the site's name with default rules on first use. */
export async function getBillingProfile(siteId: string, db?: Db): Promise<BillingProfile> {
  const d = db ?? (await getDb());
  const [row] = await d.select().from(billingProfiles).where(eq(billingProfiles.siteId, siteId));
  if (row) return row;
  const [site] = await d.select({ companyName: sites.companyName }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new Error(`No site ${siteId}`);
  await d.insert(billingProfiles).values({ siteId, legalName: site.companyName }).onConflictDoNothing();
  const [created] = await d.select().from(billingProfiles).where(eq(billingProfiles.siteId, siteId));
  return created;
}

export async function upsertBillingProfile(siteId: string, input: BillingProfileInput, db?: Db): Promise<BillingProfile> {
  const d = db ?? (await getDb());
  await getBillingProfile(siteId, d);
  await d
    .update(billingProfiles)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(billingProfiles.siteId, siteId));
  return getBillingProfile(siteId, d);
}

/** Reserves `count` consecutive invoice sequence numbers of a site atomically; returns the first. */
export async function reserveInvoiceSeq(siteId: string, count: number, db?: Db): Promise<number> {
  const d = db ?? (await getDb());
  await getBillingProfile(siteId, d);
  const [row] = await queryRows<{ first: number | string }>(
    d,
    sql`update billing_profiles set next_invoice_seq = next_invoice_seq + ${count} where site_id = ${siteId} returning next_invoice_seq - ${count} as first`,
  );
  return Number(row.first);
}

export function formatInvoiceNumber(profile: Pick<BillingProfile, "invoiceNumberPrefix">, issueDate: string, seq: number): string {
  return `${profile.invoiceNumberPrefix}${issueDate.slice(0, 4)}${String(seq).padStart(6, "0")}`;
}
