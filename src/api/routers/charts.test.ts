import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { demoPointsOf, signedInClients, withSiteFeatures } from "@/test/energy-fixtures";
import { ApiClient } from "@/test/api-client";
import { importReadings } from "@/server/importers/readings";
import { addLocalDays, localDateString, startOfLocalDay } from "@/lib/energy/time";
import type { Db } from "@/server/db/client";

let db: Db;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ db, cleanup } = await useTestDatabase({ full: true }));
});
afterAll(async () => cleanup());

const HEL = "Europe/Helsinki";
const pointsOf = demoPointsOf;
const signedIn = signedInClients(1);
const withFeatures = (site: string, change: (features: string[]) => string[], fn: () => Promise<void>) => withSiteFeatures(db, site, change, fn);

const today = () => startOfLocalDay(Date.now(), HEL);
const day = (ms: number) => localDateString(ms, HEL);

describe("chart readings", () => {
  it("gives consumption by day under the measurement's name, labelled by the range format", async () => {
    const api = await signedIn("aurora", "solar-household");
    const res = await api.get("/api/charts/readings?series[]=consumption");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ measurement: "consumption", unit: "kWh", dateFormat: "DD.MM", resolution: "day", comparison: null, currency: null });
    expect(res.body.values.length).toBeGreaterThan(0);
    const v = res.body.values[0];
    expect(Object.keys(v).sort()).toEqual(["consumption", "date", "label"]);
    expect(v.label).toMatch(/^01\.\d{2}$/);
    expect(v.consumption).toBeGreaterThan(0);
  });

  it("merges the same period a year earlier under the second series key", async () => {
    const api = await signedIn("aurora", "apartment");
    const point = pointsOf("aurora", "apartment").find((p) => p.energyKind === "electricity")!;
    // Last year's readings for yesterday, imported as a supplier would.
    const yesterday = addLocalDays(today(), -1, HEL);
    const lastYear = yesterday - 365 * 86_400_000 - (new Date(yesterday).getUTCFullYear() % 4 === 0 ? 86_400_000 : 0);
    const from = startOfLocalDay(lastYear, HEL);
    const rows = Array.from({ length: 96 }, (_, i) => ({
      line: i + 2,
      gsrn: point.gsrn,
      timestamp: new Date(from + i * 900_000).toISOString(),
      intervalMinutes: "15",
      value: "0.125",
      unit: "kWh",
    }));
    await importReadings("aurora", rows);
    const res = await api.get(`/api/charts/readings?series[]=consumption&series[]=1&from=${day(yesterday)}&to=${day(today())}&resolution=60`);
    expect(res.status).toBe(200);
    expect(res.body.comparison).toMatchObject({ yearOffset: 1, key: "1" });
    expect(res.body.dateFormat).toBe("HH:00");
    const hours = res.body.values;
    expect(hours.length).toBeGreaterThanOrEqual(23);
    expect(hours.every((h: Record<string, number>) => h["1"] === 0.5 || h["1"] === 1)).toBe(true);
    expect(hours.every((h: Record<string, number>) => typeof h.consumption === "number")).toBe(true);
  });

  it("gives money in cents with VAT for consumption, and refuses money for price", async () => {
    const api = await signedIn("aurora", "solar-household");
    const res = await api.get("/api/charts/readings?series[]=consumption&unit=money&resolution=month");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ unit: "cents", currency: "EUR", vatIncluded: true });
    expect(Number.isInteger(res.body.values[0].consumption)).toBe(true);
    const expenses = await api.get("/api/dashboard/statistics/expenses?resolution=month");
    expect(res.body.values[0].consumption).toBe(expenses.body.values[0].totalCents);
    const bad = await api.get("/api/charts/readings?series[]=price&unit=money");
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: "unit", message: "energy.errors.unit-unsupported" });
  });

  it("gives spot price (c/kWh with VAT), temperature and netted values", async () => {
    const api = await signedIn("aurora", "solar-household");
    const range = `from=${day(today())}&to=${day(addLocalDays(today(), 1, HEL))}`;
    const price = await api.get(`/api/charts/readings?series[]=price&${range}&resolution=15`);
    expect(price.status).toBe(200);
    expect(price.body.unit).toBe("c/kWh");
    expect([92, 96, 100]).toContain(price.body.values.length);
    const temperature = await api.get(`/api/charts/readings?series[]=temperature&${range}&resolution=60`);
    expect(temperature.body.unit).toBe("°C");
    expect(temperature.body.values.length).toBeGreaterThan(0);
    expect(temperature.body.values.every((v: { temperature: number }) => v.temperature > -45 && v.temperature < 40)).toBe(true);
    const netted = await api.get(`/api/charts/readings?series[]=netted&resolution=day`);
    const consumption = await api.get(`/api/charts/readings?series[]=consumption&resolution=day`);
    const production = await api.get(`/api/charts/readings?series[]=production&resolution=day`);
    const d = consumption.body.values[0].date;
    const at = (r: { body: { values: Record<string, number | string>[] } }, k: string) => (r.body.values.find((v) => v.date === d)?.[k] as number) ?? 0;
    expect(at(netted, "netted")).toBeCloseTo(at(consumption, "consumption") - at(production, "production"), 3);
  });

  it("offers 5-minute data only with the feature on and a 5-minute meter", async () => {
    const solar = await signedIn("aurora", "solar-household");
    const yesterday = addLocalDays(today(), -1, HEL);
    const q = `series[]=consumption&from=${day(yesterday)}&to=${day(today())}&resolution=5`;
    const ok = await solar.get(`/api/charts/readings?${q}`);
    expect(ok.status).toBe(200);
    expect(ok.body.values.length).toBeGreaterThanOrEqual(23 * 12);
    await withFeatures(
      "aurora",
      (f) => f.filter((x) => x !== "charts.five-minute-consumption"),
      async () => {
        const off = await solar.get(`/api/charts/readings?${q}`);
        expect(off.status).toBe(422);
        expect(off.body.error.details.fields[0].message).toBe("energy.errors.resolution-unavailable");
      },
    );
    const apartment = await signedIn("aurora", "apartment");
    expect((await apartment.get(`/api/charts/readings?${q}`)).status).toBe(422);
    const heat = pointsOf("aurora", "apartment").find((p) => p.energyKind === "heating")!;
    const hourlyMeter = await apartment.get(`/api/charts/readings?series[]=consumption&gsrn[]=${heat.gsrn}&from=${day(yesterday)}&to=${day(today())}&resolution=15`);
    expect(hourlyMeter.status).toBe(422);
  });

  it("follows the chart option features", async () => {
    const api = await signedIn("aurora", "solar-household");
    await withFeatures(
      "aurora",
      (f) => [...f.filter((x) => x !== "charts.netted" && x !== "charts.temperature"), "charts.spot-price-disabled"],
      async () => {
        for (const m of ["netted", "temperature", "price"]) {
          const res = await api.get(`/api/charts/readings?series[]=${m}`);
          expect(res.status, m).toBe(404);
          expect(res.body.error.message).toBe("api.errors.feature-disabled");
        }
        expect((await api.get("/api/charts/readings?series[]=consumption")).status).toBe(200);
      },
    );
    await withFeatures(
      "aurora",
      (f) => f.filter((x) => x !== "charts"),
      async () => {
        expect((await api.get("/api/charts/readings?series[]=consumption")).status).toBe(404);
      },
    );
  });

  it("scopes to the customer's points and validates the query", async () => {
    const api = await signedIn("aurora", "solar-household");
    const other = pointsOf("aurora", "house-gas")[0].gsrn;
    expect((await api.get(`/api/charts/readings?series[]=consumption&gsrn[]=${other}`)).status).toBe(404);
    const fields = async (q: string) => {
      const res = await api.get(`/api/charts/readings?${q}`);
      expect(res.status, q).toBe(422);
      return res.body.error.details.fields.map((f: { path: string; message: string }) => `${f.path}:${f.message}`);
    };
    expect(await fields("series[]=steam")).toEqual(["series.0:energy.errors.unknown-series"]);
    expect(await fields("series[]=consumption&series[]=0")).toEqual(["series.1:energy.errors.bad-comparison-offset"]);
    expect(await fields("series[]=consumption&series[]=1&series[]=2")).toEqual(["series:validation.too_big"]);
    expect((await fields("resolution=day")).some((f: string) => f.startsWith("series"))).toBe(true);
    expect(await fields("series[]=consumption&from=2025-01-01&to=2025-03-15&resolution=15")).toEqual(["to:energy.errors.range-too-long"]);
    expect(await fields("series[]=consumption&unit=eur")).toEqual(["unit:validation.invalid_value"]);
    expect((await new ApiClient("aurora.localhost").get("/api/charts/readings?series[]=consumption")).status).toBe(401);
  });
});
