import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { authUser, customers } from "@/server/db/schema";
import type { Site } from "@/server/sites/sites";
import { getTheme } from "@/themes/registry";
import { serverTranslator } from "@/i18n/server-translator";
import { emailIdentityKey } from "./identity-keys";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** Where the mail's images come from: the site the link leads to (a mail client resolves no relative address). */
function assetOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/**
 * The sign-in link mail, in the site's default language, the theme's colours and the site's own
 * name: the theme's mark, with the site's company name beside it as text. It greets the person
 * by `name` when known, otherwise generically; never by the address.
 */
export function magicLinkMail(site: Pick<Site, "companyName" | "defaultLocaleId" | "themeId">, to: string, url: string, name?: string | null) {
  const t = serverTranslator(site.defaultLocaleId, "mail");
  const theme = getTheme(site.themeId);
  const logo = `${assetOrigin(url)}${theme.emailLogo}`;
  const subject = t("magic-link.subject", { company: site.companyName });
  const greeting = name ? t("magic-link.greeting-named", { name }) : t("magic-link.greeting");
  const text = [greeting, "", t("magic-link.body", { company: site.companyName }), "", url, "", t("magic-link.expiry"), t("magic-link.ignore")].join("\n");
  const html = `<!doctype html><html><body style="font-family:${escapeHtml(theme.fontFamily)};background:#f6f7f9;padding:24px">
<table role="presentation" style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<tr><td style="padding-bottom:8px"><img src="${escapeHtml(logo)}" alt="" width="40" height="40" style="vertical-align:middle"> <strong style="vertical-align:middle;font-size:20px;color:${theme.primary[9]}">${escapeHtml(site.companyName)}</strong></td></tr>
<tr><td><p>${escapeHtml(greeting)}</p><p>${escapeHtml(t("magic-link.body", { company: site.companyName }))}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:${theme.primary[theme.primaryShade.light]};color:#ffffff;text-decoration:none;border-radius:${theme.buttonRadius}px">${escapeHtml(t("magic-link.button"))}</a></p>
<p style="color:#555">${escapeHtml(t("magic-link.expiry"))} ${escapeHtml(t("magic-link.ignore"))}</p><p style="font-size:12px;color:#777">${escapeHtml(t("magic-link.sent-to", { email: to }))}</p></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** A name as a greeting shows it: one line, trimmed; none when it is empty, an address or overlong. */
function greetableName(value: string | null | undefined): string | null {
  const name = (value ?? "").replace(/\s+/g, " ").trim();
  if (!name || name.includes("@") || name.length > 120) return null;
  return name;
}

/** The one name of a list (compared without case), or null when there is none or more than one. */
function onlyName(names: (string | null)[]): string | null {
  const distinct = new Map<string, string>();
  for (const n of names) if (n) distinct.set(n.toLocaleLowerCase(), n);
  return distinct.size === 1 ? [...distinct.values()][0] : null;
}

/**
 * The name to greet the owner of an address by, on one site: the person who signs in with it or
 * has it as contact address (their verified name first), else the private customer whose contact
 * address it is. Null (a generic greeting) when the address is unknown to the site, belongs to a
 * company, or to people of different names.
 */
export async function recipientName(siteId: string, address: string): Promise<string | null> {
  const db = await getDb();
  const normalized = address.trim().toLowerCase();
  const people = await db
    .select({ name: authUser.name })
    .from(authUser)
    .where(and(eq(authUser.siteId, siteId), or(eq(authUser.email, emailIdentityKey(siteId, normalized)), sql`lower(${authUser.contactEmail}) = ${normalized}`)));
  const person = onlyName(people.map((p) => greetableName(p.name)));
  if (person) return person;
  const owners = await db
    .select({ name: customers.name, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.siteId, siteId), eq(customers.kind, "private"), sql`lower(${customers.email}) = ${normalized}`));
  return onlyName(owners.map((c) => greetableName([c.firstName, c.lastName].filter(Boolean).join(" ") || c.name)));
}

/** The sign-in link mail to an address of the site, greeting its owner by name when the site knows them. */
export async function magicLinkMailTo(site: Pick<Site, "id" | "companyName" | "defaultLocaleId" | "themeId">, to: string, url: string) {
  return magicLinkMail(site, to, url, await recipientName(site.id, to));
}
