import "server-only";
import path from "node:path";
import { serverTranslator } from "@/i18n/server-translator";
import { centsPerKwhUnit, formatIban, formatter } from "@/i18n/format";
import { getTheme } from "@/themes/registry";
import { contrastRatio } from "@/themes/contrast";
import type { ContractDetailView, PriceComponentView } from "./types";

/**
 * A contract as a PDF document in the site's colours and the customer's language: the parties,
 * the usage point, the product and its term, every price component and the billing channel.
 */

const FONT_DIR = path.join(process.cwd(), "src/server/invoices/pdf-fonts");
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;

export interface ContractPdfContext {
  companyName: string;
  themeId: string;
  locale: string;
  customerName: string;
  vatRateBasisPoints: number;
}

const tidy = (s: string) => s.replace(/\u202f/g, "\u00a0");

/** A price component as the pages and the PDF show it, without VAT. */
export function priceText(c: PriceComponentView, locale: string, currency: string): string {
  const f = formatter(locale);
  if (c.unit === "c/kWh") return tidy(`${f.number(c.value, "unitPrice")} ${centsPerKwhUnit(locale)}`);
  return tidy(f.money(c.value, currency));
}

export async function renderContractPdf(contract: ContractDetailView, ctx: ContractPdfContext): Promise<Buffer> {
  const t = serverTranslator(ctx.locale, "contracts");
  const f = formatter(ctx.locale);
  const theme = getTheme(ctx.themeId);
  const primary = theme.primary[theme.primaryShade.light];
  const ink = theme.text.light;
  const muted = "#5f6368";
  const onPrimary = contrastRatio("#ffffff", primary) >= 4.5 ? "#ffffff" : ink;

  // Loaded on the first document: pdfkit and its fonts are megabytes the server need not hold until then.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    info: { Title: `${t("pdf.title")} ${contract.contractNumber}`, Author: ctx.companyName, Creator: ctx.companyName },
    lang: ctx.locale,
  });
  doc.registerFont("Body", path.join(FONT_DIR, "DejaVuSans.ttf"));
  doc.registerFont("Bold", path.join(FONT_DIR, "DejaVuSans-Bold.ttf"));
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  let y = 0;
  const text = (value: string, x: number, top: number, opts: { width?: number; size?: number; bold?: boolean; color?: string; align?: "left" | "right" } = {}) =>
    doc
      .font(opts.bold ? "Bold" : "Body")
      .fontSize(opts.size ?? 10)
      .fillColor(opts.color ?? ink)
      .text(value, x, top, { width: opts.width ?? CONTENT_WIDTH, align: opts.align ?? "left" });
  const heading = (label: string) => {
    y += 10;
    text(label, PAGE.margin, y, { size: 12, bold: true, color: primary });
    y += 17;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(0.8)
      .strokeColor(primary)
      .stroke();
    y += 6;
  };
  const row = (label: string, value: string) => {
    text(label, PAGE.margin, y, { width: 190, color: muted });
    text(value, PAGE.margin + 200, y, { width: CONTENT_WIDTH - 200 });
    y += Math.max(doc.heightOfString(value, { width: CONTENT_WIDTH - 200 }), 12) + 4;
  };

  doc.rect(0, 0, PAGE.width, 66).fill(primary);
  text(ctx.companyName, PAGE.margin, 22, { size: 18, bold: true, color: onPrimary, width: 330 });
  text(t("pdf.title"), PAGE.margin + 330, 26, { size: 14, bold: true, color: onPrimary, width: CONTENT_WIDTH - 330, align: "right" });
  y = 84;

  heading(t("pdf.parties"));
  row(t("pdf.supplier"), ctx.companyName);
  row(t("pdf.customer"), ctx.customerName);
  if (contract.coOwnerName) row(t("detail.co-owner"), contract.coOwnerName);

  heading(t("pdf.contract"));
  row(t("detail.number"), contract.contractNumber);
  row(t("detail.type"), t(`types.${contract.type}`));
  row(t("detail.status"), t(`status.${contract.status}`));
  row(t("detail.product"), contract.productName);
  row(t("detail.price-model"), t(`price-models.${contract.priceModel}`));
  row(t("detail.start"), f.date(contract.startDate));
  row(t("detail.end"), contract.endDate ? f.date(contract.endDate) : t("detail.until-further-notice"));
  if (contract.termMonths && contract.termEnd) row(t("detail.term"), t("detail.term-value", { months: contract.termMonths, end: f.date(contract.termEnd) }));

  heading(t("pdf.usage-point"));
  const p = contract.usagePoint;
  row(t("detail.address"), `${p.street}, ${p.postalCode} ${p.city}`);
  row(t("detail.energy-kind"), t(`energy.${p.energyKind}`));
  row(t("detail.gsrn"), p.gsrn);
  if (p.eicCode) row(t("detail.eic"), p.eicCode);
  if (p.meterNumber) row(t("detail.meter"), p.meterNumber);

  heading(t("detail.prices"));
  for (const c of contract.priceComponents) row(t(`components.${c.type}`), priceText(c, ctx.locale, contract.currency));
  text(t("pdf.vat-note", { vat: tidy(f.percent(ctx.vatRateBasisPoints / 100)) }), PAGE.margin, y, { size: 8, color: muted });
  y += 14;

  heading(t("detail.billing-channel"));
  const ch = contract.billingChannel;
  const channel =
    ch.type === "Email"
      ? ch.email
      : ch.type === "Address"
        ? `${ch.street}, ${ch.postalCode} ${ch.city}`
        : ch.type === "IBAN"
          ? formatIban(ch.iban)
          : ch.type === "OVT"
            ? `${ch.ovt} (${ch.operatorCode})`
            : ch.bankBic;
  row(t(`channels.${ch.type}`), channel);

  doc.end();
  return done;
}
