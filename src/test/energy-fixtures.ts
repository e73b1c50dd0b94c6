import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { demoPlans } from "@/server/demo/seed";
import { planDemoPoints } from "@/server/demo/energy/points-plan";
import { invalidateSiteCache } from "@/server/sites/sites";
import { isFeature, type Feature } from "@/lib/features";
import { ApiClient } from "./api-client";

/** The demo metering points of a site's private customer of the persona. */
export function demoPointsOf(site: string, persona: string) {
  const p = demoPlans().find((x) => x.site.id === site)!;
  const customer = p.customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;
  return planDemoPoints(p).filter((pt) => pt.customerId === customer.id);
}

/**
 * One signed-in client per site and persona, each from its own address in `10.<subnet>.x.1`
 * (sign-in is rate limited per address; give each test file its own subnet).
 */
export function signedInClients(subnet: number) {
  const clients = new Map<string, ApiClient>();
  return async (site: string, persona: string): Promise<ApiClient> => {
    const key = `${site}-${persona}`;
    let api = clients.get(key);
    if (!api) {
      api = new ApiClient(`${site}.localhost`, { ip: `10.${subnet}.${clients.size}.1` });
      await api.signInSandbox(site, { identityId: key });
      clients.set(key, api);
    }
    return api;
  };
}

/** Runs fn with the site's features changed, then puts them back. */
export async function withSiteFeatures(db: Db, site: string, change: (features: Feature[]) => readonly string[], fn: () => Promise<void>) {
  const [row] = await db.select({ features: sites.features }).from(sites).where(eq(sites.id, site));
  const changed = change(row.features);
  const unknown = changed.filter((f) => !isFeature(f));
  if (unknown.length) throw new Error(`Unknown features: ${unknown.join(", ")}`);
  await db
    .update(sites)
    .set({ features: changed.filter(isFeature) })
    .where(eq(sites.id, site));
  invalidateSiteCache();
  try {
    await fn();
  } finally {
    await db.update(sites).set({ features: row.features }).where(eq(sites.id, site));
    invalidateSiteCache();
  }
}
