import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { countries, meteringPoints, sites, type InvoiceStatus, type InvoiceType } from "@/server/db/schema";
import { energyCents, whToKwhString } from "@/lib/invoices/amounts";
import { addDays, todayIn } from "@/lib/invoices/dates";
import { issueInvoice, type DraftLine } from "./issue";

/** Test data: invoices made the way billing makes them, for tests that do not seed readings. */

function randomGsrn(country: string): string {
  const prefix = country === "FI" ? "643" : country === "EE" ? "474" : "475";
  const body = `${prefix}${String(crypto.randomInt(0, 1e9)).padStart(9, "0")}${String(crypto.randomInt(0, 1e5)).padStart(5, "0")}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[16 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export async function createTestMeteringPoint(siteId: string, customerId: string) {
  const db = await getDb();
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  const [row] = await db
    .insert(meteringPoints)
    .values({
      siteId,
      customerId,
      gsrn: randomGsrn(site.country),
      energyKind: "electricity",
      street: "Testikatu 1",
      postalCode: "00100",
      city: "Helsinki",
      locationId: crypto.randomUUID(),
      locationName: "Testikatu 1",
      biddingZone: site.country as "FI",
      weatherArea: site.country,
      intervalMinutes: 15,
    })
    .returning();
  return row;
}

export interface TestInvoiceOptions {
  siteId: string;
  customerId: string;
  /** Days from today (site timezone) to the due date; negative for an overdue invoice. */
  dueInDays?: number;
  issueDate?: string;
  periodStart?: string;
  status?: InvoiceStatus;
  type?: InvoiceType;
  kwh?: number;
  withMeteringPoint?: boolean;
  previousYearKwh?: number | null;
}

export async function createTestInvoice(opts: TestInvoiceOptions) {
  const db = await getDb();
  const [site] = await db.select().from(sites).where(eq(sites.id, opts.siteId));
  const [country] = await db.select().from(countries).where(eq(countries.code, site.country));
  const vat = country.vatRateBasisPoints;
  const today = todayIn(site.timezone);
  const dueDate = addDays(today, opts.dueInDays ?? 10);
  const issueDate = opts.issueDate ?? addDays(dueDate, -14);
  const periodStart = opts.periodStart ?? `${addDays(issueDate, -20).slice(0, 7)}-01`;
  const d = new Date(`${periodStart}T00:00:00Z`);
  const periodEnd = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const wh = Math.round((opts.kwh ?? 350.25) * 1000);
  const point = opts.withMeteringPoint === false ? null : await createTestMeteringPoint(opts.siteId, opts.customerId);
  const spotPrice = 8.123456;
  const common = { meteringPointId: point?.id ?? null, gsrn: point?.gsrn ?? null, productName: "Spot", vatRateBasisPoints: vat };
  const lines: DraftLine[] = [
    { ...common, component: "Spot", quantityWh: wh, quantity: whToKwhString(wh), unit: "kWh", unitPriceCents: spotPrice, netCents: energyCents(wh, spotPrice) },
    { ...common, component: "Margin", quantityWh: wh, quantity: whToKwhString(wh), unit: "kWh", unitPriceCents: 0.49, netCents: energyCents(wh, 0.49) },
    { ...common, component: "Monthly", quantityWh: null, quantity: "1.000", unit: "month", unitPriceCents: 395, netCents: 395 },
  ];
  return issueInvoice({
    siteId: opts.siteId,
    customerId: opts.customerId,
    type: opts.type ?? "Regular",
    deliveryChannel: opts.type === "E-Invoice" ? "e-invoice" : "email",
    issueDate,
    dueDate,
    periodStart,
    periodEnd,
    lines,
    meteringPoints: point
      ? [
          {
            meteringPointId: point.id,
            gsrn: point.gsrn,
            energyKind: "electricity",
            address: "Testikatu 1, 00100 Helsinki",
            consumptionWh: wh,
            previousYearConsumptionWh: opts.previousYearKwh === undefined ? Math.round(wh * 1.1) : opts.previousYearKwh === null ? null : opts.previousYearKwh * 1000,
          },
        ]
      : [],
    status: opts.status ?? "open",
  });
}
