import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { customers, invoiceLines, invoiceMeteringPoints, invoices, sites, type DeliveryChannel, type InvoiceStatus, type InvoiceType, type LineComponent, type LineUnit } from "@/server/db/schema";
import { computeTotals } from "@/lib/invoices/amounts";
import { formatInvoiceNumber, getBillingProfile, reserveInvoiceSeq } from "./billing-profile";
import { addDays } from "@/lib/invoices/dates";
import { invoiceReference } from "@/lib/invoices/reference-number";

export interface DraftLine {
  component: LineComponent;
  meteringPointId?: string | null;
  gsrn?: string | null;
  productName?: string | null;
  quantityWh?: number | null;
  /** Decimal string in `unit`, e.g. "312.450" kWh or "1" month. */
  quantity: string;
  unit: LineUnit;
  /** Cents per unit without VAT. */
  unitPriceCents: number;
  netCents: number;
  vatRateBasisPoints: number;
}

export interface DraftMeteringPoint {
  meteringPointId: string;
  gsrn: string;
  energyKind: string;
  address: string;
  consumptionWh: number;
  previousYearConsumptionWh: number | null;
}

export interface DraftInvoice {
  siteId: string;
  customerId: string;
  type?: InvoiceType;
  deliveryChannel?: DeliveryChannel;
  currency?: string;
  issueDate: string;
  /** Defaults to the issue date plus the site's payment term. */
  dueDate?: string;
  periodStart: string;
  periodEnd: string;
  lines: DraftLine[];
  meteringPoints?: DraftMeteringPoint[];
  status?: InvoiceStatus;
  paidAt?: Date | null;
  outsourcedAt?: Date | null;
}

export type InvoiceRow = typeof invoices.$inferSelect;

const CHUNK = 400;

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Issues invoices: numbers from the site's sequence, the country's reference, totals with VAT
 * per rate. All drafts must belong to one site. Returns the rows in draft order.
 */
export async function issueInvoices(drafts: DraftInvoice[], db?: Db): Promise<InvoiceRow[]> {
  if (!drafts.length) return [];
  const d = db ?? (await getDb());
  const siteId = drafts[0].siteId;
  if (drafts.some((x) => x.siteId !== siteId)) throw new Error("issueInvoices takes drafts of one site");
  const [site] = await d.select({ country: sites.country }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new Error(`No site ${siteId}`);
  const profile = await getBillingProfile(siteId, d);
  const codes = new Map((await d.select({ id: customers.id, clientCode: customers.clientCode }).from(customers).where(eq(customers.siteId, siteId))).map((c) => [c.id, c.clientCode]));
  return d.transaction(async (tx) => {
    const firstSeq = await reserveInvoiceSeq(siteId, drafts.length, tx);
    const prepared = drafts.map((draft, i) => {
      const code = codes.get(draft.customerId);
      if (!code) throw new Error(`Customer ${draft.customerId} is not a customer of ${siteId}`);
      const seq = firstSeq + i;
      const invoiceNumber = formatInvoiceNumber(profile, draft.issueDate, seq);
      const totals = computeTotals(draft.lines);
      const dueDate = draft.dueDate ?? addDays(draft.issueDate, profile.paymentTermDays);
      const status = draft.status ?? "open";
      return {
        draft,
        totals,
        row: {
          siteId,
          customerId: draft.customerId,
          invoiceNumber,
          referenceNumber: invoiceReference(site.country, code, seq, invoiceNumber),
          type: draft.type ?? (draft.deliveryChannel === "e-invoice" ? "E-Invoice" : "Regular"),
          status,
          issueDate: draft.issueDate,
          dueDate,
          originalDueDate: dueDate,
          periodStart: draft.periodStart,
          periodEnd: draft.periodEnd,
          deliveryChannel: draft.deliveryChannel ?? (draft.type === "E-Invoice" ? "e-invoice" : "email"),
          currency: draft.currency ?? "EUR",
          netCents: totals.netCents,
          vatCents: totals.vatCents,
          totalCents: totals.totalCents,
          paidAt: status === "paid" ? (draft.paidAt ?? new Date(`${dueDate}T10:00:00Z`)) : null,
          outsourcedAt: status === "outsourced" ? (draft.outsourcedAt ?? new Date()) : null,
        } satisfies typeof invoices.$inferInsert,
      };
    });

    const inserted: InvoiceRow[] = [];
    await inChunks(prepared, async (chunk) => {
      inserted.push(
        ...(await tx
          .insert(invoices)
          .values(chunk.map((p) => p.row))
          .returning()),
      );
    });
    const byNumber = new Map(inserted.map((r) => [r.invoiceNumber, r]));
    const lineRows = prepared.flatMap((p) => {
      const id = byNumber.get(p.row.invoiceNumber)!.id;
      return p.draft.lines.map((l, position) => ({
        invoiceId: id,
        siteId,
        position,
        component: l.component,
        meteringPointId: l.meteringPointId ?? null,
        gsrn: l.gsrn ?? null,
        productName: l.productName ?? null,
        quantityWh: l.quantityWh ?? null,
        quantity: l.quantity,
        unit: l.unit,
        unitPriceCents: l.unitPriceCents.toFixed(6),
        netCents: l.netCents,
        vatRateBasisPoints: l.vatRateBasisPoints,
        vatCents: p.totals.lineVatCents[position],
        totalCents: l.netCents + p.totals.lineVatCents[position],
      }));
    });
    await inChunks(lineRows, (chunk) => tx.insert(invoiceLines).values(chunk));
    const pointRows = prepared.flatMap((p) => {
      const id = byNumber.get(p.row.invoiceNumber)!.id;
      return (p.draft.meteringPoints ?? []).map((m) => ({ invoiceId: id, siteId, ...m }));
    });
    await inChunks(pointRows, (chunk) => tx.insert(invoiceMeteringPoints).values(chunk));
    return prepared.map((p) => byNumber.get(p.row.invoiceNumber)!);
  });
}

export async function issueInvoice(draft: DraftInvoice, db?: Db): Promise<InvoiceRow> {
  const [row] = await issueInvoices([draft], db);
  return row;
}
