import "server-only";
import { and, asc, desc, eq, like } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { auditLog, authUser, siteDomains, sites } from "@/server/db/schema";
import { notFound, validationError, type FieldError } from "@/server/errors";
import { writeAudit } from "@/server/audit/audit";
import { invalidateSiteCache, normalizeHost } from "@/server/sites/sites";
import { isThemeId } from "@/themes/registry";
import { isLocale } from "@/lib/locales";
import type { FooterLink, MetaField } from "@/lib/sites";

/** Who changes the site: an administrator of it, and the request that did it (for the audit log). */
export interface AdminContext {
  siteId: string;
  personId: string;
  requestId?: string | null;
}

/** Audit actions of the administration area all start with this, so its history page can list them. */
export const ADMIN_AUDIT_PREFIX = "admin.";

export async function auditAdminChange(ctx: AdminContext, action: string, details: Record<string, unknown>) {
  await writeAudit({ siteId: ctx.siteId, actorPersonId: ctx.personId, customerId: null, action: `${ADMIN_AUDIT_PREFIX}${action}`, details, requestId: ctx.requestId ?? null });
}

let zones: string[] | undefined;
/** The IANA time zones an administrator may choose (the runtime's canonical list, plus UTC). */
export function timezoneList(): string[] {
  zones ??= [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])].sort();
  return zones;
}

export function isTimezone(value: string): boolean {
  return timezoneList().includes(value);
}

export interface AdminSite {
  id: string;
  companyName: string;
  timezone: string;
  themeId: string;
  defaultLocaleId: string;
  locales: string[];
  metaFields: MetaField[];
  contactLinks: FooterLink[];
  linkItems: FooterLink[];
  gaMeasurementId: string | null;
  features: string[];
}

async function siteRow(siteId: string) {
  const db = await getDb();
  const [row] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!row) throw notFound();
  return row;
}

function view(row: typeof sites.$inferSelect): AdminSite {
  return {
    id: row.id,
    companyName: row.companyName,
    timezone: row.timezone,
    themeId: row.themeId,
    defaultLocaleId: row.defaultLocaleId,
    locales: row.locales,
    metaFields: row.metaFields,
    contactLinks: row.contactLinks,
    linkItems: row.linkItems,
    gaMeasurementId: row.gaMeasurementId,
    features: row.features,
  };
}

export async function getAdminSite(siteId: string): Promise<AdminSite> {
  return view(await siteRow(siteId));
}

export interface SitePatch {
  companyName?: string;
  timezone?: string;
  themeId?: string;
  metaFields?: MetaField[];
  contactLinks?: FooterLink[];
  linkItems?: FooterLink[];
  gaMeasurementId?: string | null;
}

const GA_ID = /^G-[A-Z0-9]{4,20}$/;
const META_NAME = /^(TITLE|[A-Za-z][A-Za-z0-9:._-]{0,63})$/;

/** A link a footer may open: http(s), mailto or tel only (never javascript: or data:). */
export function isSafeLink(link: string): boolean {
  if (/^(mailto|tel):/i.test(link)) return !/[\s<>"]/.test(link);
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function checkLinks(field: string, links: FooterLink[] | undefined, locales: string[], errors: FieldError[]) {
  links?.forEach((l, i) => {
    if (!isSafeLink(l.link)) errors.push({ path: `${field}.${i}.link`, code: "invalid-link", message: "admin.errors.invalid-link" });
    if (l.locale && !locales.includes(l.locale)) errors.push({ path: `${field}.${i}.locale`, code: "locale-not-offered", message: "admin.errors.locale-not-offered" });
  });
}

/** Changes the site's settings; every field is checked before anything is stored. */
export async function updateSite(ctx: AdminContext, patch: SitePatch): Promise<AdminSite> {
  const before = await siteRow(ctx.siteId);
  const errors: FieldError[] = [];
  if (patch.timezone !== undefined && !isTimezone(patch.timezone)) errors.push({ path: "timezone", code: "invalid-timezone", message: "admin.errors.invalid-timezone" });
  if (patch.themeId !== undefined && !isThemeId(patch.themeId)) errors.push({ path: "themeId", code: "invalid-theme", message: "admin.errors.invalid-theme" });
  if (patch.companyName !== undefined && !patch.companyName.trim()) errors.push({ path: "companyName", code: "required", message: "admin.errors.required" });
  if (patch.gaMeasurementId && !GA_ID.test(patch.gaMeasurementId)) errors.push({ path: "gaMeasurementId", code: "invalid-ga-id", message: "admin.errors.invalid-ga-id" });
  patch.metaFields?.forEach((m, i) => {
    if (!META_NAME.test(m.name)) errors.push({ path: `metaFields.${i}.name`, code: "invalid-meta-name", message: "admin.errors.invalid-meta-name" });
    if (m.locale_id !== null && !before.locales.includes(m.locale_id)) errors.push({ path: `metaFields.${i}.locale_id`, code: "locale-not-offered", message: "admin.errors.locale-not-offered" });
  });
  checkLinks("contactLinks", patch.contactLinks, before.locales, errors);
  checkLinks("linkItems", patch.linkItems, before.locales, errors);
  if (errors.length) throw validationError(errors);

  const next = {
    ...(patch.companyName !== undefined ? { companyName: patch.companyName.trim() } : {}),
    ...(patch.timezone !== undefined ? { timezone: patch.timezone } : {}),
    ...(patch.themeId !== undefined ? { themeId: patch.themeId } : {}),
    ...(patch.metaFields !== undefined ? { metaFields: patch.metaFields.map((m) => ({ name: m.name, content: m.content, locale_id: m.locale_id })) } : {}),
    ...(patch.contactLinks !== undefined ? { contactLinks: patch.contactLinks } : {}),
    ...(patch.linkItems !== undefined ? { linkItems: patch.linkItems } : {}),
    ...(patch.gaMeasurementId !== undefined ? { gaMeasurementId: patch.gaMeasurementId || null } : {}),
  };
  const changed = Object.keys(next).filter((k) => JSON.stringify(next[k as keyof typeof next]) !== JSON.stringify(before[k as keyof typeof before]));
  if (!changed.length) return view(before);
  const db = await getDb();
  const [row] = await db
    .update(sites)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(sites.id, ctx.siteId))
    .returning();
  await auditAdminChange(ctx, "site.update", {
    fields: changed,
    before: Object.fromEntries(changed.map((k) => [k, before[k as keyof typeof before]])),
    after: Object.fromEntries(changed.map((k) => [k, next[k as keyof typeof next]])),
  });
  await invalidateSiteCache();
  return view(row);
}

export interface SiteLocales {
  locales: string[];
  defaultLocaleId: string;
}

/** Which locales the site offers, and its default; the default is always among them. */
export async function setSiteLocales(ctx: AdminContext, input: { locales: string[]; defaultLocaleId?: string }): Promise<SiteLocales> {
  const before = await siteRow(ctx.siteId);
  const locales = [...new Set(input.locales)];
  const defaultLocaleId = input.defaultLocaleId ?? before.defaultLocaleId;
  const errors: FieldError[] = [];
  locales.forEach((l, i) => {
    if (!isLocale(l)) errors.push({ path: `locales.${i}`, code: "unknown-locale", message: "admin.errors.unknown-locale" });
  });
  if (!locales.length) errors.push({ path: "locales", code: "required", message: "admin.errors.locales-required" });
  else if (!isLocale(defaultLocaleId)) errors.push({ path: "defaultLocaleId", code: "unknown-locale", message: "admin.errors.unknown-locale" });
  else if (!locales.includes(defaultLocaleId)) errors.push({ path: "locales", code: "default-removed", message: "admin.errors.default-locale-removed" });
  if (errors.length) throw validationError(errors);
  // The order given is the order of the language switcher.
  const ordered = locales;
  if (JSON.stringify(ordered) === JSON.stringify(before.locales) && defaultLocaleId === before.defaultLocaleId) return { locales: ordered, defaultLocaleId };
  const db = await getDb();
  await db.update(sites).set({ locales: ordered, defaultLocaleId, updatedAt: new Date() }).where(eq(sites.id, ctx.siteId));
  await auditAdminChange(ctx, "locales.update", { before: { locales: before.locales, defaultLocaleId: before.defaultLocaleId }, after: { locales: ordered, defaultLocaleId } });
  await invalidateSiteCache();
  return { locales: ordered, defaultLocaleId };
}

export async function getSiteLocales(siteId: string): Promise<SiteLocales> {
  const row = await siteRow(siteId);
  return { locales: row.locales, defaultLocaleId: row.defaultLocaleId };
}

export interface AdminDomain {
  host: string;
  primary: boolean;
}

/** A host name: dot-separated labels of letters, digits and inner hyphens, at least two labels, 253 characters at most. */
export function isHostName(host: string): boolean {
  if (host.length > 253) return false;
  const labels = host.split(".");
  if (labels.length < 2) return false;
  return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) && !/^[0-9]+$/.test(labels[labels.length - 1]);
}

export async function listDomains(siteId: string): Promise<AdminDomain[]> {
  const db = await getDb();
  const rows = await db.select().from(siteDomains).where(eq(siteDomains.siteId, siteId)).orderBy(desc(siteDomains.isPrimary), asc(siteDomains.host));
  return rows.map((r) => ({ host: r.host, primary: r.isPrimary }));
}

/** Adds a host name to the site; one another site has is refused without saying whose it is. */
export async function addSiteDomain(ctx: AdminContext, input: { host: string; primary?: boolean }): Promise<AdminDomain[]> {
  const host = normalizeHost(input.host);
  if (!isHostName(host)) throw validationError([{ path: "host", code: "invalid-host", message: "admin.errors.invalid-host" }]);
  const db = await getDb();
  const [taken] = await db.select().from(siteDomains).where(eq(siteDomains.host, host));
  if (taken) {
    const own = taken.siteId === ctx.siteId;
    throw validationError([{ path: "host", code: own ? "domain-exists" : "domain-taken", message: own ? "admin.errors.domain-exists" : "admin.errors.domain-taken" }]);
  }
  await db.transaction(async (tx) => {
    if (input.primary) await tx.update(siteDomains).set({ isPrimary: false }).where(eq(siteDomains.siteId, ctx.siteId));
    await tx.insert(siteDomains).values({ host, siteId: ctx.siteId, isPrimary: !!input.primary }).onConflictDoNothing();
  });
  const [row] = await db
    .select()
    .from(siteDomains)
    .where(and(eq(siteDomains.host, host), eq(siteDomains.siteId, ctx.siteId)));
  // Another request took the name between the check and the insert.
  if (!row) throw validationError([{ path: "host", code: "domain-taken", message: "admin.errors.domain-taken" }]);
  await auditAdminChange(ctx, "domain.add", { host, primary: !!input.primary });
  await invalidateSiteCache();
  return listDomains(ctx.siteId);
}

async function ownDomain(siteId: string, rawHost: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(siteDomains)
    .where(and(eq(siteDomains.siteId, siteId), eq(siteDomains.host, normalizeHost(rawHost))));
  if (!row) throw notFound("admin.errors.domain-not-found");
  return row;
}

/** Removes a host name of the site; the primary one stays until another is made primary. */
export async function removeSiteDomain(ctx: AdminContext, rawHost: string): Promise<AdminDomain[]> {
  const row = await ownDomain(ctx.siteId, rawHost);
  if (row.isPrimary) throw validationError([{ path: "host", code: "primary-domain", message: "admin.errors.primary-domain" }]);
  const db = await getDb();
  await db.delete(siteDomains).where(and(eq(siteDomains.siteId, ctx.siteId), eq(siteDomains.host, row.host)));
  await auditAdminChange(ctx, "domain.remove", { host: row.host });
  await invalidateSiteCache();
  return listDomains(ctx.siteId);
}

export async function setPrimaryDomain(ctx: AdminContext, rawHost: string): Promise<AdminDomain[]> {
  const row = await ownDomain(ctx.siteId, rawHost);
  if (!row.isPrimary) {
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.update(siteDomains).set({ isPrimary: false }).where(eq(siteDomains.siteId, ctx.siteId));
      await tx
        .update(siteDomains)
        .set({ isPrimary: true })
        .where(and(eq(siteDomains.siteId, ctx.siteId), eq(siteDomains.host, row.host)));
    });
    await auditAdminChange(ctx, "domain.primary", { host: row.host });
    await invalidateSiteCache();
  }
  return listDomains(ctx.siteId);
}

export interface AdminAuditEntry {
  id: string;
  action: string;
  actorName: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

/** The administrators' changes to the site, newest first. */
export async function listAdminAudit(siteId: string, limit = 200): Promise<AdminAuditEntry[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: auditLog.id, action: auditLog.action, details: auditLog.details, createdAt: auditLog.createdAt, actorName: authUser.name })
    .from(auditLog)
    .leftJoin(authUser, eq(authUser.id, auditLog.actorPersonId))
    .where(and(eq(auditLog.siteId, siteId), like(auditLog.action, `${ADMIN_AUDIT_PREFIX}%`)))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, action: r.action.slice(ADMIN_AUDIT_PREFIX.length), actorName: r.actorName, details: r.details, createdAt: r.createdAt.toISOString() }));
}
