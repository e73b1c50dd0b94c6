import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { getDb } from "@/server/db/client";
import { invoiceMeteringPoints, invoices } from "@/server/db/schema";
import { demoPlans } from "@/server/demo/seed";
import { getSiteById, type Site } from "@/server/sites/sites";
import { dashboardExpenses, dashboardMonthCost, dashboardPoints, relativeChange } from "@/server/metering/dashboard";
import { getInvoiceDetail, listInvoices } from "./invoices";
import { amountToPay, amountToPayOf, latestInvoices, latestOf } from "./summary";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ full: true }));
});
afterAll(async () => cleanup());

async function demoCustomers() {
  const out: { site: Site; customerId: string; name: string }[] = [];
  for (const plan of demoPlans()) {
    const site = (await getSiteById(plan.site.id))!;
    for (const c of plan.customers.filter((x) => !x.noData)) out.push({ site, customerId: c.id, name: c.name });
  }
  return out;
}

describe("one total per invoice", () => {
  it("the dashboard's cost of an invoiced month is the invoice's total, to the cent", async () => {
    const db = await getDb();
    let compared = 0;
    for (const { site, customerId, name } of await demoCustomers()) {
      const { scope, points } = await dashboardPoints(site, customerId);
      if (!points.length) continue;
      const expenses = await dashboardExpenses(site, scope, points);
      const rows = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.siteId, site.id), eq(invoices.customerId, customerId)));
      const billed = rows.length
        ? await db
            .select()
            .from(invoiceMeteringPoints)
            .where(
              inArray(
                invoiceMeteringPoints.invoiceId,
                rows.map((r) => r.id),
              ),
            )
        : [];
      const inScope = new Set(points.map((p) => p.id));
      for (const inv of rows) {
        if (inv.status === "cancelled" || inv.periodStart < expenses.from) continue;
        // A site may leave district heat off the dashboard: such invoices cover more than it shows.
        if (!billed.filter((b) => b.invoiceId === inv.id).every((b) => inScope.has(b.meteringPointId))) continue;
        const month = expenses.months.find((m) => m.date.slice(0, 7) === inv.periodStart.slice(0, 7));
        const shown = Object.values(month?.cents ?? {}).reduce<number>((s, v) => s + (v ?? 0), 0);
        expect(shown, `${site.id} ${name} ${inv.invoiceNumber}`).toBe(Number(inv.totalCents));
        compared++;
      }
      expect(expenses.totalCents).toBe(expenses.months.reduce((s, m) => s + Object.values(m.cents).reduce<number>((k, v) => k + (v ?? 0), 0), 0));
    }
    expect(compared).toBeGreaterThan(20);
  });

  it("the dashboard's latest invoices, the list and the invoice page show the same total, which its lines and VAT groups add up to", async () => {
    let compared = 0;
    for (const { site, customerId } of (await demoCustomers()).slice(0, 30)) {
      const [latest, list] = await Promise.all([latestInvoices(site, customerId), listInvoices({ site, customerId })]);
      for (const summary of latest) {
        const listed = list.find((i) => i.invoiceNumber === summary.invoiceNumber)!;
        const detail = await getInvoiceDetail({ site, customerId, invoiceNumber: summary.invoiceNumber });
        expect(listed.totalCents).toBe(summary.totalCents);
        expect(detail.totalCents).toBe(summary.totalCents);
        expect(detail.paymentInstructions.amountCents).toBe(summary.totalCents);
        expect(detail.lines.reduce((s, l) => s + l.totalCents, 0)).toBe(summary.totalCents);
        expect(detail.vatBreakdown.reduce((s, g) => s + g.totalCents, 0)).toBe(summary.totalCents);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});

describe("what the home page shows", () => {
  it("the amount to pay has the earliest due date of the payable invoices", async () => {
    let withDue = 0;
    for (const { site, customerId } of (await demoCustomers()).slice(0, 30)) {
      const [toPay, unpaid] = await Promise.all([amountToPay(site, customerId), listInvoices({ site, customerId, status: "unpaid" })]);
      const payable = unpaid.filter((i) => i.canPay);
      expect(toPay.totalCents).toBe(payable.reduce((s, i) => s + i.totalCents, 0));
      expect(toPay.nextDueDate).toBe(payable.length ? payable.map((i) => i.dueDate).sort()[0] : null);
      if (toPay.nextDueDate) withDue++;
      // The home page reads all invoices once and derives both cards from them.
      const all = await listInvoices({ site, customerId });
      expect(amountToPayOf(all)).toEqual(toPay);
      expect(latestOf(site, all)).toEqual(await latestInvoices(site, customerId));
    }
    expect(withDue).toBeGreaterThan(0);
  });

  it("this month's cost compares with last month to the same moment", async () => {
    const [{ site, customerId }] = await demoCustomers();
    const { scope, points } = await dashboardPoints(site, customerId);
    const now = Date.now();
    const cost = await dashboardMonthCost(site, scope, points, now);
    expect(cost.totalCents).not.toBeNull();
    expect(cost.lastMonthTotalCents).toBeGreaterThan(0);
    expect(cost.changeFromLastMonth).toBe(relativeChange(cost.totalCents, cost.lastMonthTotalCents));
    const none = await dashboardMonthCost(site, scope, [], now);
    expect(none.totalCents).toBeNull();
  });

  it("this month's cost of a customer with electricity and district heat is the sum of both", async () => {
    let mixed = 0;
    const now = Date.now();
    for (const { site, customerId } of await demoCustomers()) {
      const { scope, points } = await dashboardPoints(site, customerId);
      const kinds = [...new Set(points.map((p) => p.energyKind))];
      if (kinds.length < 2) continue;
      mixed++;
      const both = await dashboardMonthCost(site, scope, points, now);
      const parts = await Promise.all(
        kinds.map((k) =>
          dashboardMonthCost(
            site,
            scope,
            points.filter((p) => p.energyKind === k),
            now,
          ),
        ),
      );
      expect(both.totalCents).toBe(parts.reduce((s, c) => s + (c.totalCents ?? 0), 0));
      expect(both.lastMonthTotalCents).toBe(parts.reduce((s, c) => s + (c.lastMonthTotalCents ?? 0), 0));
      if (mixed >= 3) break;
    }
    expect(mixed).toBeGreaterThan(0);
  });
});
