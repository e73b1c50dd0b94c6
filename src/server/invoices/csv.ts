import "server-only";
import { centsToDecimal } from "@/lib/invoices/amounts";
import { centsPerKwhUnit } from "@/i18n/format";
import { csvDialect, csvDocument, csvNumber, plainDecimal } from "@/lib/csv";
import type { InvoiceDetail } from "./invoices";

/**
 * The invoice as CSV for spreadsheets and bookkeeping: a header row, then one row per invoice
 * line. Column names are fixed (for programs that read them); numbers have no grouping, amounts
 * are in the currency's units with two decimals; separators and the decimal mark follow the
 * locale as spreadsheet programs expect (src/lib/csv.ts).
 */
export const CSV_COLUMNS = [
  "invoice_number",
  "reference_number",
  "issue_date",
  "due_date",
  "period_start",
  "period_end",
  "currency",
  "line",
  "component",
  "description",
  "product",
  "metering_point",
  "quantity",
  "unit",
  "quantity_wh",
  "unit_price_excl_vat",
  "unit_price_unit",
  "net_amount",
  "vat_rate_percent",
  "vat_amount",
  "total_amount",
] as const;

export function renderInvoiceCsv(invoice: InvoiceDetail, describe: (component: string) => string, locale: string): string {
  const dialect = csvDialect(locale);
  const num = (plain: string) => csvNumber(plain, dialect);
  const rows: string[][] = [[...CSV_COLUMNS]];
  invoice.lines.forEach((l, i) => {
    const energy = l.unit === "kWh";
    rows.push(
      [
        invoice.invoiceNumber,
        invoice.referenceNumber,
        invoice.issueDate,
        invoice.dueDate,
        invoice.periodStart,
        invoice.periodEnd,
        invoice.currency,
        String(i + 1),
        l.component,
        describe(l.component),
        l.productName,
        l.gsrn,
        num(plainDecimal(l.quantity, 3)),
        l.unit,
        l.quantityWh === null ? "" : String(l.quantityWh),
        // Energy is priced in cents per kWh, other lines in the currency per unit.
        num(energy ? plainDecimal(l.unitPriceCents, 6) : plainDecimal(l.unitPriceCents / 100, 6, 2)),
        energy ? centsPerKwhUnit(locale) : `${invoice.currency}/${l.unit}`,
        num(centsToDecimal(l.netCents)),
        num(plainDecimal(l.vatRate, 2)),
        num(centsToDecimal(l.vatCents)),
        num(centsToDecimal(l.totalCents)),
      ].map((v) => v ?? ""),
    );
  });
  return csvDocument(rows, dialect);
}

export function invoiceCsvFilename(invoiceNumber: string): string {
  return `invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, "")}.csv`;
}
