import "server-only";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "@/server/db/client";
import { invoices, paymentEvents, payments, sites } from "@/server/db/schema";
import { localParts, zonedTimeToUtc } from "@/lib/energy/time";
import { upsertBillingProfile, type BillingProfileInput } from "@/server/invoices/billing-profile";
import { monthlyBills, type MonthlyBill } from "@/server/invoices/billing";
import { addDays, todayIn } from "@/lib/invoices/dates";
import { issueInvoices, type DraftInvoice, type DraftLine } from "@/server/invoices/issue";
import { Prng } from "./prng";
import type { DemoPlan } from "./plan";
import type { Seeder } from "./seeder";
import { DEMO_BANKS } from "./sites";
import { hasFeature } from "@/lib/features";

/** IBAN with its check digits computed (ISO 13616, mod 97). */
export function ibanWithCheck(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`.toUpperCase()].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join("");
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return `${country}${String(98 - rest).padStart(2, "0")}${bban}`;
}

/** The demo suppliers' invoicing details. */
const PROFILES: Record<string, BillingProfileInput> = {
  aurora: {
    legalName: "Aurora Energia Oy",
    street: "Energiakatu 1",
    postalCode: "00100",
    city: "Helsinki",
    registryCode: "2345678-0",
    vatNumber: "FI23456780",
    iban: ibanWithCheck("FI", "12345600000785"),
    bic: "NDEAFIHH",
    bankName: "Nordea",
    email: "laskutus@aurora-energia.example",
    phone: "+358 9 4250 1000",
    paymentTermDays: 14,
    postponeMaxDays: 14,
    postponeMaxDaysAdvanced: 30,
    postponeFeeCents: 500,
    postponeFeeVatable: false,
  },
  laane: {
    legalName: "Lääne Energia AS",
    street: "Pärnu mnt 10",
    postalCode: "10148",
    city: "Tallinn",
    registryCode: "12345678",
    vatNumber: "EE101234567",
    iban: ibanWithCheck("EE", "2200221020145685"),
    bic: "HABAEE2X",
    bankName: "Swedbank",
    email: "arved@laane-energia.example",
    phone: "+372 600 1234",
    paymentTermDays: 14,
    postponeFeeCents: 0,
  },
  daugava: {
    legalName: "Daugavas Enerģija SIA",
    street: "Krišjāņa Valdemāra iela 1",
    postalCode: "LV-1010",
    city: "Rīga",
    registryCode: "40003123456",
    vatNumber: "LV40003123456",
    iban: ibanWithCheck("LV", "HABA0551234567890"),
    bic: "HABALV22",
    bankName: "Swedbank",
    email: "rekini@daugava-energija.example",
    phone: "+371 6700 0000",
    paymentTermDays: 20,
    postponeFeeCents: 300,
    postponeFeeVatable: true,
  },
};

/** The 13 whole local months before the current one (fewer when the readings are shorter). */
function pastMonths(timezone: string, now: number, count: number): string[] {
  const p = localParts(now, timezone);
  const out: string[] = [];
  for (let k = count; k >= 1; k--) {
    const d = new Date(Date.UTC(p.year, p.month - 1 - k, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return out;
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

type Channel = "email" | "postal" | "e-invoice";

/**
 * Demo invoices: one per customer and past month, from the readings, spot prices, contracts
 * and VAT the metering seeder left. The latest invoice of everyone is open; a few customers let
 * an older one run overdue; on sites with receivables outsourcing one old invoice is with the
 * collection agency; the rest are paid, some days before the due date. Some customers get
 * e-invoices, some paper invoices with a paper invoice fee.
 */
async function seedSite(db: Db, plan: DemoPlan, now: number, log: (m: string) => void): Promise<number> {
  const { site } = plan;
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from invoices where site_id = ${site.id}`);
  if (Number(existing.n) > 0) return 0;
  await upsertBillingProfile(site.id, PROFILES[site.id] ?? { legalName: site.companyName }, db);
  const [row] = await db.select({ features: sites.features, country: sites.country }).from(sites).where(eq(sites.id, site.id));
  const outsourcing = hasFeature(row, "invoices.receivable-outsourced");

  const [span] = await queryRows<{ first: string | null }>(
    db,
    sql`select min(r.start) as first from interval_readings r join metering_points mp on mp.id = r.metering_point_id where mp.site_id = ${site.id} and r.series = 1`,
  );
  if (!span.first) return 0;
  const firstMs = new Date(span.first).getTime();
  const months = pastMonths(site.timezone, now, 13).filter((m) => {
    const [y, mo] = m.split("-").map(Number);
    return zonedTimeToUtc(y, mo, 1, 0, 0, site.timezone) >= firstMs;
  });
  const bills = await monthlyBills(db, { siteId: site.id, country: row.country, timezone: site.timezone, months });
  if (!bills.length) return 0;

  const today = todayIn(site.timezone, new Date(now));
  const latestMonth = months[months.length - 1];
  const byCustomer = new Map<string, MonthlyBill[]>();
  for (const b of bills) byCustomer.set(b.customerId, [...(byCustomer.get(b.customerId) ?? []), b]);

  const vatOf = (b: MonthlyBill) => b.lines[0]?.vatRateBasisPoints ?? 0;
  const drafts: DraftInvoice[] = [];
  let outsourcedOne = false;
  for (const customer of plan.customers) {
    const own = byCustomer.get(customer.id);
    if (!own) continue;
    const prng = new Prng(`${site.id}:invoices:${customer.id}`);
    const channel: Channel = customer.kind === "legal" ? (prng.chance(0.6) ? "e-invoice" : "email") : prng.chance(0.2) ? "e-invoice" : prng.chance(0.12) ? "postal" : "email";
    const overdueMonth = customer.owner?.persona !== "house-gas" && prng.chance(0.18) && own.length > 2 ? own[own.length - 2].month : null;
    const payEarlyDays = prng.int(0, 6);
    for (const bill of own) {
      const lines: DraftLine[] = [...bill.lines];
      if (channel === "postal") {
        lines.push({ component: "PaperBill", quantity: "1", unit: "pcs", unitPriceCents: 290, netCents: 290, vatRateBasisPoints: vatOf(bill) });
      }
      const periodEnd = bill.periodEnd;
      const latest = bill.month === latestMonth;
      // The latest invoice has just been sent and is not due yet, whatever day the demo starts on.
      let issueDate = latest ? maxDate(addDays(periodEnd, 1), addDays(today, -3)) : addDays(periodEnd, 4 + prng.int(0, 3));
      if (issueDate > today) issueDate = today;
      const profileTerm = (PROFILES[site.id]?.paymentTermDays as number | undefined) ?? 14;
      const dueDate = addDays(issueDate, profileTerm);
      let status: DraftInvoice["status"] = "paid";
      let paidAt: Date | null = null;
      if (latest || bill.month === overdueMonth) status = "open";
      else if (outsourcing && !outsourcedOne && customer.owner?.persona === "house-gas" && own.length > 4 && bill.month === own[0].month) {
        status = "outsourced";
        outsourcedOne = true;
      }
      if (status === "paid") {
        const paidDay = addDays(dueDate, -Math.min(payEarlyDays + prng.int(0, 2), 10));
        const paidOn = paidDay < issueDate ? issueDate : paidDay > today ? today : paidDay;
        paidAt = new Date(`${paidOn}T${String(8 + prng.int(0, 9)).padStart(2, "0")}:${String(prng.int(0, 59)).padStart(2, "0")}:00Z`);
      }
      drafts.push({
        siteId: site.id,
        customerId: customer.id,
        type: channel === "e-invoice" ? "E-Invoice" : "Regular",
        deliveryChannel: channel,
        issueDate,
        dueDate,
        periodStart: bill.periodStart,
        periodEnd,
        lines,
        meteringPoints: bill.meteringPoints,
        status,
        paidAt,
        outsourcedAt: status === "outsourced" ? new Date(`${addDays(dueDate, 45) < today ? addDays(dueDate, 45) : today}T09:00:00Z`) : null,
      });
    }
  }
  // Invoice numbers run in issue order, as a billing run would give them.
  drafts.sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.customerId.localeCompare(b.customerId));
  const issued = await issueInvoices(drafts, db);
  await seedPortalPayments(db, plan, issued);
  log(`    ${site.id}: ${drafts.length} invoices`);
  return drafts.length;
}

/**
 * The demo personas paid some of their invoices in the portal: those have a succeeded payment
 * with its event log, as the payment flow leaves it.
 */
async function seedPortalPayments(db: Db, plan: DemoPlan, issued: (typeof invoices.$inferSelect)[]) {
  const personas = new Set(plan.customers.filter((c) => c.owner?.persona).map((c) => c.id));
  const paid = issued.filter((i) => personas.has(i.customerId) && i.status === "paid" && i.paidAt);
  const chosen = paid.filter((_, k) => k % 2 === 0);
  // A persona without such a payment once started paying the latest invoice and cancelled at the bank.
  const withPayment = new Set(chosen.map((i) => i.customerId));
  const latestOpen = new Map<string, typeof invoices.$inferSelect>();
  for (const i of issued) if (personas.has(i.customerId) && !withPayment.has(i.customerId) && i.status === "open") latestOpen.set(i.customerId, i);
  const attempts = [...latestOpen.values()];
  if (!chosen.length && !attempts.length) return;
  const bank = DEMO_BANKS[plan.site.country][0].bic;
  const prng = new Prng(`${plan.site.id}:portal-payments`);
  const cancelled = attempts.map((inv) => {
    const createdAt = new Date(`${inv.issueDate}T12:00:00Z`);
    const finishedAt = new Date(createdAt.getTime() + prng.int(60, 300) * 1000);
    return { inv, createdAt, finishedAt, status: "cancelled" as const };
  });
  const succeeded = chosen.map((inv) => {
    const finishedAt = inv.paidAt!;
    return { inv, createdAt: new Date(finishedAt.getTime() - prng.int(60, 400) * 1000), finishedAt, status: "succeeded" as const };
  });
  const rows = [...succeeded, ...cancelled].map(({ inv, createdAt, finishedAt, status }) => {
    return {
      id: prng.uuid(),
      siteId: plan.site.id,
      customerId: inv.customerId,
      invoiceId: inv.id,
      provider: "sandbox" as const,
      method: prng.chance(0.7) ? ("bank" as const) : ("card" as const),
      bankBic: null as string | null,
      amountCents: Number(inv.totalCents),
      currency: inv.currency,
      status,
      providerReference: `demo-${prng.id()}`,
      createdAt,
      updatedAt: finishedAt,
      lastCheckedAt: finishedAt,
      finishedAt,
    };
  });
  for (const r of rows) if (r.method === "bank") r.bankBic = bank;
  await db.insert(payments).values(rows);
  await db.insert(paymentEvents).values(
    rows.flatMap((r) => {
      const mid = new Date((r.createdAt.getTime() + r.finishedAt.getTime()) / 2);
      const base = { paymentId: r.id, siteId: r.siteId, provider: r.provider };
      if (r.status === "cancelled") {
        return [
          { ...base, kind: "created", toStatus: "created", createdAt: r.createdAt },
          { ...base, kind: "transition", fromStatus: "created", toStatus: "cancelled", createdAt: r.finishedAt, details: { source: "status-check", raw: "cancelled" } },
        ];
      }
      return [
        { ...base, kind: "created", toStatus: "created", createdAt: r.createdAt },
        { ...base, kind: "transition", fromStatus: "created", toStatus: "pending", createdAt: mid, details: { source: "callback" } },
        { ...base, kind: "transition", fromStatus: "pending", toStatus: "succeeded", createdAt: r.finishedAt, details: { source: "callback" } },
        { ...base, kind: "invoice-paid", createdAt: r.finishedAt, details: { invoiceId: r.invoiceId } },
      ];
    }),
  );
}

export const invoiceSeeder: Seeder = {
  name: "invoices",
  async run({ db, plans, log }) {
    const now = Date.now();
    for (const plan of plans) await seedSite(db, plan, now, log);
    await db.execute(sql`analyze ${invoices}`);
  },
};
