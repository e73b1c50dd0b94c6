import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient, httpRequest } from "@/test/api-client";
import { demoPlans } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { customerAccess, spreadsheetFeeds } from "@/server/db/schema";
import { personSessionsChanged } from "@/server/auth/session-cache";
import { toCsv } from "@/server/tokens/spreadsheet";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ full: true }));
}, 600_000);
afterAll(async () => cleanup());

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;

let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const api = new ApiClient(`${site}.localhost`, { ip: `10.36.0.${ipSeq++}` });
  await api.signInSandbox(site, { identityId: `${site}-${persona}` });
  return api;
}

/** A spreadsheet's import: a plain GET of the address, with no header but the host. */
async function fetchCsv(url: string, host = new URL(url).host) {
  const u = new URL(url);
  const res = await httpRequest("GET", `${u.pathname}${u.search}`, { host });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

/** Parses the CSV the feed writes (RFC 4180: CRLF, fields quoted only when needed). */
function parseCsv(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => line.split(","));
}

const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

const month = () => {
  const d = new Date();
  const from = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-01`;
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  return { from, to: next.toISOString().slice(0, 10) };
};

describe("spreadsheet feed", () => {
  it("gives CSV addresses with a token of their own that answer a plain GET with the session's numbers", async () => {
    const api = await signedIn("aurora", "solar-household");
    expect((await api.get("/api/me/spreadsheet-feed")).body).toMatchObject({ active: false });
    const created = await api.post<{ urls: { consumption: string; spotPrices: string }; feed: { active: boolean } }>("/api/me/spreadsheet-feed", {});
    expect(created.status).toBe(201);
    const { consumption, spotPrices } = created.body.urls;
    expect(consumption).toMatch(/^http:\/\/aurora\.localhost(:\d+)?\/api\/spreadsheet\/epcsv_[A-Za-z0-9_-]{43}\/consumption\.csv$/);
    expect(spotPrices).toBe(consumption.replace("consumption.csv", "spot-prices.csv"));
    const token = /\/(epcsv_[^/]+)\//.exec(consumption)![1];
    // Only the hash is kept.
    const db = await getDb();
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from spreadsheet_feeds where position(${token} in row_to_json(spreadsheet_feeds.*)::text) > 0`);
    expect(Number(n)).toBe(0);

    const csv = await fetchCsv(consumption);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe("text/csv; charset=utf-8");
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(["start", "end", "kwh"]);
    const { from, to } = month();
    const json = await api.get(`/api/dashboard/statistics/consumption?from=${from}&to=${to}`);
    const values = json.body.values as { date: string; value: number | null }[];
    expect(rows.slice(1).map((r) => r[0])).toEqual(values.map((v) => v.date));
    expect(rows.slice(1).map((r) => (r[2] === "" ? null : Number(r[2])))).toEqual(values.map((v) => v.value));
    for (const r of rows.slice(1)) {
      expect(r[0]).toMatch(ISO_LOCAL);
      expect(r[1]).toMatch(ISO_LOCAL);
      // A dot decimal, never a comma or grouping: each row has exactly three fields.
      expect(r).toHaveLength(3);
      if (r[2] !== "") expect(r[2]).toMatch(/^-?\d+(\.\d+)?$/);
    }
    expect(rows.slice(1).some((r) => r[2].includes("."))).toBe(true);
    // The site's time zone: Helsinki's offset.
    expect(rows[1][0]).toMatch(/\+0[23]:00$/);

    // Another range and resolution, as the statistics endpoint takes them.
    const hourly = await fetchCsv(`${consumption}?from=${from}&to=${from.slice(0, 8)}02&resolution=60`);
    expect(hourly.status).toBe(200);
    expect(parseCsv(hourly.text).length - 1).toBeGreaterThanOrEqual(23);
    expect((await fetchCsv(`${consumption}?resolution=7`)).status).toBe(422);
    expect((await fetchCsv(`${consumption}?from=nonsense&to=2026-01-01`)).status).toBe(422);

    const spot = await fetchCsv(spotPrices);
    expect(spot.status).toBe(200);
    const spotRows = parseCsv(spot.text);
    expect(spotRows[0]).toEqual(["start", "end", "eur_per_mwh", "cents_per_kwh", "cents_per_kwh_with_vat"]);
    const spotJson = (await api.get("/api/dashboard/statistics/spot")).body;
    const prices = [...(spotJson.today?.prices ?? []), ...(spotJson.tomorrow?.prices ?? [])];
    expect(spotRows.length - 1).toBe(prices.length);
    if (prices.length) expect(spotRows[1]).toEqual([prices[0].start, prices[0].end, String(prices[0].eurPerMwh), String(prices[0].centsPerKwh), String(prices[0].centsPerKwhWithVat)]);

    const state = await api.get("/api/me/spreadsheet-feed");
    expect(state.body).toMatchObject({ active: true });
    expect(state.body.lastFetchedAt).not.toBeNull();
  });

  it("is refused at once when replaced or stopped, on another site, and with an API token in its place", async () => {
    const api = await signedIn("aurora", "solar-household");
    const first = (await api.post<{ urls: { consumption: string } }>("/api/me/spreadsheet-feed", {})).body.urls.consumption;
    expect((await fetchCsv(first)).status).toBe(200);
    expect((await fetchCsv(first, "laane.localhost")).status).toBe(404);
    const second = (await api.post<{ urls: { consumption: string } }>("/api/me/spreadsheet-feed", {})).body.urls.consumption;
    expect((await fetchCsv(first)).status).toBe(404);
    expect((await fetchCsv(second)).status).toBe(200);
    // A personal API token is never a feed key.
    const apiToken = (await api.post<{ token: string }>("/api/me/api-tokens", { name: "Not a feed", scopes: ["read-consumption"], expiresInDays: 30 })).body.token;
    expect((await fetchCsv(second.replace(/epcsv_[^/]+/, apiToken))).status).toBe(404);
    expect((await api.call("DELETE", "/api/me/spreadsheet-feed")).status).toBe(200);
    expect((await fetchCsv(second)).status).toBe(404);
    expect((await api.call("DELETE", "/api/me/spreadsheet-feed")).status).toBe(404);
    expect((await api.get("/api/me/spreadsheet-feed")).body).toMatchObject({ active: false });
  });

  it("of a representative stops when the representation ends, and customer service cannot make one", async () => {
    const rep = await signedIn("aurora", "representative");
    const represented = (await rep.get("/api/me/representatives")).body.customers.find((c: { role: string }) => c.role === "representative");
    expect((await rep.call("PUT", "/api/me/active-customer", { customerId: represented.id })).status).toBe(200);
    const url = (await rep.post<{ urls: { consumption: string } }>("/api/me/spreadsheet-feed", {})).body.urls.consumption;
    expect((await fetchCsv(url)).status).toBe(200);
    const db = await getDb();
    const [access] = await db
      .select()
      .from(customerAccess)
      .where(and(eq(customerAccess.customerId, represented.id), eq(customerAccess.role, "representative")));
    await db.delete(customerAccess).where(and(eq(customerAccess.personId, access.personId), eq(customerAccess.customerId, represented.id)));
    await personSessionsChanged(access.personId);
    expect((await fetchCsv(url)).status).toBe(404);
    const rows = await db.select().from(spreadsheetFeeds).where(eq(spreadsheetFeeds.customerId, represented.id));
    expect(rows.length).toBeGreaterThan(0);

    const owner = plan("aurora").customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;
    const cs = new ApiClient("aurora.localhost", { ip: "10.36.1.1" });
    await cs.signInSandbox("aurora", { identityId: "aurora-customer-service" });
    expect((await cs.post("/api/customer-service/open", { clientCode: owner.clientCode })).status).toBe(200);
    expect((await cs.post("/api/me/spreadsheet-feed", {})).status).toBe(403);
  });

  it("writes CSV fields a spreadsheet reads as data, never as a formula", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["=HYPERLINK(1)", 'say "hi", then'],
          [-1.5, null],
        ],
      ),
    ).toBe(`a,b\r\n'=HYPERLINK(1),"say ""hi"", then"\r\n-1.5,\r\n`);
  });
});
