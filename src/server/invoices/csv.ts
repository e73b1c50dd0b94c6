import "server-only";
import { centsToDecimal } from "@/lib/invoices/amounts";
import type { InvoiceDetail } from "./invoices";

/**
 * The invoice as CSV for spreadsheets and bookkeeping: a header row, then one row per invoice
 * line. Numbers are locale-independent (dot decimals, no grouping), amounts in the currency's
 * units with two decimals, text in UTF-8 without a byte-order mark, rows ended by CRLF (RFC 4180).
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

function cell(value: string | number | null): string {
  if (value === null) return "";
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A plain decimal without exponent or grouping, trailing zeros trimmed to at least `min` decimals. */
export function plainDecimal(value: number, max: number, min = 0): string {
  let s = value.toFixed(max);
  if (s.includes(".")) {
    s = s.replace(/0+$/, "");
    const decimals = s.split(".")[1]?.length ?? 0;
    if (decimals < min) s = s.padEnd(s.length + (min - decimals), "0");
    s = s.replace(/\.$/, "");
  }
  return s === "-0" ? "0" : s;
}

export function renderInvoiceCsv(invoice: InvoiceDetail, describe: (component: string) => string): string {
  const rows: string[] = [CSV_COLUMNS.join(",")];
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
        i + 1,
        l.component,
        describe(l.component),
        l.productName,
        l.gsrn,
        plainDecimal(l.quantity, 3),
        l.unit,
        l.quantityWh,
        // Energy is priced in cents per kWh, other lines in the currency per unit.
        energy ? plainDecimal(l.unitPriceCents, 6) : plainDecimal(l.unitPriceCents / 100, 6, 2),
        energy ? "c/kWh" : `${invoice.currency}/${l.unit}`,
        centsToDecimal(l.netCents),
        plainDecimal(l.vatRate, 2),
        centsToDecimal(l.vatCents),
        centsToDecimal(l.totalCents),
      ]
        .map(cell)
        .join(","),
    );
  });
  return `${rows.join("\r\n")}\r\n`;
}

export function invoiceCsvFilename(invoiceNumber: string): string {
  return `invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, "")}.csv`;
}
