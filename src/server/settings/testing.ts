import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { ApiClient } from "@/test/api-client";
import { demoPlans } from "@/server/demo/seed";
import type { DemoCustomer, DemoPlan } from "@/server/demo/plan";
import { getDb, queryRows } from "@/server/db/client";
import { outboundMail, sites } from "@/server/db/schema";
import { invalidateSiteCache } from "@/server/sites/sites";
import type { Feature } from "@/lib/features";

/** Helpers of the settings tests: demo people, signed-in clients, site switches and the mailbox. */

export const planOf = (site: string): DemoPlan => demoPlans().find((p) => p.site.id === site)!;

export const customerOf = (site: string, persona: string, kind: "private" | "legal" = "private"): DemoCustomer => planOf(site).customers.find((c) => c.owner?.persona === persona && c.kind === kind)!;

let ipSeq = 1;
/** A fresh client signed in through the sandbox e-ID (a client address of its own: sign-ins are rate limited per address). */
export async function signIn(site: string, who: string | { ssn: string; name: string }): Promise<ApiClient> {
  const api = new ApiClient(`${site}.localhost`, { ip: `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}` });
  await api.signInSandbox(site, typeof who === "string" ? { identityId: `${site}-${who}` } : who);
  return api;
}

/** Signs in as the owner of a demo customer that is not a persona. */
export async function signInOwner(site: string, customer: DemoCustomer): Promise<ApiClient> {
  const owner = customer.owner!;
  return signIn(site, { ssn: owner.ssn, name: `${owner.firstName} ${owner.lastName}` });
}

/** Customer service with the customer's account open. */
export async function staffFor(site: string, clientCode: string): Promise<ApiClient> {
  const api = await signIn(site, "customer-service");
  const res = await api.post("/api/customer-service/open", { clientCode });
  if (res.status !== 200) throw new Error(`open answered ${res.status}`);
  return api;
}

/** Runs with features switched on and off on a site, then puts them back. */
export async function withFeatures<T>(siteId: string, change: { on?: Feature[]; off?: Feature[] }, run: () => Promise<T>): Promise<T> {
  const db = await getDb();
  const [{ features }] = await queryRows<{ features: Feature[] }>(db, sql`select features from sites where id = ${siteId}`);
  const next = [...new Set([...features.filter((f) => !change.off?.includes(f)), ...(change.on ?? [])])];
  await db.update(sites).set({ features: next, updatedAt: new Date() }).where(eq(sites.id, siteId));
  await invalidateSiteCache();
  try {
    return await run();
  } finally {
    await db.update(sites).set({ features, updatedAt: new Date() }).where(eq(sites.id, siteId));
    await invalidateSiteCache();
  }
}

/** The newest mail to an address on a site, waited for (the mail job delivers it). */
export async function mailTo(siteId: string, to: string, after = new Date(0)) {
  const db = await getDb();
  for (let i = 0; i < 150; i++) {
    const [mail] = await db
      .select()
      .from(outboundMail)
      .where(and(eq(outboundMail.siteId, siteId), eq(outboundMail.to, to)))
      .orderBy(desc(outboundMail.createdAt))
      .limit(1);
    if (mail && mail.createdAt >= after) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** The code and the link of a verification mail. */
export function codeAndLink(text: string): { code: string; link: URL } {
  const code = /\b([0-9]{6})\b/.exec(text)?.[1];
  const link = /https?:\/\/\S+\/api\/contacts\/verify\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!code || !link) throw new Error(`no code or link in: ${text}`);
  return { code, link: new URL(link) };
}

/** A table's rows of a customer as text, to show that nothing changed. */
export async function snapshot(table: string, customerId: string): Promise<string> {
  const db = await getDb();
  const rows = await queryRows<Record<string, unknown>>(db, sql`select * from ${sql.identifier(table)} where customer_id = ${customerId}::uuid order by 1, 2`);
  return JSON.stringify(rows);
}

export async function auditActions(siteId: string, customerId: string): Promise<{ action: string; actor_person_id: string | null; details: Record<string, unknown> }[]> {
  const db = await getDb();
  return queryRows(db, sql`select action, actor_person_id, details from audit_log where site_id = ${siteId} and customer_id = ${customerId}::uuid order by created_at`);
}
