import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq, like } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { auditLog, siteDomains, sites } from "@/server/db/schema";
import { findSiteByHost, getSiteById } from "@/server/sites/sites";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
});
afterAll(async () => cleanup());

const clients = new Map<string, ApiClient>();
let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.30.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}
const admin = () => signedIn("aurora", "site-admin");

async function siteRow(id = "aurora") {
  const db = await getDb();
  const [row] = await db.select().from(sites).where(eq(sites.id, id));
  return row;
}
async function auditActions() {
  const db = await getDb();
  const rows = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.siteId, "aurora"), like(auditLog.action, "admin.%")));
  return rows.map((r) => r.action);
}

describe("admin access", () => {
  it("lets only the site's administrators in: customers and customer service get 403, anonymous 401", async () => {
    expect((await (await admin()).get("/api/admin/site/aurora")).status).toBe(200);
    expect((await (await signedIn("aurora", "solar-household")).get("/api/admin/site/aurora")).status).toBe(403);
    expect((await (await signedIn("aurora", "customer-service")).get("/api/admin/site/aurora")).status).toBe(403);
    expect((await new ApiClient("aurora.localhost").get("/api/admin/site/aurora")).status).toBe(401);
  });

  it("never reaches another site: a foreign {siteId} is 404 and changes nothing; another site's admin is 404", async () => {
    const api = await admin();
    const before = await siteRow("laane");
    expect((await api.get("/api/admin/site/laane")).status).toBe(404);
    const res = await api.call("PATCH", "/api/admin/site/laane", { timezone: "Europe/Riga", companyName: "Hijacked" });
    expect(res.status).toBe(404);
    expect((await api.put("/api/admin/site/laane/locales", { locales: ["en-GB"] })).status).toBe(404);
    expect(await siteRow("laane")).toEqual(before);
    const otherAdmin = await signedIn("laane", "site-admin");
    const cross = await otherAdmin.raw("GET", "/api/admin/site/aurora", { headers: { host: "aurora.localhost" } });
    expect(cross.status).toBe(404);
  });
});

describe("site settings", () => {
  it("changes the timezone, audits it and the site cache serves the new value at once", async () => {
    const api = await admin();
    expect((await getSiteById("aurora"))!.timezone).toBe("Europe/Helsinki");
    const res = await api.call("PATCH", "/api/admin/site/aurora", { timezone: "Europe/Tallinn" });
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe("Europe/Tallinn");
    expect((await getSiteById("aurora"))!.timezone).toBe("Europe/Tallinn");
    expect((await findSiteByHost("aurora.localhost"))!.timezone).toBe("Europe/Tallinn");
    expect(await auditActions()).toContain("admin.site.update");
    const history = await api.get("/api/admin/site/aurora/audit");
    expect(history.status).toBe(200);
    expect(history.body.entries[0]).toMatchObject({ action: "site.update", details: { fields: ["timezone"], before: { timezone: "Europe/Helsinki" }, after: { timezone: "Europe/Tallinn" } } });
    expect(history.body.entries[0].actorName).toBeTruthy();
    await api.call("PATCH", "/api/admin/site/aurora", { timezone: "Europe/Helsinki" });
  });

  it("refuses an unknown timezone, theme, analytics id, meta name or unsafe link with 422, storing nothing", async () => {
    const api = await admin();
    const before = await siteRow();
    for (const [body, path] of [
      [{ timezone: "Mars/Olympus" }, "timezone"],
      [{ themeId: "nope" }, "themeId"],
      [{ gaMeasurementId: "UA-1234" }, "gaMeasurementId"],
      [{ metaFields: [{ name: "bad name", content: "x", locale_id: null }] }, "metaFields.0.name"],
      [{ metaFields: [{ name: "description", content: "x", locale_id: "lv-LV" }] }, "metaFields.0.locale_id"],
      [{ contactLinks: [{ label: "Call", link: "javascript:alert(1)" }] }, "contactLinks.0.link"],
      [{ companyName: "   " }, "companyName"],
    ] as const) {
      const res = await api.call("PATCH", "/api/admin/site/aurora", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await siteRow()).toEqual(before);
  });

  it("stores meta fields, links, analytics id and theme", async () => {
    const api = await admin();
    const body = {
      companyName: "Aurora Energia",
      themeId: "kerava",
      gaMeasurementId: "G-ABC1234",
      metaFields: [
        { name: "TITLE", content: "Aurora portal", locale_id: "fi-FI" },
        { name: "description", content: "Self-service", locale_id: null },
      ],
      contactLinks: [{ label: "Call us", link: "tel:+358401234567" }],
      linkItems: [{ label: "Privacy", link: "https://aurora.example/privacy", type: "PRIVACY_POLICY", locale: "fi-FI" }],
    };
    const res = await api.call("PATCH", "/api/admin/site/aurora", body);
    expect(res.status).toBe(200);
    const site = (await getSiteById("aurora"))!;
    expect(site).toMatchObject({
      companyName: "Aurora Energia",
      themeId: "kerava",
      gaMeasurementId: "G-ABC1234",
      metaFields: body.metaFields,
      contactLinks: body.contactLinks,
      linkItems: body.linkItems,
    });
    expect((await api.call("PATCH", "/api/admin/site/aurora", { gaMeasurementId: null })).body.gaMeasurementId).toBeNull();
  });

  it("bad input to PATCH never answers 5xx and a rejected body stores nothing", async () => {
    const api = await admin();
    let before = JSON.stringify(await siteRow());
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({ timezone: fc.string({ maxLength: 70 }) }),
          fc.record({ metaFields: fc.array(fc.record({ name: fc.string(), content: fc.string(), locale_id: fc.oneof(fc.constant(null), fc.string()) }), { maxLength: 3 }) }),
          fc.record({ contactLinks: fc.array(fc.record({ label: fc.string(), link: fc.string() }), { maxLength: 3 }) }),
          fc.record({ gaMeasurementId: fc.oneof(fc.string(), fc.integer()) }),
        ),
        async (body) => {
          const res = await api.call("PATCH", "/api/admin/site/aurora", JSON.stringify(body) ?? "null");
          expect(res.status).toBeLessThan(500);
          if (res.status === 200) {
            before = JSON.stringify(await siteRow());
            return;
          }
          expect([400, 422]).toContain(res.status);
          const now = JSON.parse(JSON.stringify(await siteRow()));
          expect(JSON.stringify({ ...now, updatedAt: null })).toBe(JSON.stringify({ ...JSON.parse(before), updatedAt: null }));
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("locales", () => {
  it("lists every product locale and the site's own", async () => {
    const api = await admin();
    const all = await api.get("/api/admin/locales");
    expect(all.body.locales.map((l: { id: string }) => l.id).sort()).toEqual(["en-GB", "et-EE", "fi-FI", "lv-LV", "ru-RU", "sv-FI"]);
    const own = await api.get("/api/admin/site/aurora/locales");
    expect(own.body.defaultLocaleId).toBe((await siteRow()).defaultLocaleId);
  });

  it("never removes the default locale and refuses unknown ones (422, nothing stored)", async () => {
    const api = await admin();
    const before = await siteRow();
    const withoutDefault = before.locales.filter((l) => l !== before.defaultLocaleId);
    const res = await api.put("/api/admin/site/aurora/locales", { locales: withoutDefault });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ path: "locales", message: "admin.errors.default-locale-removed" });
    expect((await api.put("/api/admin/site/aurora/locales", { locales: ["de-DE", ...before.locales] })).status).toBe(422);
    expect((await api.put("/api/admin/site/aurora/locales", { locales: [] })).status).toBe(422);
    expect(await siteRow()).toEqual(before);
  });

  it("removes and adds a locale, and the site as pages see it follows at once", async () => {
    const api = await admin();
    const before = await siteRow();
    const removable = before.locales.find((l) => l !== before.defaultLocaleId)!;
    const res = await api.put("/api/admin/site/aurora/locales", { locales: before.locales.filter((l) => l !== removable) });
    expect(res.status).toBe(200);
    expect((await getSiteById("aurora"))!.locales).not.toContain(removable);
    expect(await auditActions()).toContain("admin.locales.update");
    const back = await api.put("/api/admin/site/aurora/locales", { locales: before.locales });
    expect(back.status).toBe(200);
    expect((await getSiteById("aurora"))!.locales).toEqual(before.locales);
  });
});

describe("domains", () => {
  async function domainRows(siteId = "aurora") {
    const db = await getDb();
    return (await db.select().from(siteDomains).where(eq(siteDomains.siteId, siteId))).map((d) => `${d.host}:${d.isPrimary}`).sort();
  }

  it("lists the site's domains with the primary marked", async () => {
    const res = await (await admin()).get("/api/admin/site/aurora/domains");
    expect(res.status).toBe(200);
    expect(res.body.domains.filter((d: { primary: boolean }) => d.primary)).toHaveLength(1);
    expect(res.body.domains.map((d: { host: string }) => d.host)).toContain("aurora.localhost");
  });

  it("adds a valid host name, serves the site on it at once, makes it primary and removes it", async () => {
    const api = await admin();
    expect(await findSiteByHost("portal.aurora.example")).toBeNull();
    const add = await api.post("/api/admin/site/aurora/domains", { host: "Portal.Aurora.example" });
    expect(add.status).toBe(200);
    expect(add.body.domains).toContainEqual({ host: "portal.aurora.example", primary: false });
    expect((await findSiteByHost("portal.aurora.example"))!.id).toBe("aurora");
    const primary = await api.call("PATCH", "/api/admin/site/aurora/domains", { host: "portal.aurora.example" });
    expect(primary.body.domains[0]).toEqual({ host: "portal.aurora.example", primary: true });
    expect((await api.call("DELETE", "/api/admin/site/aurora/domains", { host: "portal.aurora.example" })).status).toBe(422);
    await api.call("PATCH", "/api/admin/site/aurora/domains", { host: "aurora.localhost" });
    const removed = await api.call("DELETE", "/api/admin/site/aurora/domains", { host: "portal.aurora.example" });
    expect(removed.status).toBe(200);
    expect(await findSiteByHost("portal.aurora.example")).toBeNull();
    expect(await auditActions()).toEqual(expect.arrayContaining(["admin.domain.add", "admin.domain.primary", "admin.domain.remove"]));
  });

  it("refuses invalid host names and another site's without saying whose (422); another site's domain cannot be removed (404)", async () => {
    const api = await admin();
    const before = [await domainRows(), await domainRows("laane")];
    for (const host of ["localhost", "-bad.example", "a..b", "bad_host.example", "x".repeat(64) + ".example", "1.2.3.4", "exa mple.com", "https://a.example"]) {
      const res = await api.post("/api/admin/site/aurora/domains", { host });
      expect(res.status, host).toBe(422);
      expect(res.body.error.details.fields[0].message).toBe("admin.errors.invalid-host");
    }
    const taken = await api.post("/api/admin/site/aurora/domains", { host: "laane.localhost" });
    expect(taken.status).toBe(422);
    expect(taken.body.error.details.fields[0].message).toBe("admin.errors.domain-taken");
    expect(JSON.stringify(taken.body)).not.toContain('laane"');
    expect((await api.post("/api/admin/site/aurora/domains", { host: "aurora.localhost" })).body.error.details.fields[0].message).toBe("admin.errors.domain-exists");
    expect((await api.call("DELETE", "/api/admin/site/aurora/domains", { host: "laane.localhost" })).status).toBe(404);
    expect((await api.call("PATCH", "/api/admin/site/aurora/domains", { host: "laane.localhost" })).status).toBe(404);
    expect([await domainRows(), await domainRows("laane")]).toEqual(before);
  });

  it("bad host names never answer 5xx and store nothing", async () => {
    const api = await admin();
    const before = await domainRows();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ host: fc.oneof(fc.string(), fc.constantFrom("a.b_c", "é.example", ".", "a.", "-.-")), primary: fc.anything() })), async (body) => {
        const res = await api.post("/api/admin/site/aurora/domains", body);
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) {
          await api.call("PATCH", "/api/admin/site/aurora/domains", { host: "aurora.localhost" });
          for (const d of res.body.domains) if (!before.some((b) => b.startsWith(`${d.host}:`))) await api.call("DELETE", "/api/admin/site/aurora/domains", { host: d.host });
          return;
        }
        expect(await domainRows()).toEqual(before);
      }),
      { numRuns: 80 },
    );
  });
});
