import "server-only";
import path from "node:path";
import { serverTranslator } from "@/i18n/server-translator";
import { centsPerKwhUnit, formatIban, formatter, type NumberStyle } from "@/i18n/format";
import { getTheme } from "@/themes/registry";
import { contrastRatio } from "@/themes/contrast";
import type { InvoiceDetail } from "./invoices";
import { formatReference } from "@/lib/invoices/reference-number";

/**
 * The invoice as a PDF document in the site's colours and the customer's language, with what
 * an energy bill must show (EU Directive 2019/944, Annex I): supplier and customer, metering
 * points, consumption and the same period a year earlier (also as a chart), unit prices per
 * component, fees, VAT per rate, the total, and how to pay it.
 */

const FONT_DIR = path.join(process.cwd(), "src/server/invoices/pdf-fonts");
const REGULAR = "Body";
const BOLD = "Bold";

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const FOOTER_HEIGHT = 40;

export interface PdfContext {
  companyName: string;
  themeId: string;
  locale: string;
  /** The site's time zone, for the payment date; without it the date is the UTC one. */
  timeZone?: string;
}

type Doc = PDFKit.PDFDocument;

/**
 * The portal's formatting, as the invoice pages show the same figures. Narrow no-break spaces
 * (some locales' group separator) become plain no-break spaces: text copied or extracted from
 * the PDF keeps those as spaces.
 */
function formatters(locale: string, timeZone?: string) {
  const f = formatter(locale, timeZone);
  const tidy = (s: string) => s.replace(/\u202f/g, "\u00a0");
  return {
    money: (cents: number, currency: string) => tidy(f.money(cents, currency)),
    kwh: (wh: number) => tidy(f.kwh(wh)),
    date: f.date,
    period: f.period,
    number: (value: number, style: NumberStyle) => tidy(f.number(value, style)),
    percent: (value: number) => tidy(f.percent(value)),
    change: (fraction: number) => tidy(f.change(fraction)),
  };
}

/** Renders the PDF into a buffer. */
export async function renderInvoicePdf(invoice: InvoiceDetail, ctx: PdfContext): Promise<Buffer> {
  const t = serverTranslator(ctx.locale, "invoices");
  const f = formatters(ctx.locale, ctx.timeZone);
  const theme = getTheme(ctx.themeId);
  const primary = theme.primary[theme.primaryShade.light];
  const tint = theme.primary[0];
  const ink = theme.text.light;
  const muted = "#5f6368";
  const onPrimary = contrastRatio("#ffffff", primary) >= 4.5 ? "#ffffff" : ink;

  // Loaded on the first document: pdfkit and its fonts are megabytes the server need not hold until then.
  const { default: PDFDocument } = await import("pdfkit");
  const doc: Doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: {
      Title: `${t("pdf.title")} ${invoice.invoiceNumber}`,
      Author: invoice.supplier.name,
      Subject: `${t("pdf.period")} ${f.period(invoice.periodStart, invoice.periodEnd)}`,
      Creator: ctx.companyName,
    },
    lang: ctx.locale,
  });
  doc.registerFont(REGULAR, path.join(FONT_DIR, "DejaVuSans.ttf"));
  doc.registerFont(BOLD, path.join(FONT_DIR, "DejaVuSans-Bold.ttf"));
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const bottom = PAGE.height - PAGE.margin - FOOTER_HEIGHT;
  let y = 0;
  const ensure = (height: number) => {
    if (y + height > bottom) {
      doc.addPage();
      y = PAGE.margin;
    }
  };
  const text = (value: string, x: number, top: number, opts: { width?: number; align?: "left" | "right" | "center"; size?: number; bold?: boolean; color?: string } = {}) => {
    doc
      .font(opts.bold ? BOLD : REGULAR)
      .fontSize(opts.size ?? 9)
      .fillColor(opts.color ?? ink)
      .text(value, x, top, { width: opts.width, align: opts.align ?? "left", lineBreak: opts.width !== undefined });
  };
  const heightOf = (value: string, width: number, size = 9, bold = false) =>
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(size)
      .heightOfString(value, { width });
  /** A section heading, kept on one page with the first `keepWith` points of its section. */
  const heading = (label: string, keepWith = 50) => {
    ensure(keepWith + 28);
    y += 8;
    text(label, PAGE.margin, y, { size: 11, bold: true, color: primary });
    y += 15;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(0.8)
      .strokeColor(primary)
      .stroke();
    y += 5;
  };

  interface Column {
    label: string;
    width: number;
    align?: "left" | "right";
  }
  const table = (columns: Column[], rows: { cells: string[]; sub?: string; bold?: boolean }[]) => {
    const drawHeader = () => {
      let x = PAGE.margin;
      const h = Math.max(...columns.map((c) => heightOf(c.label, c.width - 6, 8, true))) + 6;
      doc.rect(PAGE.margin, y, CONTENT_WIDTH, h).fill(tint);
      for (const c of columns) {
        text(c.label, x + 3, y + 3, { width: c.width - 6, align: c.align, size: 8, bold: true });
        x += c.width;
      }
      y += h + 2;
    };
    ensure(40);
    drawHeader();
    for (const row of rows) {
      const heights = row.cells.map((cell, i) => heightOf(cell, columns[i].width - 6, 9, row.bold));
      const subHeight = row.sub ? heightOf(row.sub, columns[0].width - 6, 7) : 0;
      const h = Math.max(...heights, heights[0] + subHeight) + 6;
      if (y + h > bottom) {
        doc.addPage();
        y = PAGE.margin;
        drawHeader();
      }
      let x = PAGE.margin;
      row.cells.forEach((cell, i) => {
        text(cell, x + 3, y + 3, { width: columns[i].width - 6, align: columns[i].align, bold: row.bold });
        x += columns[i].width;
      });
      if (row.sub) text(row.sub, PAGE.margin + 3, y + 3 + heights[0], { width: columns[0].width - 6, size: 7, color: muted });
      y += h;
      doc
        .moveTo(PAGE.margin, y)
        .lineTo(PAGE.margin + CONTENT_WIDTH, y)
        .lineWidth(0.3)
        .strokeColor("#d0d4da")
        .stroke();
    }
  };

  /* Header band: the supplier's colours and name (SVG logos are not embeddable). */
  const band = 66;
  doc.rect(0, 0, PAGE.width, band).fill(primary);
  text(ctx.companyName, PAGE.margin, 22, { size: 18, bold: true, color: onPrimary, width: 330 });
  const title = invoice.type === "E-Invoice" ? t("pdf.eInvoiceCopy") : t("pdf.title");
  text(title, PAGE.margin + 330, 26, { size: 14, bold: true, color: onPrimary, width: CONTENT_WIDTH - 330, align: "right" });
  y = band + 18;

  /* Supplier and customer (left), invoice facts and amount due (right). */
  const leftW = 260;
  const rightX = PAGE.margin + 280;
  const rightW = CONTENT_WIDTH - 280;
  let ly = y;
  const s = invoice.supplier;
  const supplierLines = [
    [s.street, [s.postalCode, s.city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    s.registryCode ? `${t("pdf.registryCode")}: ${s.registryCode}` : "",
    s.vatNumber ? `${t("pdf.vatNumber")}: ${s.vatNumber}` : "",
    [s.email, s.phone].filter(Boolean).join(" · "),
  ].filter(Boolean);
  text(s.name, PAGE.margin, ly, { bold: true, size: 10, width: leftW });
  ly += 14;
  for (const line of supplierLines) {
    text(line, PAGE.margin, ly, { width: leftW, color: muted, size: 8 });
    ly += heightOf(line, leftW, 8) + 1;
  }
  ly += 16;
  text(t("pdf.billTo"), PAGE.margin, ly, { size: 8, color: muted });
  ly += 12;
  const c = invoice.customer;
  for (const [i, line] of [c.name, c.street ?? "", [c.postalCode, c.city].filter(Boolean).join(" ")].filter(Boolean).entries()) {
    text(line, PAGE.margin, ly, { bold: i === 0, size: 10, width: leftW });
    ly += 14;
  }

  let ry = y;
  const fact = (label: string, value: string) => {
    text(label, rightX, ry, { size: 8, color: muted, width: 110 });
    text(value, rightX + 110, ry, { size: 9, width: rightW - 110, align: "right", bold: false });
    ry += Math.max(12, heightOf(value, rightW - 110) + 2);
  };
  fact(t("pdf.invoiceNumber"), invoice.invoiceNumber);
  fact(t("pdf.issueDate"), f.date(invoice.issueDate));
  fact(t("pdf.dueDate"), f.date(invoice.dueDate));
  if (invoice.dueDate !== invoice.originalDueDate) fact(t("pdf.originalDueDate"), f.date(invoice.originalDueDate));
  fact(t("pdf.reference"), invoice.paymentInstructions.referenceFormatted);
  fact(t("pdf.customerNumber"), c.clientCode);
  fact(t("pdf.period"), f.period(invoice.periodStart, invoice.periodEnd));
  fact(t("pdf.deliveryChannel"), t(`channels.${invoice.deliveryChannel}`));

  ry += 6;
  const boxH = 52;
  doc.roundedRect(rightX, ry, rightW, boxH, 4).fill(tint);
  const statusLine =
    invoice.state === "paid" && invoice.paidAt
      ? t("pdf.paidOn", { date: f.date(invoice.paidAt) })
      : invoice.state === "overdue"
        ? t("states.overdue")
        : invoice.state === "outsourced"
          ? t("states.outsourced")
          : `${t("pdf.dueDate")} ${f.date(invoice.dueDate)}`;
  text(t("pdf.amountDue"), rightX + 10, ry + 8, { size: 9, color: muted, width: (rightW - 20) / 2 });
  text(statusLine, rightX + 10 + (rightW - 20) / 2, ry + 8, { size: 8, width: (rightW - 20) / 2, align: "right", color: invoice.state === "overdue" ? "#b3261e" : ink, bold: true });
  text(f.money(invoice.totalCents, invoice.currency), rightX + 10, ry + 22, { size: 16, bold: true, width: rightW - 20 });
  ry += boxH;

  y = Math.max(ly, ry) + 10;
  if (invoice.state === "outsourced") {
    const note = t("pdf.collectionNote");
    text(note, PAGE.margin, y, { width: CONTENT_WIDTH, bold: true, color: "#b3261e" });
    y += heightOf(note, CONTENT_WIDTH, 9, true) + 6;
  }

  /* How to pay: right under the amount, where people look for it. */
  const p = invoice.paymentInstructions;
  if (invoice.state !== "paid" && invoice.state !== "cancelled") {
    heading(t("pdf.paymentInstructions"), 100);
    const left: [string, string][] = [
      [t("pdf.recipient"), p.recipient],
      ...(p.iban ? ([[t("pdf.iban"), formatIban(p.iban)]] as [string, string][]) : []),
      ...(p.bic ? ([[t("pdf.bic"), p.bic]] as [string, string][]) : []),
    ];
    const right: [string, string][] = [
      [t("pdf.reference"), p.referenceFormatted],
      ...(p.rfReference ? ([[t("pdf.rfReference"), formatReference(p.rfReference)]] as [string, string][]) : []),
      [t("pdf.dueDate"), f.date(p.dueDate)],
      [t("pdf.amountDue"), f.money(p.amountCents, p.currency)],
    ];
    const rowsH = Math.max(left.length, right.length) * 13;
    const boxHeight = rowsH + (p.virtualBarcode ? 16 : 0) + 30;
    ensure(boxHeight + 6);
    doc.roundedRect(PAGE.margin, y, CONTENT_WIDTH, boxHeight, 4).lineWidth(1).strokeColor(primary).stroke();
    const half = CONTENT_WIDTH / 2;
    const column = (pairs: [string, string][], x: number, bold: string) => {
      let py = y + 9;
      for (const [label, value] of pairs) {
        text(label, x, py, { size: 8, color: muted, width: 95 });
        text(value, x + 95, py, { size: 9, bold: label === bold, width: half - 110 });
        py += 13;
      }
    };
    column(left, PAGE.margin + 10, "");
    column(right, PAGE.margin + half + 5, t("pdf.reference"));
    let by = y + 9 + rowsH;
    if (p.virtualBarcode) {
      text(t("pdf.virtualBarcode"), PAGE.margin + 10, by + 1, { size: 7, color: muted, width: 95 });
      text(p.virtualBarcode, PAGE.margin + 105, by, { size: 8, width: CONTENT_WIDTH - 115 });
      by += 16;
    }
    text(t("pdf.paymentNote"), PAGE.margin + 10, by + 2, { size: 7, color: muted, width: CONTENT_WIDTH - 20 });
    y += boxHeight + 4;
  }

  /* Metering points and their consumption. */
  if (invoice.meteringPoints.length) {
    heading(t("pdf.meteringPoints"));
    table(
      [
        { label: t("pdf.gsrn"), width: 112 },
        { label: t("pdf.energyKind"), width: 88 },
        { label: t("pdf.address"), width: 125 },
        { label: `${t("pdf.consumption")} (kWh)`, width: 70, align: "right" },
        { label: `${t("pdf.samePeriodLastYear")} (kWh)`, width: 70, align: "right" },
        { label: t("pdf.change"), width: 50, align: "right" },
      ],
      invoice.meteringPoints.map((p) => {
        const prev = p.previousYearConsumptionWh;
        const change = prev && prev > 0 ? (p.consumptionWh - prev) / prev : null;
        return {
          cells: [p.gsrn, t(`energyKinds.${p.energyKind}`), p.address, f.kwh(p.consumptionWh), prev === null ? "–" : f.kwh(prev), change === null ? "–" : f.change(change)],
        };
      }),
    );
  }

  /* Lines: energy per component, margin, fees. */
  heading(t("pdf.lines"));
  table(
    [
      { label: t("pdf.description"), width: 165 },
      { label: t("pdf.quantity"), width: 72, align: "right" },
      { label: t("pdf.unitPrice"), width: 80, align: "right" },
      { label: t("pdf.net"), width: 56, align: "right" },
      { label: t("pdf.vatRate"), width: 38, align: "right" },
      { label: t("pdf.vat"), width: 48, align: "right" },
      { label: t("pdf.total"), width: 56, align: "right" },
    ],
    invoice.lines.map((l) => {
      const energy = l.unit === "kWh";
      const label = [t(`components.${l.component}`), l.productName].filter(Boolean).join(" – ");
      return {
        cells: [
          label,
          `${f.number(l.quantity, "quantity")} ${t(`units.${l.unit}`)}`,
          energy ? `${f.number(l.unitPriceCents, "unitPrice")} ${centsPerKwhUnit(ctx.locale)}` : f.money(Math.round(l.unitPriceCents), invoice.currency),
          f.money(l.netCents, invoice.currency),
          f.percent(l.vatRate),
          f.money(l.vatCents, invoice.currency),
          f.money(l.totalCents, invoice.currency),
        ],
        // With several metering points each line names its own.
        sub: l.gsrn && invoice.meteringPoints.length > 1 ? `${t("pdf.gsrn")} ${l.gsrn}` : undefined,
      };
    }),
  );
  y += 4;
  text(t("pdf.pricesNote"), PAGE.margin, y, { size: 7, color: muted, width: CONTENT_WIDTH });
  y += 12;

  /* VAT per rate and totals. */
  heading(t("pdf.vatBreakdown"));
  table(
    [
      { label: t("pdf.vatRate"), width: 215 },
      { label: t("pdf.net"), width: 100, align: "right" },
      { label: t("pdf.vat"), width: 100, align: "right" },
      { label: t("pdf.total"), width: 100, align: "right" },
    ],
    [
      ...invoice.vatBreakdown.map((g) => ({
        cells: [t("pdf.vatRateLabel", { rate: f.percent(g.vatRate) }), f.money(g.netCents, invoice.currency), f.money(g.vatCents, invoice.currency), f.money(g.totalCents, invoice.currency)],
      })),
      {
        bold: true,
        cells: [t("pdf.totals"), f.money(invoice.netCents, invoice.currency), f.money(invoice.vatCents, invoice.currency), f.money(invoice.totalCents, invoice.currency)],
      },
    ],
  );

  /* The year-ago comparison, in words and as bars. */
  const cmp = invoice.comparison;
  heading(t("pdf.comparison"), 90);
  const chartX = PAGE.margin + 120;
  const chartW = CONTENT_WIDTH - 120 - 90;
  const max = Math.max(cmp.consumptionWh, cmp.previousConsumptionWh ?? 0, 1);
  const bar = (label: string, period: string, wh: number | null, colour: string) => {
    text(label, PAGE.margin, y + 1, { size: 8, bold: true, width: 118 });
    text(period, PAGE.margin, y + 11, { size: 7, color: muted, width: 118 });
    if (wh !== null) {
      doc.rect(chartX, y + 2, Math.max(2, (Math.max(wh, 0) / max) * chartW), 16).fill(colour);
      text(`${f.kwh(wh)} kWh`, chartX + chartW + 6, y + 5, { size: 8, width: 84 });
    } else {
      text(t("pdf.noPreviousData"), chartX, y + 5, { size: 8, color: muted, width: chartW });
    }
    y += 26;
  };
  bar(t("pdf.thisPeriod"), f.period(cmp.periodStart, cmp.periodEnd), cmp.consumptionWh, primary);
  bar(t("pdf.yearEarlier"), f.period(cmp.previousPeriodStart, cmp.previousPeriodEnd), cmp.previousConsumptionWh, "#9aa0a6");
  const summaryText =
    cmp.previousConsumptionWh !== null && cmp.changePercent !== null
      ? t("pdf.comparisonText", { change: f.change(cmp.changePercent / 100), current: f.kwh(cmp.averageDailyWh), previous: f.kwh(cmp.previousAverageDailyWh ?? 0) })
      : t("pdf.dailyAverage", { value: f.kwh(cmp.averageDailyWh) });
  text(summaryText, PAGE.margin, y, { size: 8, width: CONTENT_WIDTH });
  y += heightOf(summaryText, CONTENT_WIDTH, 8) + 4;
  if (cmp.previousInvoice) {
    const prevText = t("pdf.previousInvoice", { number: cmp.previousInvoice.invoiceNumber, amount: f.money(cmp.previousInvoice.totalCents, cmp.previousInvoice.currency) });
    text(prevText, PAGE.margin, y, { size: 8, color: muted, width: CONTENT_WIDTH });
    y += heightOf(prevText, CONTENT_WIDTH, 8) + 4;
  }

  /* Footer on every page. */
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const fy = PAGE.height - PAGE.margin - 14;
    doc
      .moveTo(PAGE.margin, fy - 6)
      .lineTo(PAGE.margin + CONTENT_WIDTH, fy - 6)
      .lineWidth(0.5)
      .strokeColor("#d0d4da")
      .stroke();
    const left = [s.name, s.registryCode ? `${t("pdf.registryCode")} ${s.registryCode}` : null, s.vatNumber].filter(Boolean).join(" · ");
    // The bottom margin is lowered while writing the footer so pdfkit does not open a new page.
    const margins = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    text(left, PAGE.margin, fy, { size: 7, color: muted, width: 380 });
    text(t("pdf.page", { page: i - range.start + 1, pages: range.count }), PAGE.margin + 380, fy, { size: 7, color: muted, width: CONTENT_WIDTH - 380, align: "right" });
    doc.page.margins.bottom = margins;
  }

  doc.end();
  return done;
}

/** The file name offered for download. */
export function invoicePdfFilename(invoiceNumber: string): string {
  return `invoice-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}
