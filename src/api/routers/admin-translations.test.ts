import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { auditLog, siteTranslations } from "@/server/db/schema";
import { getSiteMessages } from "@/i18n/site-messages";
import { loadLocaleMessages } from "@/i18n/messages";

let cleanup: () => Promise<void>;
const admin = new ApiClient("aurora.localhost", { ip: "10.31.0.1" });
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  await admin.signInSandbox("aurora", { identityId: "aurora-site-admin" });
});
afterAll(async () => cleanup());

const URL_FI = "/api/admin/site/aurora/translations?locale=fi-FI";
const nav = (tree: Record<string, unknown>) => tree.nav as Record<string, string>;
async function overrides() {
  const db = await getDb();
  return (await db.select().from(siteTranslations).where(eq(siteTranslations.siteId, "aurora"))).map((r) => `${r.locale}|${r.key}|${r.value}`).sort();
}

describe("translations", () => {
  it("lists every message key with the product's text, searchable", async () => {
    const all = await admin.get(URL_FI);
    expect(all.status).toBe(200);
    const fiNav = nav(loadLocaleMessages("fi-FI"));
    expect(all.body.entries.find((e: { key: string }) => e.key === "nav.home-of")).toEqual({ key: "nav.home-of", product: fiNav["home-of"], override: null });
    expect(all.body.entries.length).toBeGreaterThan(300);
    const found = await admin.get(`${URL_FI}&q=HOME-OF`);
    expect(found.body.entries.map((e: { key: string }) => e.key)).toContain("nav.home-of");
    expect(found.body.entries.length).toBeLessThan(10);
  });

  it("refuses a locale the site does not offer (422) and another site's id (404)", async () => {
    expect((await admin.get("/api/admin/site/aurora/translations?locale=lv-LV")).status).toBe(422);
    expect((await admin.get("/api/admin/site/laane/translations?locale=et-EE")).status).toBe(404);
    expect((await admin.call("PATCH", "/api/admin/site/laane/translations?locale=et-EE", { translations: { "nav.home-of": "{company}" } })).status).toBe(404);
  });

  it("refuses broken ICU and changed arguments with 422, storing nothing", async () => {
    const before = await overrides();
    for (const [value, code] of [
      ["{company home", "icu-syntax"],
      ["Koti {yritys}", "icu-arguments"],
      ["Etusivu", "icu-arguments"],
      ["{company} {extra}", "icu-arguments"],
      ["{company, plural, one {x}}", "icu-syntax"],
    ] as const) {
      const res = await admin.call("PATCH", URL_FI, { translations: { "nav.home-of": value, "nav.admin": "Hallinta" } });
      expect(res.status, value).toBe(422);
      expect(res.body.error.details.fields).toEqual([{ path: "translations.nav.home-of", code, message: `admin.errors.${code}` }]);
    }
    const unknown = await admin.call("PATCH", URL_FI, { translations: { "nav.no-such-key": "x" } });
    expect(unknown.status).toBe(422);
    expect(await overrides()).toEqual(before);
  });

  it("an override shows in that locale only, on the next load; revert restores the product's text; both audited", async () => {
    const fiBefore = nav(await getSiteMessages("aurora", "fi-FI"))["home-of"];
    const enBefore = nav(await getSiteMessages("aurora", "en-GB"))["home-of"];
    const res = await admin.call("PATCH", URL_FI, { translations: { "nav.home-of": "Yhtiön {company} kotisivu" } });
    expect(res.status).toBe(200);
    expect(res.body.entries).toEqual([{ key: "nav.home-of", product: fiBefore, override: "Yhtiön {company} kotisivu" }]);
    expect(nav(await getSiteMessages("aurora", "fi-FI"))["home-of"]).toBe("Yhtiön {company} kotisivu");
    expect(nav(await getSiteMessages("aurora", "en-GB"))["home-of"]).toBe(enBefore);
    expect(nav(await getSiteMessages("laane", "fi-FI"))["home-of"]).toBe(fiBefore);

    const reverted = await admin.call("PATCH", URL_FI, { translations: { "nav.home-of": null } });
    expect(reverted.body.entries[0].override).toBeNull();
    expect(nav(await getSiteMessages("aurora", "fi-FI"))["home-of"]).toBe(fiBefore);
    expect(await overrides()).toEqual([]);
    const db = await getDb();
    const actions = (
      await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.siteId, "aurora")))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["admin.translations.update", "admin.translations.revert"]));
  });

  it("checks plural arguments and rich-text tags too: reworded is fine, a dropped tag or renamed variable is 422", async () => {
    const url = "/api/admin/site/aurora/translations?locale=en-GB";
    const all = (await admin.get(url)).body.entries as { key: string; product: string }[];
    const plural = all.find((e) => /\{(\w+), plural,/.test(e.product))!;
    const tagged = all.find((e) => /<(\w+)>[^<]*<\/\1>/.test(e.product))!;
    expect(plural).toBeTruthy();
    const variable = /\{(\w+), plural,/.exec(plural.product)![1];
    expect((await admin.call("PATCH", url, { translations: { [plural.key]: `Note: ${plural.product}` } })).status).toBe(200);
    const renamed = await admin.call("PATCH", url, { translations: { [plural.key]: plural.product.replaceAll(`{${variable},`, "{renamed,") } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.error.details.fields[0].code).toBe("icu-arguments");
    if (tagged) {
      const untagged = tagged.product.replace(/<(\w+)>([^<]*)<\/\1>/, "$2");
      expect((await admin.call("PATCH", url, { translations: { [tagged.key]: untagged } })).status).toBe(422);
    }
    expect((await admin.call("PATCH", url, { translations: { [plural.key]: null } })).status).toBe(200);
    expect(await overrides()).toEqual([]);
  });

  it("bad input never answers 5xx and a refused change stores nothing", async () => {
    const before = await overrides();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({ translations: fc.dictionary(fc.string({ maxLength: 30 }), fc.oneof(fc.string(), fc.constant(null), fc.integer())) }),
          fc.record({ translations: fc.record({ "nav.home-of": fc.string({ maxLength: 40 }) }) }),
        ),
        fc.constantFrom("fi-FI", "xx", "", "lv-LV"),
        async (body, locale) => {
          const res = await admin.call("PATCH", `/api/admin/site/aurora/translations?locale=${encodeURIComponent(locale)}`, JSON.stringify(body) ?? "null");
          expect(res.status).toBeLessThan(500);
          if (res.status === 200) {
            // A random text can be a valid override: put the product's text back.
            await admin.call("PATCH", URL_FI, { translations: Object.fromEntries(Object.keys((body as { translations: object }).translations).map((k) => [k, null])) });
            return;
          }
          expect(await overrides()).toEqual(before);
        },
      ),
      { numRuns: 80 },
    );
  });
});
