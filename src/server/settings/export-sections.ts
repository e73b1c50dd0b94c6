import "server-only";
import { and, asc, desc, eq, inArray, or, sql, like } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { auditLog, consentRecords, customerAccess, feedbackSubmissions, invoiceLines, invoices, meteringPoints, payments } from "@/server/db/schema";
import type { AccessRole } from "@/server/customers/access";
import { profileFor } from "@/server/customers/profile";
import type { SettingsSite } from "./actor";
import { listContacts } from "./contacts";
import { listAddresses } from "./addresses";
import { listBankAccounts } from "./bank-accounts";
import { getMembership } from "./membership";
import { hasFeature } from "@/lib/features";
import { supportExportSection } from "@/server/support/export";
import { notificationsExportSection } from "@/server/notifications/export";
import { outageContactsExportSection } from "@/server/outages/contacts";
import { apiAccessExportSection } from "@/server/tokens/export";
import { contractsExportSection } from "@/server/contracts/export";

/** What a section of the customer's data export is collected for. */
export interface ExportContext {
  site: SettingsSite;
  customerId: string;
  personId: string;
  role: AccessRole;
}

/**
 * One kind of data in "my data" (GET /api/me/export): its key in the file's `sections` and how
 * it is collected, scoped to the site and customer. A section that answers undefined is left out
 * (an area switched off, or nothing of the kind).
 */
export interface ExportSection {
  key: string;
  collect: (ctx: ExportContext) => Promise<unknown>;
}

const profile: ExportSection = {
  key: "profile",
  async collect(ctx) {
    const { permissions: _permissions, role: _role, ...rest } = await profileFor({ ...ctx, requestId: null });
    return rest;
  },
};

const contacts: ExportSection = { key: "contacts", collect: (ctx) => listContacts(ctx.site, ctx.customerId) };

const addresses: ExportSection = {
  key: "addresses",
  async collect(ctx) {
    const list = await listAddresses({ ...ctx, role: "owner" });
    return list.map(({ editable: _editable, ...a }) => a);
  },
};

const bankAccounts: ExportSection = {
  key: "bankAccounts",
  async collect(ctx) {
    const list = await listBankAccounts(ctx.site.id, ctx.customerId);
    return list.map(({ inUseReason: _reason, ...a }) => a);
  },
};

const invoiceSection: ExportSection = {
  key: "invoices",
  async collect({ site, customerId }) {
    const db = await getDb();
    const rows = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.siteId, site.id), eq(invoices.customerId, customerId)))
      .orderBy(desc(invoices.issueDate), desc(invoices.invoiceNumber));
    const ids = rows.map((r) => r.id);
    const lines = ids.length
      ? await db
          .select()
          .from(invoiceLines)
          .where(and(eq(invoiceLines.siteId, site.id), inArray(invoiceLines.invoiceId, ids)))
          .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position))
      : [];
    const paid = ids.length
      ? await db
          .select()
          .from(payments)
          .where(and(eq(payments.siteId, site.id), eq(payments.customerId, customerId)))
          .orderBy(asc(payments.createdAt))
      : [];
    return rows.map((r) => ({
      invoiceNumber: r.invoiceNumber,
      referenceNumber: r.referenceNumber,
      type: r.type,
      status: r.status,
      issueDate: r.issueDate,
      dueDate: r.dueDate,
      originalDueDate: r.originalDueDate,
      periodStart: r.periodStart,
      periodEnd: r.periodEnd,
      deliveryChannel: r.deliveryChannel,
      currency: r.currency,
      netCents: r.netCents,
      vatCents: r.vatCents,
      totalCents: r.totalCents,
      paidAt: r.paidAt?.toISOString() ?? null,
      lines: lines
        .filter((l) => l.invoiceId === r.id)
        .map((l) => ({
          component: l.component,
          gsrn: l.gsrn,
          productName: l.productName,
          quantity: Number(l.quantity),
          unit: l.unit,
          unitPriceCents: Number(l.unitPriceCents),
          netCents: l.netCents,
          vatRateBasisPoints: l.vatRateBasisPoints,
          vatCents: l.vatCents,
          totalCents: l.totalCents,
        })),
      payments: paid.filter((p) => p.invoiceId === r.id).map((p) => ({ status: p.status, provider: p.provider, method: p.method, amountCents: p.amountCents, createdAt: p.createdAt.toISOString() })),
    }));
  },
};

/** Per metering point: what it is, where, the span of its data and its energy per month (kWh). */
const readings: ExportSection = {
  key: "readings",
  async collect({ site, customerId }) {
    const db = await getDb();
    const points = await db
      .select()
      .from(meteringPoints)
      .where(and(eq(meteringPoints.siteId, site.id), eq(meteringPoints.customerId, customerId)))
      .orderBy(asc(meteringPoints.gsrn));
    if (!points.length) return [];
    const ids = points.map((p) => p.id);
    const monthly = await queryRows<{ id: string; series: number; month: string; wh: number; first_day: string; last_day: string }>(
      db,
      sql`select metering_point_id::text as id, series, to_char(date_trunc('month', day), 'YYYY-MM') as month,
                 sum(value_wh)::float8 as wh, min(day)::text as first_day, max(day)::text as last_day
          from interval_readings_daily
          where metering_point_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          group by 1, 2, 3 order by 1, 3, 2`,
    );
    return points.map((p) => {
      const mine = monthly.filter((m) => m.id === p.id);
      const months = [...new Set(mine.map((m) => m.month))];
      const kwh = (month: string, series: number) => {
        const row = mine.find((m) => m.month === month && Number(m.series) === series);
        return row ? Math.round(Number(row.wh)) / 1000 : null;
      };
      return {
        gsrn: p.gsrn,
        energyKind: p.energyKind,
        usagePointKind: p.usagePointKind,
        address: { street: p.street, postalCode: p.postalCode, city: p.city },
        meterNumber: p.meterNumber,
        intervalMinutes: p.intervalMinutes,
        hasProduction: p.hasProduction,
        firstDay: mine.length ? mine.map((m) => m.first_day).sort()[0] : null,
        lastDay: mine.length
          ? mine
              .map((m) => m.last_day)
              .sort()
              .at(-1)!
          : null,
        monthly: months.map((month) => ({ month, consumptionKwh: kwh(month, 1), productionKwh: p.hasProduction ? kwh(month, 2) : undefined })),
      };
    });
  },
};

/** Marketing consents of the customer, and the cookie choices of the people who own the account. */
const consents: ExportSection = {
  key: "consents",
  async collect({ site, customerId }) {
    const db = await getDb();
    const owners = await db
      .select({ personId: customerAccess.personId })
      .from(customerAccess)
      .where(and(eq(customerAccess.siteId, site.id), eq(customerAccess.customerId, customerId), eq(customerAccess.role, "owner")));
    const me = await profileFor({ site, customerId, personId: "", role: "owner" });
    const cookies = owners.length
      ? await db
          .select()
          .from(consentRecords)
          .where(
            and(
              eq(consentRecords.siteId, site.id),
              inArray(
                consentRecords.personId,
                owners.map((o) => o.personId),
              ),
            ),
          )
          .orderBy(asc(consentRecords.consentTimestamp))
      : [];
    return {
      marketing: me.marketing,
      cookieConsents: cookies.map((c) => ({
        consentId: c.consentId,
        categories: c.categories,
        services: c.services,
        revision: c.revision,
        languageCode: c.languageCode,
        consentTimestamp: c.consentTimestamp.toISOString(),
        lastConsentTimestamp: c.lastConsentTimestamp.toISOString(),
      })),
    };
  },
};

const feedback: ExportSection = {
  key: "feedback",
  async collect({ site, customerId }) {
    const db = await getDb();
    const rows = await db
      .select()
      .from(feedbackSubmissions)
      .where(and(eq(feedbackSubmissions.siteId, site.id), eq(feedbackSubmissions.customerId, customerId)))
      .orderBy(asc(feedbackSubmissions.createdAt));
    return rows.map((r) => ({ rating: r.rating, openText: r.openText, locale: r.locale, createdAt: r.createdAt.toISOString() }));
  },
};

const membership: ExportSection = {
  key: "membership",
  async collect({ site, customerId }) {
    if (!hasFeature(site, "membership")) return undefined;
    return getMembership(site, customerId).catch(() => undefined);
  },
};

/**
 * When customer service looked at or acted in the account (the customer's right to know who
 * processed their data): what was done and when, by customer service (staff are not named).
 */
const customerServiceAccess: ExportSection = {
  key: "customerServiceAccess",
  async collect({ site, customerId }) {
    const db = await getDb();
    const rows = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.siteId, site.id),
          eq(auditLog.customerId, customerId),
          or(like(auditLog.action, "customer-service:%"), like(auditLog.action, "api:%"), sql`${auditLog.details}->>'customerService' = 'true'`),
        ),
      )
      .orderBy(asc(auditLog.createdAt))
      .limit(10_000);
    return rows.map((r) => ({ at: r.createdAt.toISOString(), action: r.action, details: r.details }));
  },
};

/**
 * The sections of the export, in the file's order. An area with data about customers adds its
 * section here (contracts and support tickets when their areas keep them).
 */
export const EXPORT_SECTIONS: ExportSection[] = [
  profile,
  contacts,
  addresses,
  bankAccounts,
  invoiceSection,
  readings,
  consents,
  feedback,
  membership,
  supportExportSection,
  outageContactsExportSection,
  notificationsExportSection,
  apiAccessExportSection,
  contractsExportSection,
  customerServiceAccess,
];
