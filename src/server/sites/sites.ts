import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { siteDomains, sites, type SiteAuthConfig } from "@/server/db/schema";
import type { Feature } from "@/lib/features";

export type SiteRow = typeof sites.$inferSelect;
export type Site = SiteRow & { domains: string[]; primaryDomain: string };

const TTL_MS = 30_000;
interface CacheEntry<T> {
  value: T;
  at: number;
}
/** Host lookups are cached per process; an admin change invalidates the cache of its process, others refresh within the TTL. */
const CACHE = Symbol.for("portal.sites.cache");
type Cache = { byHost: Map<string, CacheEntry<Site | null>>; byId: Map<string, CacheEntry<Site | null>> };
const g = globalThis as typeof globalThis & { [CACHE]?: Cache };
function cache(): Cache {
  g[CACHE] ??= { byHost: new Map(), byId: new Map() };
  return g[CACHE];
}

export function normalizeHost(host: string | null | undefined): string {
  if (!host) return "";
  return host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

async function loadSite(id: string): Promise<Site | null> {
  const db = await getDb();
  const [row] = await db.select().from(sites).where(eq(sites.id, id));
  if (!row) return null;
  const domains = await db
    .select()
    .from(siteDomains)
    .where(eq(siteDomains.siteId, id))
    .orderBy(asc(siteDomains.host));
  const primary = domains.find((d) => d.isPrimary) ?? domains[0];
  return { ...row, domains: domains.map((d) => d.host), primaryDomain: primary?.host ?? "" };
}

export async function getSiteById(id: string): Promise<Site | null> {
  const c = cache().byId;
  const hit = c.get(id);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = await loadSite(id);
  c.set(id, { value, at: Date.now() });
  return value;
}

export async function findSiteByHost(rawHost: string | null | undefined): Promise<Site | null> {
  const host = normalizeHost(rawHost);
  if (!host) return null;
  const c = cache().byHost;
  const hit = c.get(host);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const db = await getDb();
  const [domain] = await db.select().from(siteDomains).where(eq(siteDomains.host, host));
  const value = domain ? await getSiteById(domain.siteId) : null;
  c.set(host, { value, at: Date.now() });
  return value;
}

export function invalidateSiteCache() {
  cache().byHost.clear();
  cache().byId.clear();
}

export function siteHasFeature(site: Pick<Site, "features">, feature: Feature): boolean {
  return site.features.includes(feature);
}

export interface CreateSiteInput {
  id: string;
  companyName: string;
  country: "FI" | "EE" | "LV";
  timezone: string;
  defaultLocaleId: string;
  locales: string[];
  themeId: string;
  features: string[];
  domains: string[];
  auth?: SiteAuthConfig;
  externalServices?: SiteRow["externalServices"];
  metaFields?: SiteRow["metaFields"];
  contactLinks?: SiteRow["contactLinks"];
  linkItems?: SiteRow["linkItems"];
  gaMeasurementId?: string | null;
}

export async function createSite(input: CreateSiteInput): Promise<Site> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(sites).values({
      id: input.id,
      companyName: input.companyName,
      country: input.country,
      timezone: input.timezone,
      defaultLocaleId: input.defaultLocaleId,
      locales: input.locales,
      themeId: input.themeId,
      features: input.features,
      auth: input.auth ?? { sandboxEid: true, oidc: [] },
      externalServices: input.externalServices ?? [],
      metaFields: input.metaFields ?? [{ name: "TITLE", content: input.companyName, locale_id: null }],
      contactLinks: input.contactLinks ?? [],
      linkItems: input.linkItems ?? [],
      gaMeasurementId: input.gaMeasurementId ?? null,
    });
    for (const [i, host] of input.domains.entries()) {
      await tx.insert(siteDomains).values({ host: normalizeHost(host), siteId: input.id, isPrimary: i === 0 });
    }
  });
  invalidateSiteCache();
  const site = await getSiteById(input.id);
  if (!site) throw new Error(`Site ${input.id} was not created`);
  return site;
}

export async function addDomain(siteId: string, host: string, primary = false): Promise<void> {
  const db = await getDb();
  const normalized = normalizeHost(host);
  if (!/^[a-z0-9.-]+$/.test(normalized)) throw new Error(`Not a host name: ${host}`);
  await db.transaction(async (tx) => {
    if (primary) await tx.update(siteDomains).set({ isPrimary: false }).where(eq(siteDomains.siteId, siteId));
    await tx.insert(siteDomains).values({ host: normalized, siteId, isPrimary: primary });
  });
  invalidateSiteCache();
}

export async function removeDomain(siteId: string, host: string): Promise<void> {
  const db = await getDb();
  await db.delete(siteDomains).where(and(eq(siteDomains.siteId, siteId), eq(siteDomains.host, normalizeHost(host))));
  invalidateSiteCache();
}

export async function listSites(): Promise<SiteRow[]> {
  const db = await getDb();
  return db.select().from(sites).orderBy(asc(sites.id));
}
