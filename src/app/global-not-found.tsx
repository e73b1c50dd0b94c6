import type { Metadata } from "next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/locales";
import enGB from "@/i18n/messages/en-GB/nav.json";
import etEE from "@/i18n/messages/et-EE/nav.json";
import fiFI from "@/i18n/messages/fi-FI/nav.json";
import lvLV from "@/i18n/messages/lv-LV/nav.json";
import ruRU from "@/i18n/messages/ru-RU/nav.json";
import svFI from "@/i18n/messages/sv-FI/nav.json";

const MESSAGES: Record<Locale, { "not-found": { title: string; description: string; home: string } }> = {
  "en-GB": enGB,
  "et-EE": etEE,
  "fi-FI": fiFI,
  "lv-LV": lvLV,
  "ru-RU": ruRU,
  "sv-FI": svFI,
};
const ORDER: Locale[] = [DEFAULT_LOCALE, ...LOCALES.filter((l) => l !== DEFAULT_LOCALE)];

export const metadata: Metadata = { title: MESSAGES[DEFAULT_LOCALE]["not-found"].title, robots: { index: false } };

/**
 * An address outside every site's pages (the proxy passes assets and Next.js's own paths by, so
 * no site is known here): the not-found message in every language of the portal and a link to
 * the home page of the site the address was asked of. Sites' own addresses never come here: they
 * get the site's branded page ([site]/[locale]/(site)/[...rest] and not-found.tsx).
 */
export default function GlobalNotFound() {
  return (
    <html lang={DEFAULT_LOCALE}>
      <body style={{ margin: 0, fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif", color: "#24252b", background: "#f6f7f9" }}>
        <main style={{ maxWidth: 640, margin: "48px auto", padding: "0 16px" }}>
          {ORDER.map((locale, i) => {
            const t = MESSAGES[locale]["not-found"];
            return (
              <section key={locale} lang={locale} style={{ background: "#ffffff", border: "1px solid #d0d4da", borderRadius: 8, padding: 24, marginBottom: 16 }}>
                {i === 0 ? <h1 style={{ marginTop: 0, fontSize: 24 }}>{t.title}</h1> : <h2 style={{ marginTop: 0, fontSize: 20 }}>{t.title}</h2>}
                <p>{t.description}</p>
                <a href="/" style={{ color: "#1c4fb8" }}>
                  {t.home}
                </a>
              </section>
            );
          })}
        </main>
      </body>
    </html>
  );
}
