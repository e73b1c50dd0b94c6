import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { siteDomains, sites, type SiteAuthConfig } from "@/server/db/schema";
import { isFeature } from "@/lib/features";
import type { SiteView } from "@/lib/sites";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { cacheReady, invalidate, loadAndKeep, onInvalidate } from "@/server/cache/bus";

export type SiteRow = typeof sites.$inferSelect;
export type Site = SiteRow & { domains: string[]; primaryDomain: string };

/** A site is what pages and components read of it (src/lib/sites.ts), and more: this fails to compile otherwise. */
const _siteIsView: Site extends SiteView ? true : false = true;

/**
 * Sites by host and by id, kept in memory: every page and API call needs its site, and sites
 * change only when an administrator edits one. An edit is announced to every process at once
 * (cache/bus.ts); SITE_CACHE_SECONDS bounds an entry's life should an announcement be lost. The
 * host cache is bounded, so Host headers made up by a client cannot grow it.
 */
const CACHE = Symbol.for("portal.sites.cache");
const SITE_TOPICS = ["site"] as const;
type Cache = { byHost: LRUCache<string, { value: Site | null }>; byId: LRUCache<string, { value: Site | null }> };
const g = globalThis as typeof globalThis & { [CACHE]?: Cache };
function cache(): Cache {
  if (!g[CACHE]) {
    const ttl = Math.max(1, env().SITE_CACHE_SECONDS) * 1000;
    const c: Cache = { byHost: new LRUCache({ max: 1_000, ttl }), byId: new LRUCache({ max: 1_000, ttl }) };
    const clear = () => {
      c.byHost.clear();
      c.byId.clear();
    };
    for (const topic of SITE_TOPICS) onInvalidate(topic, clear, clear);
    g[CACHE] = c;
  }
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
  const domains = await db.select().from(siteDomains).where(eq(siteDomains.siteId, id)).orderBy(asc(siteDomains.host));
  const primary = domains.find((d) => d.isPrimary) ?? domains[0];
  return { ...row, domains: domains.map((d) => d.host), primaryDomain: primary?.host ?? "" };
}

export async function getSiteById(id: string): Promise<Site | null> {
  const c = cache().byId;
  const hit = cacheReady() ? c.get(id) : undefined;
  if (hit) return hit.value;
  return loadAndKeep(
    SITE_TOPICS,
    () => loadSite(id),
    (value) => c.set(id, { value }),
  );
}

/**
 * The site of a host when this process knows the answer already (null: no site has it), undefined
 * when it must be read: the API's request path takes the answer without waiting on a promise.
 */
export function keptSiteByHost(rawHost: string | null | undefined): Site | null | undefined {
  const host = normalizeHost(rawHost);
  if (!host || host.length > 253) return null;
  return cacheReady() ? cache().byHost.get(host)?.value : undefined;
}

export async function findSiteByHost(rawHost: string | null | undefined): Promise<Site | null> {
  const known = keptSiteByHost(rawHost);
  if (known !== undefined) return known;
  const host = normalizeHost(rawHost);
  const c = cache().byHost;
  return loadAndKeep(
    SITE_TOPICS,
    async () => {
      const db = await getDb();
      const [domain] = await db.select().from(siteDomains).where(eq(siteDomains.host, host));
      return domain ? await getSiteById(domain.siteId) : null;
    },
    (value) => c.set(host, { value }),
  );
}

/** A site or its domains changed: every process reads sites afresh. */
export async function invalidateSiteCache(): Promise<void> {
  await invalidate("site", "*");
}

export interface CreateSiteInput {
  id: string;
  companyName: string;
  country: "FI" | "EE" | "LV";
  timezone: string;
  defaultLocaleId: string;
  locales: string[];
  themeId: string;
  /** Checked against the known features: an unknown one is refused. */
  features: readonly string[];
  domains: string[];
  auth?: SiteAuthConfig;
  externalServices?: SiteRow["externalServices"];
  metaFields?: SiteRow["metaFields"];
  contactLinks?: SiteRow["contactLinks"];
  linkItems?: SiteRow["linkItems"];
  gaMeasurementId?: string | null;
}

export async function createSite(input: CreateSiteInput): Promise<Site> {
  const unknown = input.features.filter((f) => !isFeature(f));
  if (unknown.length) throw new Error(`Unknown features: ${unknown.join(", ")}`);
  const features = input.features.filter(isFeature);
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
      features,
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
  await invalidateSiteCache();
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
  await invalidateSiteCache();
}

export async function removeDomain(siteId: string, host: string): Promise<void> {
  const db = await getDb();
  await db.delete(siteDomains).where(and(eq(siteDomains.siteId, siteId), eq(siteDomains.host, normalizeHost(host))));
  await invalidateSiteCache();
}

export async function listSites(): Promise<SiteRow[]> {
  const db = await getDb();
  return db.select().from(sites).orderBy(asc(sites.id));
}
