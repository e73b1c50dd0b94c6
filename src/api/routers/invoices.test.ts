import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { invoiceLines, invoices } from "@/server/db/schema";
import { invalidateSiteCache } from "@/server/sites/sites";
import { upsertBillingProfile } from "@/server/invoices/billing-profile";
import { createTestInvoice } from "@/server/invoices/test-fixtures";
import { addDays, todayIn } from "@/lib/invoices/dates";
import { isValidNationalReference } from "@/lib/invoices/reference-number";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  await upsertBillingProfile("aurora", {
    legalName: "Aurora Energia Oy",
    iban: "FI2112345600000785",
    bic: "NDEAFIHH",
    registryCode: "2345678-0",
    vatNumber: "FI23456780",
    postponeFeeCents: 500,
    postponeFeeVatable: false,
  });
  await upsertBillingProfile("daugava", { legalName: "Daugavas Enerģija SIA", iban: "LV80BANK0000435195001", postponeFeeCents: 0 });
});
afterAll(async () => cleanup());

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;
const customerOf = (site: string, persona: string) => plan(site).customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;
const today = (tz = "Europe/Helsinki") => todayIn(tz);

const clients = new Map<string, ApiClient>();
let ipSeq = 1;
/** One signed-in client per person (sign-ins are rate limited per address). */
async function signedIn(site: string, persona: string) {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.20.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}

async function invoiceRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id));
  return { row, lines };
}

function parseCsv(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = "";
    } else if (ch === "\r") continue;
    else if (ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe("invoice list and detail", () => {
  it("lists the customer's invoices newest first, with overdue flags and filters", async () => {
    const c = customerOf("aurora", "solar-household");
    const old = await createTestInvoice({ siteId: "aurora", customerId: c.id, issueDate: addDays(today(), -70), dueInDays: -56, status: "paid" });
    const overdue = await createTestInvoice({ siteId: "aurora", customerId: c.id, issueDate: addDays(today(), -40), dueInDays: -26 });
    const einvoice = await createTestInvoice({ siteId: "aurora", customerId: c.id, issueDate: addDays(today(), -5), dueInDays: 9, type: "E-Invoice" });
    const api = await signedIn("aurora", "solar-household");

    const all = await api.get("/api/invoices");
    expect(all.status).toBe(200);
    const numbers = all.body.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber);
    expect(numbers.indexOf(einvoice.invoiceNumber)).toBeLessThan(numbers.indexOf(overdue.invoiceNumber));
    expect(numbers.indexOf(overdue.invoiceNumber)).toBeLessThan(numbers.indexOf(old.invoiceNumber));
    const byNumber = (n: string) => all.body.invoices.find((i: { invoiceNumber: string }) => i.invoiceNumber === n);
    expect(byNumber(overdue.invoiceNumber)).toMatchObject({ status: "unpaid", state: "overdue", overdue: true, canPay: true });
    expect(byNumber(old.invoiceNumber)).toMatchObject({ status: "paid", state: "paid", overdue: false, canPay: false });
    expect(byNumber(einvoice.invoiceNumber)).toMatchObject({ type: "E-Invoice", deliveryChannel: "e-invoice", overdue: false });
    expect(isValidNationalReference(byNumber(old.invoiceNumber).referenceNumber)).toBe(true);

    const paid = await api.get("/api/invoices?status=paid");
    expect(paid.body.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([old.invoiceNumber]);
    const unpaid = await api.get("/api/invoices?status=unpaid");
    expect(unpaid.body.invoices.every((i: { status: string }) => i.status === "unpaid")).toBe(true);
    expect(unpaid.body.invoices).toHaveLength(2);
    // Older clients put the payment state in `type`.
    expect((await api.get("/api/invoices?type=paid")).body.invoices).toHaveLength(1);
    const e = await api.get("/api/invoices?type=E-Invoice");
    expect(e.body.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([einvoice.invoiceNumber]);
    expect((await api.get("/api/invoices?type=Bogus")).status).toBe(422);
  });

  it("shows lines, metering points, VAT, the year-ago comparison and payment instructions", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id, kwh: 420.5, previousYearKwh: 500 });
    const api = await signedIn("aurora", "solar-household");
    const res = await api.get(`/api/invoices/${inv.invoiceNumber}`);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.lines.map((l: { component: string }) => l.component)).toEqual(["Spot", "Margin", "Monthly"]);
    expect(d.lines[0]).toMatchObject({ quantityWh: 420500, quantity: 420.5, unit: "kWh", unitPriceCents: 8.123456, vatRate: 25.5 });
    const sum = (k: string) => d.lines.reduce((s: number, l: Record<string, number>) => s + l[k], 0);
    expect(sum("netCents")).toBe(d.netCents);
    expect(sum("vatCents")).toBe(d.vatCents);
    expect(sum("totalCents")).toBe(d.totalCents);
    expect(d.vatBreakdown).toEqual([{ vatRate: 25.5, vatRateBasisPoints: 2550, netCents: d.netCents, vatCents: d.vatCents, totalCents: d.totalCents }]);
    expect(d.meteringPoints).toHaveLength(1);
    expect(d.meteringPoints[0]).toMatchObject({ consumptionWh: 420500, previousYearConsumptionWh: 500000, energyKind: "electricity" });
    expect(d.comparison).toMatchObject({ consumptionWh: 420500, previousConsumptionWh: 500000, changePercent: -15.9 });
    expect(d.paymentInstructions).toMatchObject({ recipient: "Aurora Energia Oy", iban: "FI2112345600000785", reference: inv.referenceNumber, amountCents: d.totalCents });
    expect(d.paymentInstructions.rfReference).toMatch(/^RF\d{2}/);
    expect(d.paymentInstructions.virtualBarcode).toHaveLength(54);
    expect(d.postpone).toMatchObject({ allowed: true, feeCents: 500, timesAllowed: 2 });
    expect(d.supplier.name).toBe("Aurora Energia Oy");
    expect(d.customer.clientCode).toBe(c.clientCode);
  });

  it("answers another customer's invoice as not found, everywhere", async () => {
    const mine = await createTestInvoice({ siteId: "aurora", customerId: customerOf("aurora", "solar-household").id });
    const other = await signedIn("aurora", "apartment");
    expect((await other.get(`/api/invoices/${mine.invoiceNumber}`)).status).toBe(404);
    expect((await other.get(`/api/invoices/${mine.invoiceNumber}/download`)).status).toBe(204);
    expect((await other.get(`/api/invoices/${mine.invoiceNumber}/download/csv`)).status).toBe(204);
    expect((await other.put(`/api/invoices/${mine.invoiceNumber}/postpone`, { dueDate: addDays(today(), 12) })).status).toBe(404);
    expect((await other.post(`/api/invoices/${mine.invoiceNumber}/payments`, { method: "bank" })).status).toBe(404);
    // Whatever the body: validation errors never tell about someone else's invoice.
    expect((await other.put(`/api/invoices/${mine.invoiceNumber}/postpone`, {})).status).toBe(404);
    expect((await other.post(`/api/invoices/${mine.invoiceNumber}/payments`, { method: 42 })).status).toBe(404);
    expect((await other.get("/api/invoices")).body.invoices.some((i: { invoiceNumber: string }) => i.invoiceNumber === mine.invoiceNumber)).toBe(false);
    // Another site's customer with the same number: nothing either.
    const laane = await signedIn("laane", "solar-household");
    expect((await laane.get(`/api/invoices/${mine.invoiceNumber}`)).status).toBe(404);
  });

  it("requires a session and the invoices feature", async () => {
    const anonymous = new ApiClient("aurora.localhost");
    expect((await anonymous.get("/api/invoices")).status).toBe(401);
    expect((await anonymous.get("/api/invoices/2025000001/download")).status).toBe(401);
    const db = await getDb();
    await db.execute(sql`update sites set features = array_remove(features, 'invoices.csv-download') where id = 'laane'`);
    invalidateSiteCache();
    try {
      const c = customerOf("laane", "apartment");
      const inv = await createTestInvoice({ siteId: "laane", customerId: c.id });
      const api = await signedIn("laane", "apartment");
      const csv = await api.get(`/api/invoices/${inv.invoiceNumber}/download/csv`);
      expect(csv.status).toBe(404);
      expect(csv.body.error.message).toBe("api.errors.feature-disabled");
      expect((await api.get(`/api/invoices/${inv.invoiceNumber}/download`)).status).toBe(200);
    } finally {
      await db.execute(sql`update sites set features = array_append(features, 'invoices.csv-download') where id = 'laane'`);
      invalidateSiteCache();
    }
  });
});

describe("downloads", () => {
  it("renders a PDF that a real reader opens, in the customer's language and the site's theme", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id, kwh: 1234.567 });
    const api = await signedIn("aurora", "solar-household");
    const res = await api.raw("GET", `/api/invoices/${inv.invoiceNumber}/download?locale=fi-FI`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${inv.invoiceNumber}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-pdf-"));
    try {
      const file = path.join(dir, "invoice.pdf");
      fs.writeFileSync(file, pdf);
      execFileSync("/usr/bin/pdftoppm", ["-png", "-r", "40", file, path.join(dir, "page")]);
      const pages = fs.readdirSync(dir).filter((f) => f.endsWith(".png"));
      expect(pages.length).toBeGreaterThanOrEqual(1);
      for (const p of pages) expect(fs.statSync(path.join(dir, p)).size).toBeGreaterThan(2000);
      const text = execFileSync("/usr/bin/pdftotext", ["-layout", file, "-"]).toString();
      expect(text).toContain(inv.invoiceNumber);
      expect(text).toContain("Viitenumero");
      expect(text).toContain("Aurora Energia Oy");
      expect(text).toContain("FI21 1234 5600 0007 85");
      expect(text).toMatch(/1\s234,57/u);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes Latvian and Russian text with their own letters", async () => {
    const c = customerOf("daugava", "apartment");
    const inv = await createTestInvoice({ siteId: "daugava", customerId: c.id });
    const api = await signedIn("daugava", "apartment");
    for (const [locale, word] of [
      ["lv-LV", "Maksājuma mērķis"],
      ["ru-RU", "Номер ссылки"],
    ]) {
      const res = await api.raw("GET", `/api/invoices/${inv.invoiceNumber}/download?locale=${locale}`);
      expect(res.status).toBe(200);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-pdf-"));
      try {
        const file = path.join(dir, "invoice.pdf");
        fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
        expect(execFileSync("/usr/bin/pdftotext", [file, "-"]).toString()).toContain(word);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("answers 204 for an unknown invoice and a JSON error for a malformed number", async () => {
    const api = await signedIn("aurora", "solar-household");
    const missing = await api.raw("GET", "/api/invoices/1999000001/download");
    expect(missing.status).toBe(204);
    expect(await missing.text()).toBe("");
    const bad = await api.get("/api/invoices/not%20a%20number!/download");
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe("validation");
  });

  it("exports CSV whose lines add up to the invoice, as a Swedish-Finnish spreadsheet reads it", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id, kwh: 987.654 });
    const api = await signedIn("aurora", "solar-household");
    const res = await api.raw("GET", `/api/invoices/${inv.invoiceNumber}/download/csv?locale=sv-FI`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${inv.invoiceNumber}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    // A byte-order mark, so Excel reads the UTF-8 as written.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString("utf8").slice(1), ";");
    const [header, ...lines] = rows;
    expect(header.slice(0, 3)).toEqual(["invoice_number", "reference_number", "issue_date"]);
    expect(lines).toHaveLength(3);
    const col = (name: string) => header.indexOf(name);
    const cents = (v: string) => Math.round(Number(v.replace(",", ".")) * 100);
    for (const l of lines) {
      expect(l).toHaveLength(header.length);
      for (const name of ["quantity", "unit_price_excl_vat", "net_amount", "vat_amount", "total_amount", "vat_rate_percent"]) {
        expect(l[col(name)]).toMatch(/^-?\d+(,\d+)?$/);
      }
      expect(cents(l[col("net_amount")]) + cents(l[col("vat_amount")])).toBe(cents(l[col("total_amount")]));
    }
    const total = (name: string) => lines.reduce((s, l) => s + cents(l[col(name)]), 0);
    expect(total("net_amount")).toBe(Number(inv.netCents));
    expect(total("vat_amount")).toBe(Number(inv.vatCents));
    expect(total("total_amount")).toBe(Number(inv.totalCents));
    expect(lines[0][col("quantity")]).toBe("987,654");
    expect(lines[0][col("quantity_wh")]).toBe("987654");
    expect(lines[0][col("description")]).toBe("Elenergi till börspris");
    expect(lines[0][col("unit_price_unit")]).toBe("c/kWh");
  });

  it("exports CSV with commas and decimal points in British English, and the Finnish price unit in Finnish", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id, kwh: 987.654 });
    const api = await signedIn("aurora", "solar-household");
    const text = async (locale: string) =>
      Buffer.from(await (await api.raw("GET", `/api/invoices/${inv.invoiceNumber}/download/csv?locale=${locale}`)).arrayBuffer())
        .toString("utf8")
        .slice(1);
    const [enHeader, enFirst] = parseCsv(await text("en-GB"), ",");
    expect(enFirst[enHeader.indexOf("quantity")]).toBe("987.654");
    expect(enFirst[enHeader.indexOf("unit_price_unit")]).toBe("c/kWh");
    const [fiHeader, fiFirst] = parseCsv(await text("fi-FI"), ";");
    expect(fiFirst[fiHeader.indexOf("quantity")]).toBe("987,654");
    expect(fiFirst[fiHeader.indexOf("unit_price_unit")]).toBe("snt/kWh");
  });
});

describe("postponing the due date", () => {
  it("moves the due date within the rules, adds the site's fee, and stops at the limit", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id, dueInDays: 3 });
    const api = await signedIn("aurora", "solar-household");
    const url = `/api/invoices/${inv.invoiceNumber}/postpone`;

    const first = await api.put(url, { dueDate: addDays(inv.dueDate, 7) });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ dueDate: addDays(inv.dueDate, 7), originalDueDate: inv.dueDate, postponeCount: 1 });
    expect(first.body.lines.at(-1)).toMatchObject({ component: "PostponeFee", netCents: 500, vatCents: 0, totalCents: 500 });
    expect(first.body.totalCents).toBe(Number(inv.totalCents) + 500);
    expect(first.body.netCents + first.body.vatCents).toBe(first.body.totalCents);

    const tooFar = await api.put(url, { dueDate: addDays(inv.dueDate, 31) });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.error.details.fields).toEqual([{ path: "dueDate", code: "too_big", message: "invoices.errors.due-date-too-late" }]);
    const notLater = await api.put(url, { dueDate: addDays(inv.dueDate, 7) });
    expect(notLater.body.error.details.fields[0].message).toBe("invoices.errors.due-date-not-later");

    // Advanced postpone (a demo site feature): 30 days, twice.
    const second = await api.put(url, { dueDate: addDays(inv.dueDate, 30) });
    expect(second.status).toBe(200);
    expect(second.body.postponeCount).toBe(2);
    expect(second.body.lines.filter((l: { component: string }) => l.component === "PostponeFee")).toHaveLength(2);
    const third = await api.put(url, { dueDate: addDays(inv.dueDate, 30) });
    expect(third.status).toBe(422);
    expect(third.body.error.details.fields[0].message).toBe("invoices.errors.postpone-limit-reached");
    expect(third.body.error.message).toBe("invoices.errors.postpone-rejected");
    const detail = await api.get(`/api/invoices/${inv.invoiceNumber}`);
    expect(detail.body.postpone).toMatchObject({ allowed: false, reason: "invoices.errors.postpone-limit-reached", timesUsed: 2 });
  });

  it("allows 14 days and once without advanced postpone, and no fee where the site has none", async () => {
    const db = await getDb();
    await db.execute(sql`update sites set features = array_remove(features, 'invoices.advanced-postpone') where id = 'daugava'`);
    invalidateSiteCache();
    try {
      const c = customerOf("daugava", "solar-household");
      const inv = await createTestInvoice({ siteId: "daugava", customerId: c.id, dueInDays: 2 });
      const api = await signedIn("daugava", "solar-household");
      const url = `/api/invoices/${inv.invoiceNumber}/postpone`;
      expect((await api.put(url, { dueDate: addDays(inv.dueDate, 15) })).body.error.details.fields[0].message).toBe("invoices.errors.due-date-too-late");
      const ok = await api.put(url, { dueDate: addDays(inv.dueDate, 14) });
      expect(ok.status).toBe(200);
      expect(ok.body.lines.some((l: { component: string }) => l.component === "PostponeFee")).toBe(false);
      expect(ok.body.totalCents).toBe(Number(inv.totalCents));
      expect((await api.put(url, { dueDate: addDays(inv.dueDate, 14) })).body.error.details.fields[0].message).toBe("invoices.errors.postpone-limit-reached");
    } finally {
      await db.execute(sql`update sites set features = array_append(features, 'invoices.advanced-postpone') where id = 'daugava'`);
      invalidateSiteCache();
    }
  });

  it("refuses paid and outsourced invoices, dates in the past, and overdue invoices start today", async () => {
    const c = customerOf("aurora", "solar-household");
    const api = await signedIn("aurora", "solar-household");
    const paid = await createTestInvoice({ siteId: "aurora", customerId: c.id, status: "paid" });
    const outsourced = await createTestInvoice({ siteId: "aurora", customerId: c.id, status: "outsourced", dueInDays: -20 });
    const overdue = await createTestInvoice({ siteId: "aurora", customerId: c.id, dueInDays: -3 });
    const msg = async (number: string, dueDate: string) => (await api.put(`/api/invoices/${number}/postpone`, { dueDate })).body.error?.details.fields[0].message;
    expect(await msg(paid.invoiceNumber, addDays(paid.dueDate, 3))).toBe("invoices.errors.postpone-paid");
    expect(await msg(outsourced.invoiceNumber, addDays(today(), 3))).toBe("invoices.errors.postpone-outsourced");
    expect(await msg(overdue.invoiceNumber, addDays(today(), -1))).toBe("invoices.errors.due-date-in-past");
    const ok = await api.put(`/api/invoices/${overdue.invoiceNumber}/postpone`, { dueDate: today() });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ overdue: false, state: "open" });
  });

  it("never fails with a server error on bad input and changes nothing when it refuses (property)", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id, dueInDays: 5 });
    const api = await signedIn("aurora", "solar-household");
    const before = await invoiceRow(inv.id);
    const minDate = addDays(inv.dueDate, 1);
    const maxDate = addDays(inv.originalDueDate, 30);
    const isoDate = fc
      .date({ min: new Date("1900-01-01"), max: new Date("2199-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10))
      .filter((d) => d < minDate || d > maxDate);
    const body = fc.oneof(
      fc.record({ dueDate: isoDate }),
      fc.record({
        dueDate: fc.oneof(
          fc.string(),
          fc.integer(),
          fc.constant(null),
          fc.boolean(),
          fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/).filter((d) => d < minDate || d > maxDate),
        ),
      }),
      fc.record({ dueDate: isoDate, extra: fc.string() }),
      fc.anything(),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await api.call("PUT", `/api/invoices/${inv.invoiceNumber}/postpone`, typeof b === "string" ? b : (JSON.stringify(b) ?? "null"), {
          "content-type": "application/json",
        });
        expect(res.status).toBeLessThan(500);
        expect(res.status).not.toBe(200);
        expect(res.body.error.code).toMatch(/^(validation|bad_request)$/);
      }),
      { numRuns: 60 },
    );
    const after = await invoiceRow(inv.id);
    expect(after.row).toEqual(before.row);
    expect(after.lines).toHaveLength(before.lines.length);
  });

  it("postpones once when two requests race", async () => {
    const db = await getDb();
    await db.execute(sql`update sites set features = array_remove(features, 'invoices.advanced-postpone') where id = 'aurora'`);
    invalidateSiteCache();
    try {
      const c = customerOf("aurora", "solar-household");
      const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id, dueInDays: 4 });
      const api = await signedIn("aurora", "solar-household");
      const results = await Promise.all([
        api.put(`/api/invoices/${inv.invoiceNumber}/postpone`, { dueDate: addDays(inv.dueDate, 5) }),
        api.put(`/api/invoices/${inv.invoiceNumber}/postpone`, { dueDate: addDays(inv.dueDate, 6) }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
      const after = await invoiceRow(inv.id);
      expect(after.row.postponeCount).toBe(1);
      expect(after.lines.filter((l) => l.component === "PostponeFee")).toHaveLength(1);
    } finally {
      await db.execute(sql`update sites set features = array_append(features, 'invoices.advanced-postpone') where id = 'aurora'`);
      invalidateSiteCache();
    }
  });
});

describe("customer service", () => {
  it("reads and postpones a customer's invoices but cannot pay them", async () => {
    const target = plan("aurora").customers[12];
    const inv = await createTestInvoice({ siteId: "aurora", customerId: target.id, dueInDays: 4 });
    const api = await signedIn("aurora", "customer-service");
    expect((await api.post("/api/customer-service/open", { clientCode: target.clientCode })).status).toBe(200);
    expect((await api.get(`/api/invoices/${inv.invoiceNumber}`)).status).toBe(200);
    expect((await api.put(`/api/invoices/${inv.invoiceNumber}/postpone`, { dueDate: addDays(inv.dueDate, 3) })).status).toBe(200);
    const pay = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank" });
    expect(pay.status).toBe(403);
    expect(pay.body.error.message).toBe("invoices.errors.payment-staff-not-allowed");
    const db = await getDb();
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, inv.id), eq(invoices.status, "open")));
    expect(row).toBeDefined();
  });
});
