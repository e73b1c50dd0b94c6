/** Interface locales (spec §1) and the development pseudo-locale. */
export const LOCALES = ["et-EE", "en-GB", "fi-FI", "sv-FI", "ru-RU", "lv-LV"] as const;
export type Locale = (typeof LOCALES)[number];
export const PSEUDO_LOCALE = "en-XA" as const;
export type AnyLocale = Locale | typeof PSEUDO_LOCALE;
export const DEFAULT_LOCALE: Locale = "en-GB";

export const LOCALE_NAMES: Record<AnyLocale, string> = {
  "et-EE": "Eesti",
  "en-GB": "English",
  "fi-FI": "Suomi",
  "sv-FI": "Svenska",
  "ru-RU": "Русский",
  "lv-LV": "Latviešu",
  "en-XA": "Pseudo",
};

/** The URL prefix of a locale: its two-letter language ("fi-FI" → "fi"). */
export function localePrefix(locale: string): string {
  return locale === PSEUDO_LOCALE ? "xa" : locale.slice(0, 2).toLowerCase();
}

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** A path on a site in a locale: the site's default locale has no prefix. */
export function localePath(site: { defaultLocaleId: string }, locale: string, path: string): string {
  if (locale === site.defaultLocaleId) return path;
  return `/${localePrefix(locale)}${path === "/" ? "" : path}`;
}
