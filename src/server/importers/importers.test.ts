import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans } from "@/server/demo/seed";
import { planDemoPoints } from "@/server/demo/energy/points-plan";
import { queryRows, type Db } from "@/server/db/client";
import { importReadings, importReadingsCsv, parseReadingsCsv } from "./readings";
import { importSpotPrices, parseEntsoeA44 } from "./spot-prices";
import { importTemperatures, parseTemperaturesCsv } from "./temperatures";
import { createImportToken, revokeImportToken } from "./tokens";
import { asyncIssues, issuesOf } from "@/test/import-issues";

let db: Db;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ db, cleanup } = await useTestDatabase({ full: true }));
});
afterAll(async () => cleanup());

const points = (site: string) => planDemoPoints(demoPlans().find((p) => p.site.id === site)!);
// An hourly point (non-persona customers are metered hourly) and a 15-minute one.
const hourly = () => points("aurora").find((p) => p.intervalMinutes === 60 && p.energyKind === "electricity" && !p.hasProduction)!;
const quarter = () => points("aurora").find((p) => p.intervalMinutes === 15 && p.energyKind === "electricity" && !p.hasProduction)!;

async function readingsOf(gsrn: string, fromIso: string, toIso: string) {
  return queryRows<{ start: string; value_wh: number; quality: number; series: number }>(
    db,
    sql`select r.start, r.value_wh, r.quality, r.series from interval_readings r join metering_points m on m.id = r.metering_point_id
        where m.gsrn = ${gsrn} and r.start >= ${fromIso}::timestamptz and r.start < ${toIso}::timestamptz order by r.start, r.series`,
  );
}
async function countReadings() {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from interval_readings`);
  return Number(row.n);
}

// Well before the demo history, so the rows are all new.
const CSV = () => {
  const p = hourly();
  return [
    "gsrn;timestamp;interval_minutes;value;unit;quality",
    `${p.gsrn};2024-03-31T00:00:00+02:00;60;1,25;kWh;measured`,
    `${p.gsrn};2024-03-31T01:00:00+02:00;60;1.5;kWh;`,
    `${p.gsrn};2024-03-31T02:00:00+02:00;60;1750;Wh;estimated`,
    // 03:00 local does not exist on this day: the next hour is 04:00+03:00.
    `${p.gsrn};2024-03-31T04:00:00+03:00;60;0.9;kWh;revised`,
  ].join("\r\n");
};

describe("meter readings CSV", () => {
  it("imports a valid file, in Wh, with the DST change inside", async () => {
    const result = await importReadings("aurora", parseReadingsCsv(CSV()));
    expect(result).toEqual({ rows: 4, inserted: 4, updated: 0, unchanged: 0 });
    const rows = await readingsOf(hourly().gsrn, "2024-03-30T00:00:00Z", "2024-04-01T00:00:00Z");
    expect(rows.map((r) => [new Date(r.start).toISOString(), Number(r.value_wh), Number(r.quality)])).toEqual([
      ["2024-03-30T22:00:00.000Z", 1250, 0],
      ["2024-03-30T23:00:00.000Z", 1500, 0],
      ["2024-03-31T00:00:00.000Z", 1750, 1],
      ["2024-03-31T01:00:00.000Z", 900, 2],
    ]);
  });

  it("reads a large file while writing it, with its blank lines, spaces, CRLF and byte order mark, as a file read whole", async () => {
    const [a, b] = points("aurora").filter((p) => p.intervalMinutes === 15 && p.energyKind === "electricity" && !p.hasProduction);
    const from = Date.UTC(2016, 0, 1);
    const lines = ["\ufeffgsrn ; timestamp ; interval_minutes ; value ; unit", ""];
    for (const [p, count] of [
      [a, 12_000],
      [b, 9_000],
    ] as const) {
      for (let i = 0; i < count; i++) lines.push(`${p.gsrn};${new Date(from + i * 900_000).toISOString()} ; 15;${(i % 40) / 100};kWh`);
      lines.push("  ");
    }
    const text = lines.join("\r\n");
    const before = await countReadings();
    expect(await importReadingsCsv("aurora", text)).toEqual({ rows: 21_000, inserted: 21_000, updated: 0, unchanged: 0 });
    expect(await countReadings()).toBe(before + 21_000);
    const stored = await readingsOf(b.gsrn, "2016-01-01T00:00:00Z", "2017-01-01T00:00:00Z");
    expect(stored.map((r) => Number(r.value_wh))).toEqual(Array.from({ length: 9_000 }, (_, i) => (i % 40) * 10));
    // Again, and again with quotes (read whole by csv-parse): nothing changes.
    expect(await importReadingsCsv("aurora", text)).toEqual({ rows: 21_000, inserted: 0, updated: 0, unchanged: 21_000 });
    expect(await importReadingsCsv("aurora", text.replace("gsrn ;", '"gsrn";'))).toEqual({ rows: 21_000, inserted: 0, updated: 0, unchanged: 21_000 });
    // A bad row near the end of a new stretch: its line, and nothing written.
    const later = text.replaceAll("2016-", "2012-").split("\r\n");
    later[20_500] = later[20_500].replace(";kWh", ";MWh");
    expect(await asyncIssues(importReadingsCsv("aurora", later.join("\r\n")))).toEqual([{ line: 20_501, field: "unit", message: "energy.import.errors.bad-unit", value: "MWh" }]);
    expect(await countReadings()).toBe(before + 21_000);
    expect(await asyncIssues(importReadingsCsv("aurora", "gsrn,timestamp,interval_minutes,value,unit\r\n \r\n"))).toEqual([{ line: 1, field: "file", message: "energy.import.errors.empty-file" }]);
  });

  it("changes nothing when the same file comes again, and updates only what changed", async () => {
    const before = await countReadings();
    expect(await importReadings("aurora", parseReadingsCsv(CSV()))).toEqual({ rows: 4, inserted: 0, updated: 0, unchanged: 4 });
    expect(await countReadings()).toBe(before);
    const changed = CSV().replace("1750;Wh", "1800;Wh");
    expect(await importReadings("aurora", parseReadingsCsv(changed))).toEqual({ rows: 4, inserted: 0, updated: 1, unchanged: 3 });
    expect(await countReadings()).toBe(before);
  });

  it("rejects a malformed row with its line number and writes nothing of the file", async () => {
    const p = quarter();
    const before = await countReadings();
    const text = [
      "gsrn,timestamp,interval_minutes,value,unit",
      `${p.gsrn},2024-01-10T00:00:00Z,15,0.2,kWh`,
      `${p.gsrn},2024-01-10T00:15:00Z,15,0.2,kWh`,
      `${p.gsrn},2024-01-10T00:30:00Z,15,lots,kWh`,
      `${p.gsrn},2024-01-10T00:45:00Z,15,0.2,kWh`,
    ].join("\n");
    const issues = await asyncIssues(importReadings("aurora", parseReadingsCsv(text)));
    expect(issues).toEqual([{ line: 4, field: "value", message: "energy.import.errors.bad-value", value: "lots" }]);
    expect(await countReadings()).toBe(before);
    expect(await readingsOf(p.gsrn, "2024-01-10T00:00:00Z", "2024-01-11T00:00:00Z")).toEqual([]);
  });

  it("refuses wrong units, unknown points, another site's point, wrong intervals, misaligned and local times", async () => {
    const p = quarter();
    const laane = points("laane")[0];
    const text = [
      "metering_point,start,interval,value,unit",
      `${p.gsrn},2024-01-10T00:00:00Z,15,0.2,MWh`,
      `643000000000000000,2024-01-10T00:00:00Z,15,0.2,kWh`,
      `${laane.gsrn},2024-01-10T00:00:00Z,15,0.2,kWh`,
      `${p.gsrn},2024-01-10T00:00:00Z,60,0.2,kWh`,
      `${p.gsrn},2024-01-10T00:10:00Z,15,0.2,kWh`,
      `${p.gsrn},2024-01-10T00:15:00,15,0.2,kWh`,
      `${p.gsrn},2024-01-10T00:30:00Z,15,0.0005,kWh`,
      `${p.gsrn},2024-01-10T00:45:00Z,15,-1,kWh`,
    ].join("\n");
    const issues = await asyncIssues(importReadings("aurora", parseReadingsCsv(text)));
    expect(issues.map((i) => `${i.line}:${i.field}:${i.message}`)).toEqual([
      "2:unit:energy.import.errors.bad-unit",
      "3:gsrn:energy.import.errors.unknown-metering-point",
      "4:gsrn:energy.import.errors.unknown-metering-point",
      "5:interval_minutes:energy.import.errors.interval-mismatch",
      "6:timestamp:energy.import.errors.misaligned-timestamp",
      "7:timestamp:energy.import.errors.bad-timestamp",
      "8:value:energy.import.errors.too-precise",
      "9:value:energy.import.errors.bad-value",
    ]);
  });

  it("refuses a file without the needed columns, an empty file, duplicates and production on a consumption-only point", async () => {
    expect(issuesOf(() => parseReadingsCsv("gsrn,value\n1,2"))).toEqual([
      { line: 1, field: "timestamp", message: "energy.import.errors.missing-column" },
      { line: 1, field: "intervalMinutes", message: "energy.import.errors.missing-column" },
      { line: 1, field: "unit", message: "energy.import.errors.missing-column" },
    ]);
    expect(issuesOf(() => parseReadingsCsv(""))[0].message).toBe("energy.import.errors.empty-file");
    const p = quarter();
    const text = [
      "gsrn,timestamp,interval_minutes,value,unit,series",
      `${p.gsrn},2024-01-10T00:00:00Z,15,0.2,kWh,consumption`,
      `${p.gsrn},2024-01-10T02:00:00+02:00,15,0.3,kWh,consumption`,
      `${p.gsrn},2024-01-10T00:15:00Z,15,0.2,kWh,production`,
    ].join("\n");
    const issues = await asyncIssues(importReadings("aurora", parseReadingsCsv(text)));
    expect(issues.map((i) => `${i.line}:${i.message}`)).toEqual(["3:energy.import.errors.duplicate-row", "4:energy.import.errors.no-production"]);
  });
});

describe("ENTSO-E day-ahead prices (A44)", () => {
  const xml = fs.readFileSync(path.join(__dirname, "fixtures/entsoe-a44-2026-03-29.xml"), "utf8");

  it("reads 15-minute A03 and hourly A01 series of a 23-hour delivery day", () => {
    const rows = parseEntsoeA44(xml);
    const fi = rows.filter((r) => r.zone === "FI");
    const ee = rows.filter((r) => r.zone === "EE");
    expect(fi).toHaveLength(92);
    expect(fi.every((r) => r.resolutionMinutes === 15)).toBe(true);
    expect(ee).toHaveLength(23);
    expect(ee.every((r) => r.resolutionMinutes === 60)).toBe(true);
    expect(new Date(fi[0].start).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(new Date(fi[91].start).toISOString()).toBe("2026-03-29T21:45:00.000Z");
    // Positions 11 and 12 are left out of the A03 curve: they repeat position 10.
    expect(fi[10].eurPerMwh).toBe(fi[9].eurPerMwh);
    expect(fi[11].eurPerMwh).toBe(fi[9].eurPerMwh);
    expect(fi.slice(40, 43).map((r) => r.eurPerMwh)).toEqual([-1.5, -1.5, -1.5]);
  });

  it("imports idempotently, and prices readings that came before the prices", async () => {
    const p = quarter();
    await importReadings(
      "aurora",
      parseReadingsCsv(`gsrn,timestamp,interval_minutes,value,unit\n${[0, 1, 2, 3].map((q) => `${p.gsrn},2026-03-29T09:${String(q * 15).padStart(2, "0")}:00Z,15,${100 + q},Wh`).join("\n")}`),
    );
    const hourRow = async () =>
      (
        await queryRows<{ unpriced: number; spot_wh: number; priced_wh: number }>(
          db,
          sql`select h.unpriced, h.spot_wh, h.priced_wh from interval_readings_hourly h join metering_points m on m.id = h.metering_point_id where m.gsrn = ${p.gsrn} and h.series = 1 and h.hour = '2026-03-29T09:00:00Z'`,
        )
      )[0];
    expect(Number((await hourRow()).unpriced)).toBe(4);
    const rows = parseEntsoeA44(xml);
    expect(await importSpotPrices(rows)).toEqual({ rows: 115, inserted: 115, updated: 0, unchanged: 0 });
    expect(await importSpotPrices(rows)).toEqual({ rows: 115, inserted: 0, updated: 0, unchanged: 115 });
    const [row] = await queryRows<{ price: string }>(db, sql`select price_eur_mwh::text as price from spot_prices where zone = 'FI' and resolution_minutes = 15 and start = '2026-03-29T09:00:00Z'`);
    expect(Number(row.price)).toBe(-1.5);
    const priced = await hourRow();
    expect(Number(priced.unpriced)).toBe(0);
    expect(Number(priced.priced_wh)).toBe(406);
    const quarterPrices = rows.filter((r) => r.zone === "FI" && r.start >= Date.UTC(2026, 2, 29, 9) && r.start < Date.UTC(2026, 2, 29, 10)).map((r) => r.eurPerMwh);
    expect(Number(priced.spot_wh)).toBeCloseTo(
      quarterPrices.reduce((s, v, q) => s + v * (100 + q), 0),
      6,
    );
  });

  it("rejects malformed XML, missing positions of an A01 curve and zones it does not know, with line numbers", () => {
    expect(issuesOf(() => parseEntsoeA44(xml.replace("</TimeSeries>", "</TimeSerie>")))[0]).toMatchObject({ field: "xml", message: "energy.import.errors.bad-xml" });
    const missing = xml.replace(/<Point>\s*<position>5<\/position>\s*<price.amount>[^<]*<\/price.amount>\s*<\/Point>/g, (m, offset: number) => (offset > xml.indexOf("10Y1001A1001A39I") ? "" : m));
    const issues = issuesOf(() => parseEntsoeA44(missing));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ field: "Point", message: "energy.import.errors.missing-position", value: "5" });
    const eePeriod = missing.indexOf("<Period>", missing.indexOf("10Y1001A1001A39I"));
    expect(issues[0].line).toBe(missing.slice(0, eePeriod).split("\n").length);
    expect(issuesOf(() => parseEntsoeA44(xml.replace("10Y1001A1001A39I</in", "10YSE-1--------K</in")))[0]).toMatchObject({ message: "energy.import.errors.unknown-zone" });
    expect(issuesOf(() => parseEntsoeA44(xml.replace("<price.amount>-1.50", "<price.amount>abc")))[0]).toMatchObject({ message: "energy.import.errors.bad-price", value: "abc" });
    expect(issuesOf(() => parseEntsoeA44('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>'))[0].message).toBe("energy.import.errors.bad-xml");
  });
});

describe("temperatures CSV", () => {
  it("imports, re-imports without change, and rejects bad rows by line", async () => {
    const text = "area,timestamp,temperature_c\nFI-HELSINKI,2024-01-01T00:00:00+02:00,-12.4\nFI-HELSINKI,2024-01-01T01:00:00+02:00,-12.9\n";
    expect(await importTemperatures(parseTemperaturesCsv(text))).toEqual({ rows: 2, inserted: 2, updated: 0, unchanged: 0 });
    expect(await importTemperatures(parseTemperaturesCsv(text))).toEqual({ rows: 2, inserted: 0, updated: 0, unchanged: 2 });
    const bad = "area;timestamp;temperature\nFI-HELSINKI;2024-01-01T02:30:00+02:00;-1\nFI-HELSINKI;2024-01-01T03:00:00+02:00;-99\n";
    expect(issuesOf(() => parseTemperaturesCsv(bad)).map((i) => `${i.line}:${i.message}`)).toEqual(["2:energy.import.errors.misaligned-timestamp", "3:energy.import.errors.bad-temperature"]);
  });

  it("imports a spreadsheet export: byte order mark, semicolons, quoted fields and decimal commas", async () => {
    const text = '\ufeff"area";"timestamp";"temperature_c"\r\n"FI-TAMPERE";"2024-01-01T00:00:00+02:00";"-7,5"\r\nFI-TAMPERE;2024-01-01T01:00:00+02:00;-8,2\r\n';
    expect(await importTemperatures(parseTemperaturesCsv(text))).toEqual({ rows: 2, inserted: 2, updated: 0, unchanged: 0 });
    const rows = await queryRows<{ tenths_c: number }>(db, sql`select tenths_c from temperatures where area = 'FI-TAMPERE' order by start`);
    expect(rows.map((r) => Number(r.tenths_c))).toEqual([-75, -82]);
    expect(issuesOf(() => parseTemperaturesCsv('area;timestamp;temperature_c\nFI-TAMPERE;"2024-01-01T02:00:00+02:00;-9\n'))).toEqual([
      { line: 2, field: "csv", message: "energy.import.errors.bad-csv", value: "CSV_QUOTE_NOT_CLOSED" },
    ]);
  });
});

describe("bulk import API", () => {
  it("takes CSV and JSON with a site token, refuses other tokens, and writes nothing of a bad request", async () => {
    const { token, id } = await createImportToken("aurora", "grid operator");
    const { token: laaneToken } = await createImportToken("laane", "other site");
    const api = new ApiClient("aurora.localhost", { origin: null });
    const p = quarter();
    const csv = `gsrn,timestamp,interval_minutes,value,unit\n${p.gsrn},2024-02-01T00:00:00Z,15,0.3,kWh\n${p.gsrn},2024-02-01T00:15:00Z,15,0.4,kWh\n`;
    const post = (body: string, auth?: string, type = "text/csv") => api.call("POST", "/api/import/readings", body, { "content-type": type, ...(auth ? { authorization: `Bearer ${auth}` } : {}) });
    expect((await post(csv)).status).toBe(401);
    expect((await post(csv, "pit_wrong")).status).toBe(401);
    expect((await post(csv, laaneToken)).status).toBe(401);
    const ok = await post(csv, token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ rows: 2, inserted: 2, updated: 0, unchanged: 0 });
    expect((await post(csv, token)).body).toEqual({ rows: 2, inserted: 0, updated: 0, unchanged: 2 });

    const before = await countReadings();
    const bad = await post(`${csv}${p.gsrn},2024-02-01T00:30:00Z,15,x,kWh\n`.replace("0.3", "0.35"), token);
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe("energy.import.errors.rejected");
    expect(bad.body.error.details.fields).toEqual([{ path: "line.4.value", code: "invalid_value", message: "energy.import.errors.bad-value" }]);
    expect(await countReadings()).toBe(before);
    expect(Number((await readingsOf(p.gsrn, "2024-02-01T00:00:00Z", "2024-02-01T00:15:00Z"))[0].value_wh)).toBe(300);

    const json = await post(
      JSON.stringify({ readings: [{ gsrn: p.gsrn, timestamp: "2024-02-01T02:30:00+02:00", intervalMinutes: 15, value: 250, unit: "Wh", quality: "estimated" }] }),
      token,
      "application/json",
    );
    expect(json.status).toBe(200);
    expect(json.body.inserted).toBe(1);
    const badJson = await post(JSON.stringify({ readings: [{ gsrn: p.gsrn }] }), token, "application/json");
    expect(badJson.status).toBe(422);

    await revokeImportToken("aurora", id);
    expect((await post(csv, token)).status).toBe(401);
  });
});
