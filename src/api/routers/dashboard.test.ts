import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { demoPointsOf, signedInClients, withSiteFeatures } from "@/test/energy-fixtures";
import { ApiClient } from "@/test/api-client";
import type { Db } from "@/server/db/client";
import { sql } from "drizzle-orm";
import { importSpotPrices } from "@/server/importers/spot-prices";
import { demoPlans } from "@/server/demo/seed";
import { getSiteById } from "@/server/sites/sites";
import { dashboardExpenses, dashboardPeriod, dashboardPoints, spotHourRanking } from "@/server/metering/dashboard";
import { costEstimation } from "@/server/metering/statistics";

let db: Db;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ db, cleanup } = await useTestDatabase({ full: true }));
});
afterAll(async () => cleanup());

const pointsOf = demoPointsOf;
const signedIn = signedInClients(0);

const withFeatures = (site: string, change: (features: string[]) => string[], fn: () => Promise<void>) => withSiteFeatures(db, site, change, fn);

describe("dashboard", () => {
  it("lists the customer's locations with electricity and district heat", async () => {
    const api = await signedIn("aurora", "apartment");
    const res = await api.get("/api/dashboard/locations");
    expect(res.status).toBe(200);
    expect(res.body.locations).toHaveLength(1);
    const kinds = res.body.locations[0].meteringPoints.map((p: { energyKind: string }) => p.energyKind).sort();
    expect(kinds).toEqual(["electricity", "heating"]);
    const expected = pointsOf("aurora", "apartment")
      .map((p) => p.gsrn)
      .sort();
    expect(res.body.locations[0].meteringPoints.map((p: { gsrn: string }) => p.gsrn).sort()).toEqual(expected);
    expect(res.body.locations[0].meteringPoints[0].contract).toMatchObject({ priceModel: expect.any(String), productName: expect.any(String) });
  });

  it("gives consumption by day for the current month, with totals", async () => {
    const api = await signedIn("aurora", "solar-household");
    const res = await api.get("/api/dashboard/statistics/consumption");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ measurement: "consumption", unit: "kWh", resolution: "day", timezone: "Europe/Helsinki" });
    expect(res.body.values.length).toBeGreaterThan(0);
    const sum = res.body.values.reduce((s: number, v: { value: number }) => s + v.value, 0);
    expect(res.body.total).toBeCloseTo(sum, 2);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.values[0].date).toMatch(/^\d{4}-\d{2}-01T00:00:00\+0[23]:00$/);
  });

  it("gives production of the solar customer, hourly over a day", async () => {
    const api = await signedIn("aurora", "solar-household");
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Helsinki" }).format(yesterday);
    const next = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Helsinki" }).format(new Date(yesterday.getTime() + 86_400_000));
    const res = await api.get(`/api/dashboard/statistics/production?from=${day}&to=${next}&resolution=60`);
    expect(res.status).toBe(200);
    expect(res.body.values.length).toBeGreaterThanOrEqual(23);
    expect(res.body.meteringPoints).toHaveLength(1);
  });

  it("computes expenses with VAT and fees", async () => {
    const api = await signedIn("laane", "solar-household");
    const res = await api.get("/api/dashboard/statistics/expenses?resolution=month");
    expect(res.status).toBe(200);
    expect(res.body.currency).toBe("EUR");
    expect(res.body.vatRate).toBe(24);
    expect(res.body.values).toHaveLength(1);
    expect(res.body.totalCents).toBe(res.body.energyCents + res.body.feeCents);
    expect(res.body.feeCents).toBeGreaterThan(0);
    expect(res.body.unpricedIntervals).toBe(0);
  });

  it("shows today's and tomorrow's spot prices and the price now", async () => {
    const api = await signedIn("daugava", "apartment");
    const res = await api.get("/api/dashboard/statistics/spot");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ zone: "LV", resolutionMinutes: 15, unit: "c/kWh", vatRate: 21 });
    expect([92, 96, 100]).toContain(res.body.today.prices.length);
    expect(res.body.tomorrow.prices.length).toBeGreaterThanOrEqual(92);
    expect(res.body.now).not.toBeNull();
    const p = res.body.now;
    expect(p.centsPerKwhWithVat).toBeCloseTo((p.eurPerMwh / 10) * 1.21, 2);
    expect(res.body.today.minCentsPerKwhWithVat).toBeLessThanOrEqual(res.body.today.maxCentsPerKwhWithVat);
  });

  it("keeps the spot answer for the quarter-hour and shows imported prices at once", async () => {
    const api = await signedIn("daugava", "apartment");
    const fi = await signedIn("aurora", "apartment");
    // The answer is kept per quarter-hour: start well inside one.
    const left = 900_000 - (Date.now() % 900_000);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
    const first = await api.get("/api/dashboard/statistics/spot");
    const fiNow = (await fi.get("/api/dashboard/statistics/spot")).body.now as { start: string; eurPerMwh: number };
    await db.execute(sql`update spot_prices set price_eur_mwh = price_eur_mwh + 1 where zone = 'FI' and start = ${new Date(fiNow.start).toISOString()}::timestamptz`);
    const now = first.body.now as { start: string; eurPerMwh: number };
    // Another price in the database, written past the import: the kept answer is served.
    const start = new Date(now.start).getTime();
    await db.execute(sql`update spot_prices set price_eur_mwh = price_eur_mwh + 1 where zone = 'LV' and start = ${new Date(start).toISOString()}::timestamptz`);
    expect((await api.get("/api/dashboard/statistics/spot")).body.now.eurPerMwh).toBe(now.eurPerMwh);
    // An import of that price (as the ENTSO-E import writes it) drops the kept answers.
    const changed = now.eurPerMwh + 7;
    expect((await importSpotPrices([{ zone: "LV", resolutionMinutes: 15, start, eurPerMwh: changed, line: 1 }])).updated).toBe(1);
    const after = await api.get("/api/dashboard/statistics/spot");
    expect(after.body.now.eurPerMwh).toBeCloseTo(changed, 3);
    expect(after.body.now.centsPerKwhWithVat).toBeCloseTo((changed / 10) * 1.21, 2);
    // The import announced its own zone only: the Finnish answer is still the kept one.
    expect((await fi.get("/api/dashboard/statistics/spot")).body.now.eurPerMwh).toBe(fiNow.eurPerMwh);
  });

  it("gives twelve months of the year next to the year before", async () => {
    const api = await signedIn("aurora", "house-gas");
    const res = await api.get("/api/dashboard/yearly-consumption");
    expect(res.status).toBe(200);
    expect(res.body.months).toHaveLength(12);
    const month = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Helsinki", month: "numeric" }).format(new Date()));
    expect(res.body.months[month - 1].consumption).toBeGreaterThan(0);
    expect((await api.get("/api/dashboard/yearly-consumption?year=1999")).status).toBe(422);
  });

  it("answers an empty dashboard for a customer without data", async () => {
    const api = await signedIn("aurora", "new-customer");
    expect((await api.get("/api/dashboard/locations")).body.locations).toEqual([]);
    const res = await api.get("/api/dashboard/statistics/consumption");
    expect(res.status).toBe(200);
    expect(res.body.values).toEqual([]);
    expect(res.body.total).toBeNull();
  });

  it("returns the latest invoices summary in its shape", async () => {
    const api = await signedIn("aurora", "apartment");
    const res = await api.get("/api/dashboard/invoices");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.invoices)).toBe(true);
    expect(res.body.invoices.length).toBeLessThanOrEqual(3);
  });
});

/** The demo plan's private customer of the persona. */
const customerOf = (site: string, persona: string) =>
  demoPlans()
    .find((p) => p.site.id === site)!
    .customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;

/** Waits for the next quarter-hour when the current one ends within 20 s: the spot answer is kept per quarter-hour. */
async function wellInsideQuarter() {
  const left = 900_000 - (Date.now() % 900_000);
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
}

/**
 * The overview, with the moments just before and after it was asked for: what the service read at
 * its own moment is what the same function gives at one of the two (the figures only grow with time).
 */
async function overview(api: ApiClient) {
  const before = Date.now();
  const res = await api.get("/api/dashboard/overview");
  const after = Date.now();
  return { res, before, after };
}

describe("dashboard overview", () => {
  it("answers every card's data in one call, as the separate endpoints and services compute it", async () => {
    const api = await signedIn("aurora", "apartment");
    await wellInsideQuarter();
    const { res, before, after } = await overview(api);
    expect(res.status).toBe(200);
    const body = res.body;
    const customer = customerOf("aurora", "apartment");
    expect(body.customer).toEqual({ id: customer.id, name: customer.name });
    expect(body.hasData).toBe(true);

    const site = (await getSiteById("aurora"))!;
    const { scope, points } = await dashboardPoints(site, customer.id);
    expect(points.map((p) => p.gsrn).sort()).toEqual(
      pointsOf("aurora", "apartment")
        .map((p) => p.gsrn)
        .sort(),
    );
    const electricity = points.filter((p) => p.energyKind === "electricity").map((p) => p.gsrn);

    // This month: the period card's figures, per energy kind, electricity first.
    expect(body.period.kinds.map((k: { kind: string }) => k.kind)).toEqual(["electricity", "heating"]);
    expect([await dashboardPeriod(site, scope, points, before), await dashboardPeriod(site, scope, points, after)]).toContainEqual(body.period);
    const month = await api.get(`/api/dashboard/statistics/consumption?${electricity.map((g) => `gsrn[]=${g}`).join("&")}`);
    expect(month.status).toBe(200);
    const consumption = body.period.kinds[0].consumption;
    expect(consumption.total).toBeGreaterThan(0);
    expect(consumption.total).toBeCloseTo(month.body.total, 3);
    const days = body.period.days.map((d: { consumption: number | null }) => d.consumption ?? 0);
    expect(days.length).toBe(month.body.values.length);
    expect(days.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(month.body.total, 3);
    expect(body.period.kinds[0].production).toBeNull();

    // Spot prices: the spot endpoint's answer, with the cheapest and dearest hours of each day.
    const spot = await api.get("/api/dashboard/statistics/spot");
    expect(body.spot).toEqual(spot.body);
    expect(body.spot.today.prices.length).toBeGreaterThan(0);
    expect(body.spotRanking.today).toEqual(spotHourRanking(body.spot.today.prices));
    expect(body.spotRanking.tomorrow).toEqual(body.spot.tomorrow ? spotHourRanking(body.spot.tomorrow.prices) : null);
    const { cheapest, dearest } = body.spotRanking.today as { cheapest: { start: string; price: number }[]; dearest: { start: string; price: number }[] };
    expect(cheapest).toHaveLength(3);
    expect(dearest).toHaveLength(3);
    const hourAverage = (start: string) => {
      const from = Date.parse(start);
      const inHour = (body.spot.today.prices as { start: string; centsPerKwhWithVat: number }[]).filter((p) => Date.parse(p.start) >= from && Date.parse(p.start) < from + 3_600_000);
      return inHour.reduce((s, p) => s + p.centsPerKwhWithVat, 0) / inHour.length;
    };
    // Each hour's average is given to a thousandth of a cent: at most half a thousandth off.
    const roundedOff = (price: number, start: string) => Math.abs(price - hourAverage(start));
    expect(roundedOff(cheapest[0].price, cheapest[0].start)).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(roundedOff(dearest[0].price, dearest[0].start)).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(cheapest[0].price).toBeGreaterThanOrEqual(body.spot.today.minCentsPerKwhWithVat);
    expect(cheapest[0].price).toBeLessThanOrEqual(dearest[0].price);
    expect(dearest[0].price).toBeLessThanOrEqual(body.spot.today.maxCentsPerKwhWithVat);

    // Today's cost estimate: the electricity points, as the cost-estimation service computes it.
    type Estimate = Awaited<ReturnType<typeof costEstimation>>;
    const withoutMoment = ({ until: _until, ...rest }: Estimate) => rest;
    expect(body.estimate.estimates.map((e: { gsrn: string }) => e.gsrn)).toEqual(electricity);
    expect(body.estimate.totalCents).toBe(body.estimate.estimates.reduce((s: number, e: { totalCents: number }) => s + e.totalCents, 0));
    expect([withoutMoment(await costEstimation(site, scope, undefined, before)), withoutMoment(await costEstimation(site, scope, undefined, after))]).toContainEqual(withoutMoment(body.estimate));
    expect(Date.parse(body.estimate.until)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.estimate.until)).toBeLessThanOrEqual(after);

    // Expenses of the last twelve months per energy kind.
    expect(body.expenses.kinds).toEqual(["electricity", "heating"]);
    expect(body.expenses.months.length).toBeGreaterThan(0);
    expect(body.expenses.totalCents).toBeGreaterThan(0);
    const summed = body.expenses.months.reduce((s: number, m: { cents: Record<string, number | null> }) => s + (m.cents.electricity ?? 0) + (m.cents.heating ?? 0), 0);
    expect(body.expenses.totalCents).toBe(summed);
    expect([await dashboardExpenses(site, scope, points, before), await dashboardExpenses(site, scope, points, after)]).toContainEqual(body.expenses);

    // Locations: what the locations endpoint lists.
    const locations = await api.get("/api/dashboard/locations");
    expect(body.locations).toHaveLength(1);
    expect(body.locations).toEqual(locations.body.locations);
  });

  it("has the solar household's production this month", async () => {
    const api = await signedIn("aurora", "solar-household");
    const { res, before, after } = await overview(api);
    expect(res.status).toBe(200);
    const production = res.body.period.kinds[0].production;
    expect(production).not.toBeNull();
    expect(typeof production.total).toBe("number");
    const site = (await getSiteById("aurora"))!;
    const { scope, points } = await dashboardPoints(site, customerOf("aurora", "solar-household").id);
    expect([await dashboardPeriod(site, scope, points, before), await dashboardPeriod(site, scope, points, after)]).toContainEqual(res.body.period);
    const month = await api.get("/api/dashboard/statistics/production");
    expect(production.total).toBeCloseTo(month.body.total, 3);
  });

  it("answers a customer without metering points with spot prices and nothing of their own", async () => {
    const api = await signedIn("aurora", "new-customer");
    await wellInsideQuarter();
    const res = await api.get("/api/dashboard/overview");
    expect(res.status).toBe(200);
    const customer = customerOf("aurora", "new-customer");
    expect(res.body).toMatchObject({ customer: { id: customer.id, name: customer.name }, hasData: false, period: null, estimate: null, expenses: null, locations: [] });
    expect(res.body.spot).toEqual((await api.get("/api/dashboard/statistics/spot")).body);
    expect(res.body.spotRanking.today).toEqual(spotHourRanking(res.body.spot.today.prices));
  });

  it("leaves the cost estimate out where the site does not offer it", async () => {
    const api = await signedIn("aurora", "apartment");
    await withFeatures(
      "aurora",
      (f) => f.filter((x) => x !== "real-time-cost-estimation"),
      async () => {
        const res = await api.get("/api/dashboard/overview");
        expect(res.status).toBe(200);
        expect(res.body.estimate).toBeNull();
        expect(res.body.hasData).toBe(true);
        expect(res.body.period.kinds.length).toBeGreaterThan(0);
      },
    );
  });
});

describe("dashboard access and validation", () => {
  it("answers 404 for another customer's metering point and 401 without a session", async () => {
    const other = pointsOf("aurora", "apartment")[0].gsrn;
    const api = await signedIn("aurora", "solar-household");
    for (const path of ["consumption", "production", "expenses"]) {
      const res = await api.get(`/api/dashboard/statistics/${path}?gsrn[]=${other}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("energy.errors.metering-point-not-found");
    }
    // A point of another site is no different.
    const foreign = pointsOf("laane", "solar-household")[0].gsrn;
    expect((await api.get(`/api/dashboard/statistics/consumption?gsrn=${foreign}`)).status).toBe(404);
    const anonymous = new ApiClient("aurora.localhost");
    expect((await anonymous.get("/api/dashboard/statistics/consumption")).status).toBe(401);
    expect((await anonymous.get("/api/dashboard/locations")).status).toBe(401);
    expect((await anonymous.get("/api/dashboard/overview")).status).toBe(401);
  });

  it("answers 422 with field errors for bad input", async () => {
    const api = await signedIn("aurora", "solar-household");
    const bad = async (q: string) => {
      const res = await api.get(`/api/dashboard/statistics/consumption?${q}`);
      expect(res.status).toBe(422);
      return res.body.error.details.fields.map((f: { path: string; message: string }) => `${f.path}:${f.message}`);
    };
    expect(await bad("resolution=hour")).toEqual(["resolution:validation.invalid_value"]);
    expect(await bad("from=2026-01-01")).toEqual(["to:energy.errors.to-required"]);
    expect(await bad("from=2026-02-01&to=2026-01-01")).toEqual(["to:energy.errors.range-empty"]);
    expect(await bad("from=2025-01-01&to=2026-01-01&resolution=15")).toEqual(["to:energy.errors.range-too-long"]);
    expect(await bad("gsrn=12345")).toEqual(["gsrn.0:validation.invalid_format"]);
    expect(await bad("from=2026-13-01&to=2026-01-01")).toEqual(["from:energy.errors.bad-date"]);
  });

  it("is off with the dashboard feature off", async () => {
    const api = await signedIn("aurora", "solar-household");
    await withFeatures(
      "aurora",
      (f) => f.filter((x) => x !== "dashboard"),
      async () => {
        for (const path of [
          "/api/dashboard/overview",
          "/api/dashboard/locations",
          "/api/dashboard/statistics/consumption",
          "/api/dashboard/statistics/spot",
          "/api/dashboard/yearly-consumption",
          "/api/dashboard/invoices",
        ]) {
          const res = await api.get(path);
          expect(res.status, path).toBe(404);
          expect(res.body.error.message).toBe("api.errors.feature-disabled");
        }
      },
    );
  });

  it("leaves district heat out when the site turns it off", async () => {
    const api = await signedIn("aurora", "apartment");
    const heat = pointsOf("aurora", "apartment").find((p) => p.energyKind === "heating")!;
    expect((await api.get(`/api/dashboard/statistics/consumption?gsrn=${heat.gsrn}`)).status).toBe(200);
    await withFeatures(
      "aurora",
      (f) => [...f, "dashboard.district-heat-disabled"],
      async () => {
        const res = await api.get("/api/dashboard/locations");
        expect(res.body.locations[0].meteringPoints.map((p: { energyKind: string }) => p.energyKind)).toEqual(["electricity"]);
        const overview = await api.get("/api/dashboard/overview");
        expect(overview.body.period.kinds.map((k: { kind: string }) => k.kind)).toEqual(["electricity"]);
        expect(overview.body.expenses.kinds).toEqual(["electricity"]);
        expect(overview.body.locations).toEqual(res.body.locations);
        expect((await api.get(`/api/dashboard/statistics/consumption?gsrn=${heat.gsrn}`)).status).toBe(404);
      },
    );
  });
});

describe("usage points and locations", () => {
  it("lists the customer's usage points, locations and GSRNs", async () => {
    const api = await signedIn("laane", "house-gas");
    const mine = pointsOf("laane", "house-gas");
    const me = await api.get("/api/usage-points/me");
    expect(me.status).toBe(200);
    expect(me.body.usagePoints.map((p: { gsrn: string }) => p.gsrn).sort()).toEqual(mine.map((p) => p.gsrn).sort());
    const gas = me.body.usagePoints.find((p: { energyKind: string }) => p.energyKind === "gas");
    expect(gas.eicCode).toMatch(/^38ZEE-/);
    const locations = await api.get("/api/locations");
    expect(locations.body.locations).toHaveLength(1);
    const gsrns = await api.get("/api/locations/gsrn");
    expect(gsrns.body.meteringPoints.map((p: { gsrn: string }) => p.gsrn).sort()).toEqual(mine.map((p) => p.gsrn).sort());
  });

  it("searches by address, GSRN and EIC or meter number, with empty values stripped", async () => {
    const api = await signedIn("laane", "house-gas");
    const mine = pointsOf("laane", "house-gas");
    const byAddress = await api.post("/api/usage-points/search", { searchType: "ADDRESS", searchQuery: { street: mine[0].street.slice(0, 5), city: "" } });
    expect(byAddress.status).toBe(200);
    expect(byAddress.body.usagePoints).toHaveLength(mine.length);
    const byGsrn = await api.post("/api/usage-points/search", { searchType: "GSRN", searchQuery: { gsrn: mine[0].gsrn.slice(-8) } });
    expect(byGsrn.body.usagePoints.map((p: { gsrn: string }) => p.gsrn)).toEqual([mine[0].gsrn]);
    const byMeter = await api.post("/api/usage-points/search", { searchType: "EIC_OR_METER_NUMBER", searchQuery: { text: mine[1].meterNumber } });
    expect(byMeter.body.usagePoints.map((p: { gsrn: string }) => p.gsrn)).toEqual([mine[1].gsrn]);
    // Another customer's point is not found by this customer.
    const other = pointsOf("laane", "apartment")[0];
    const none = await api.post("/api/usage-points/search", { searchType: "GSRN", searchQuery: { gsrn: other.gsrn } });
    expect(none.body.usagePoints).toEqual([]);
  });

  it("refuses an empty or malformed search", async () => {
    const api = await signedIn("laane", "house-gas");
    const empty = await api.post("/api/usage-points/search", { searchType: "ADDRESS", searchQuery: { street: "", city: null } });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.fields[0]).toMatchObject({ path: "searchQuery", message: "energy.errors.search-query-empty" });
    expect((await api.post("/api/usage-points/search", { searchType: "NAME", searchQuery: { text: "x" } })).status).toBe(422);
    expect((await api.post("/api/usage-points/search", { searchType: "GSRN", searchQuery: { gsrn: "12" } })).status).toBe(422);
  });

  it("estimates today's cost so far, only with the feature on, only for own points", async () => {
    const api = await signedIn("aurora", "solar-household");
    const own = pointsOf("aurora", "solar-household")[0].gsrn;
    const res = await api.get(`/api/locations/cost-estimation?objects[]=${own}`);
    expect(res.status).toBe(200);
    expect(res.body.estimates).toHaveLength(1);
    const e = res.body.estimates[0];
    expect(e.totalCents).toBe(e.energyCents + e.feeCents);
    expect(res.body.totalCents).toBe(e.totalCents);
    expect(res.body.vatRate).toBe(25.5);
    const other = pointsOf("aurora", "apartment")[0].gsrn;
    expect((await api.get(`/api/locations/cost-estimation?objects[]=${other}`)).status).toBe(404);
    await withFeatures(
      "aurora",
      (f) => f.filter((x) => x !== "real-time-cost-estimation"),
      async () => {
        expect((await api.get(`/api/locations/cost-estimation?objects[]=${own}`)).status).toBe(404);
      },
    );
  });
});

describe("OpenAPI document", () => {
  it("documents every energy endpoint with its access rule and feature", async () => {
    const res = await new ApiClient("aurora.localhost").get("/api/openapi.json");
    expect(res.status).toBe(200);
    const op = (path: string, method = "get") => res.body.paths[path]?.[method];
    const expected: [string, string, string, string | undefined][] = [
      ["/api/dashboard/overview", "get", "customer", "dashboard"],
      ["/api/dashboard/locations", "get", "customer", "dashboard"],
      ["/api/dashboard/invoices", "get", "customer", "dashboard"],
      ["/api/dashboard/statistics/consumption", "get", "customer", "dashboard"],
      ["/api/dashboard/statistics/production", "get", "customer", "dashboard"],
      ["/api/dashboard/statistics/expenses", "get", "customer", "dashboard"],
      ["/api/dashboard/statistics/spot", "get", "customer", "dashboard"],
      ["/api/dashboard/yearly-consumption", "get", "customer", "dashboard"],
      ["/api/charts/readings", "get", "customer", "charts"],
      ["/api/usage-points/me", "get", "customer", undefined],
      ["/api/usage-points/search", "post", "customer", undefined],
      ["/api/locations", "get", "customer", undefined],
      ["/api/locations/gsrn", "get", "customer", undefined],
      ["/api/locations/cost-estimation", "get", "customer", "real-time-cost-estimation"],
      ["/api/import/readings", "post", "public", undefined],
    ];
    for (const [path, method, access, feature] of expected) {
      expect(op(path, method), path).toBeDefined();
      expect(op(path, method)["x-access"], path).toBe(access);
      expect(op(path, method)["x-feature"], path).toBe(feature);
    }
  });
});
