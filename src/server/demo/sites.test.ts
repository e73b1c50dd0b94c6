import { describe, expect, it } from "vitest";
import { DEMO_SITES } from "./sites";

/** The footer shows a site's link items of the page's locale and those for every locale (src/ui/shell/footer.tsx). */
function footerItems(site: (typeof DEMO_SITES)[number], locale: string) {
  return site.linkItems?.filter((l) => !l.locale || l.locale === locale) ?? [];
}

describe("the demo sites' footer links", () => {
  it.each(DEMO_SITES.map((s) => [s.id, s] as const))("%s offers the same kinds of links in every locale it has, a privacy policy at least", (_id, site) => {
    const kinds = new Set((site.linkItems ?? []).map((l) => l.type));
    expect(kinds).toContain("PRIVACY_POLICY");
    for (const locale of site.locales) {
      const items = footerItems(site, locale);
      expect({ locale, kinds: [...new Set(items.map((l) => l.type))].sort() }).toEqual({ locale, kinds: [...kinds].sort() });
      // One link of a kind per locale: the footer would show both otherwise.
      expect({ locale, count: items.length }).toEqual({ locale, count: new Set(items.map((l) => l.type)).size });
    }
  });

  it.each(DEMO_SITES.map((s) => [s.id, s] as const))("%s has link items only for its own locales, each with its own label and address", (_id, site) => {
    for (const item of site.linkItems ?? []) if (item.locale) expect(site.locales).toContain(item.locale);
    const items = site.linkItems ?? [];
    expect(new Set(items.map((l) => l.label)).size).toBe(items.length);
    expect(new Set(items.map((l) => l.link)).size).toBe(items.length);
  });
});
