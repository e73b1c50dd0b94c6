import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { authSession, personPreferences } from "@/server/db/schema";
import { validationError, type FieldError } from "@/server/errors";
import { hasFeature, type Feature } from "@/lib/features";
import { localePath, localePrefix, PSEUDO_LOCALE } from "@/lib/locales";
import { colorSchemeCookies, effectiveColorScheme, localeCookie, type ColorSchemeChoice } from "@/lib/settings/appearance";

interface AppearanceSite {
  id: string;
  locales: string[];
  defaultLocaleId: string;
  features: readonly Feature[];
}

export interface AppearanceView {
  colorScheme: ColorSchemeChoice;
  locale: string | null;
  darkThemeAvailable: boolean;
}

function view(site: AppearanceSite, row: { colorScheme: ColorSchemeChoice; locale: string | null } | null): AppearanceView {
  const darkThemeAvailable = hasFeature(site, "dark-theme");
  const locale = row?.locale && site.locales.includes(row.locale) ? row.locale : null;
  return { colorScheme: effectiveColorScheme(row?.colorScheme ?? "light", darkThemeAvailable), locale, darkThemeAvailable };
}

/** A person's saved appearance (light and no language of their own until they choose). */
export async function getAppearance(site: AppearanceSite, personId: string): Promise<AppearanceView> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(personPreferences)
    .where(and(eq(personPreferences.siteId, site.id), eq(personPreferences.personId, personId)));
  return view(site, row ?? null);
}

/**
 * Saves a person's colour scheme and interface language (PUT /api/me/appearance): the person's
 * own, not the customer's, so it follows them to every customer they act for and every device
 * they sign in on. Without the dark-theme feature only light may be chosen (spec §4). Answers the
 * Set-Cookie values that make the next first paint use it.
 */
export async function saveAppearance(
  site: AppearanceSite,
  personId: string,
  input: { colorScheme: ColorSchemeChoice; locale?: string },
  secure: boolean,
): Promise<{ appearance: AppearanceView; cookies: string[] }> {
  const fields: FieldError[] = [];
  if (input.colorScheme !== "light" && !hasFeature(site, "dark-theme")) fields.push({ path: "colorScheme", code: "not_allowed", message: "settings.errors.dark-theme-unavailable" });
  if (input.locale !== undefined && !site.locales.includes(input.locale)) fields.push({ path: "locale", code: "invalid_value", message: "errors.locale-not-available" });
  if (fields.length) throw validationError(fields);
  const db = await getDb();
  const set = { colorScheme: input.colorScheme, ...(input.locale !== undefined ? { locale: input.locale } : {}), updatedAt: new Date() };
  await db
    .insert(personPreferences)
    .values({ personId, siteId: site.id, colorScheme: input.colorScheme, locale: input.locale ?? null })
    .onConflictDoUpdate({ target: personPreferences.personId, set, setWhere: eq(personPreferences.siteId, site.id) });
  const appearance = await getAppearance(site, personId);
  const cookies = colorSchemeCookies(appearance.colorScheme, secure);
  if (appearance.locale) cookies.push(localeCookie(appearance.locale, secure));
  return { appearance, cookies };
}

const SESSION_SET_COOKIE = /^(?:__Secure-)?portal\.session_token=([^;]+)/;

/**
 * A sign-in that just succeeded on this device: the person's saved appearance is applied at once.
 * The answer to the browser gets the colour-scheme cookies (so the first page after sign-in is
 * painted in the saved scheme) and, when the person chose a language of the site, the place to
 * return to in that language. A person who saved nothing gets nothing.
 */
export async function appearanceAtSignIn(site: AppearanceSite, setCookies: string[], location: string | null, secure: boolean): Promise<{ cookies: string[]; location: string | null } | null> {
  const cookie = setCookies.map((c) => SESSION_SET_COOKIE.exec(c)?.[1]).find((v) => v && !/^(?:""|)$/.test(v));
  if (!cookie) return null;
  const token = decodeURIComponent(cookie).split(".")[0];
  const db = await getDb();
  const [row] = await db
    .select({ colorScheme: personPreferences.colorScheme, locale: personPreferences.locale })
    .from(authSession)
    .innerJoin(personPreferences, eq(personPreferences.personId, authSession.userId))
    .where(and(eq(authSession.token, token), eq(personPreferences.siteId, site.id)));
  if (!row) return null;
  const saved = view(site, row);
  const cookies = colorSchemeCookies(saved.colorScheme, secure);
  let next = location;
  if (saved.locale && location?.startsWith("/")) {
    cookies.push(localeCookie(saved.locale, secure));
    next = inLocale(site, location, saved.locale);
  }
  return { cookies, location: next };
}

/** A same-site path in another locale: its locale prefix (if any) replaced. */
function inLocale(site: AppearanceSite, path: string, locale: string): string {
  const prefixes = new Set([...site.locales, PSEUDO_LOCALE].map(localePrefix));
  const [pathname, ...rest] = path.split(/(?=[?#])/);
  const first = pathname.split("/")[1] ?? "";
  const bare = prefixes.has(first) ? pathname.slice(first.length + 1) || "/" : pathname;
  return localePath(site, locale, bare) + rest.join("");
}
