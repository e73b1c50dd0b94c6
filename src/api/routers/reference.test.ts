import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

describe("site and reference endpoints", () => {
  it("GET /api/info describes the site of the host, and each host its own", async () => {
    const aurora = await new ApiClient("aurora.localhost").get("/api/info");
    expect(aurora.status).toBe(200);
    expect(aurora.body.site).toMatchObject({ id: "aurora", country: "FI", timezone: "Europe/Helsinki", defaultLocale: "fi-FI", themeId: "voima" });
    expect(aurora.body.site.locales.map((l: { id: string }) => l.id)).toEqual(["fi-FI", "sv-FI", "en-GB"]);
    expect(aurora.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const laane = await new ApiClient("laane.localhost").get("/api/info");
    expect(laane.body.site).toMatchObject({ id: "laane", country: "EE", defaultLocale: "et-EE" });
    const plain = await new ApiClient("localhost").get("/api/info");
    expect(plain.body.site.id).toBe("aurora");
  });

  it("echoes a well-formed x-request-id and replaces a malformed one", async () => {
    const api = new ApiClient("aurora.localhost");
    const good = await api.call("GET", "/api/info", undefined, { "x-request-id": "req-12345678" });
    expect(good.headers.get("x-request-id")).toBe("req-12345678");
    const bad = await api.call("GET", "/api/info", undefined, { "x-request-id": "<script>" });
    expect(bad.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("GET /api/countries and /api/countries/{code} carry VAT, currency and group as data", async () => {
    const api = new ApiClient("aurora.localhost");
    const list = await api.get("/api/countries");
    expect(list.body.countries.map((c: { code: string }) => c.code)).toEqual(["EE", "FI", "LV"]);
    const fi = await api.get("/api/countries/fi");
    expect(fi.body).toMatchObject({ code: "FI", name: "FINLAND", group: "GROUP-A", currency: "EUR", vatRate: 25.5, biddingZone: "FI" });
    expect((await api.get("/api/countries/LV")).body).toMatchObject({ group: "GROUP-B", vatRate: 21 });
    expect((await api.get("/api/countries/SE")).status).toBe(404);
    expect((await api.get("/api/countries/FIN")).status).toBe(422);
  });

  it("GET /api/banks lists the site country's banks, filtered by type; bad types are refused", async () => {
    const fi = await new ApiClient("aurora.localhost").get("/api/banks");
    expect(fi.body.banks.length).toBeGreaterThan(5);
    expect(fi.body.banks.every((b: { country: string }) => b.country === "FI")).toBe(true);
    const einvoice = await new ApiClient("aurora.localhost").get("/api/banks?type=E_INVOICE");
    expect(einvoice.body.banks.every((b: { type: string }) => b.type === "E_INVOICE")).toBe(true);
    expect(einvoice.body.banks.some((b: { name: string }) => b.name === "Oma Säästöpankki")).toBe(false);
    const ee = await new ApiClient("laane.localhost").get("/api/banks?type=BANK_LINK");
    expect(ee.body.banks.map((b: { bic: string }) => b.bic)).toContain("LHVBEE22");
    expect((await new ApiClient("aurora.localhost").get("/api/banks?type=GOLD")).status).toBe(422);
    const empty = await new ApiClient("aurora.localhost").get("/api/banks?type=");
    expect(empty.status).toBe(200);
    expect(empty.body.banks.length).toBe(fi.body.banks.length);
  });

  it("GET /api/banks/operators lists the e-invoice operators of the site's country", async () => {
    const fi = await new ApiClient("aurora.localhost").get("/api/banks/operators");
    expect(fi.body.operators.map((o: { code: string }) => o.code)).toContain("003721291126");
    const lv = await new ApiClient("daugava.localhost").get("/api/banks/operators");
    expect(lv.body.operators.every((o: { country: string }) => o.country === "LV")).toBe(true);
  });

  it("GET /api/external-services lists the site's services, by type", async () => {
    const all = await new ApiClient("aurora.localhost").get("/api/external-services");
    expect(all.body.services.map((s: { type: string }) => s.type)).toContain("HOMEPAGE");
    const home = await new ApiClient("aurora.localhost").get("/api/external-services?type=HOMEPAGE");
    expect(home.body.services).toEqual([{ type: "HOMEPAGE", name: "Aurora Energia", url: "https://aurora-energia.example" }]);
  });

  it("GET /api/sign-in/providers offers the site's methods", async () => {
    const aurora = await new ApiClient("aurora.localhost").get("/api/sign-in/providers");
    expect(aurora.body.providers.map((p: { kind: string }) => p.kind)).toEqual(["sandbox-eid", "email"]);
    const daugava = await new ApiClient("daugava.localhost").get("/api/sign-in/providers");
    expect(daugava.body.providers.map((p: { kind: string }) => p.kind)).toEqual(["sandbox-eid"]);
    expect((await new ApiClient("daugava.localhost").post("/api/sign-in/email", { email: "a@example.com" })).status).toBe(404);
    expect((await new ApiClient("aurora.localhost").get("/api/sign-in/oidc/nobody/start?callbackUrl=/en")).status).toBe(404);
  });

  it("applies the query rules: arrays in bracket format and empty values skipped", async () => {
    const { normalizeSearch } = await import("@/api/listener");
    const url = new URL(`http://x/api/charts${normalizeSearch("?series[]=consumption&series[]=1&from=&to=null&gsrn[0]=123")}`);
    expect(url.searchParams.getAll("series")).toEqual(["consumption", "1"]);
    expect(url.searchParams.has("from")).toBe(false);
    expect(url.searchParams.has("to")).toBe(false);
    expect(url.searchParams.get("gsrn")).toBe("123");
  });

  it("never answers with a stack trace", async () => {
    const res = await new ApiClient("aurora.localhost").call("PUT", "/api/me", "{not json");
    expect([400, 401, 422]).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
