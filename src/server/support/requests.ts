import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { customers, invoices } from "@/server/db/schema";
import { validationError, type FieldError } from "@/server/errors";
import { serverTranslator } from "@/i18n/server-translator";
import { formatter } from "@/i18n/format";
import { addDays, isIsoDate, todayIn } from "@/lib/invoices/dates";
import { findSubtype } from "./reference";
import { insertTicket, resolveSubject, type CustomerContext } from "./tickets";
import type { StructuredRequest, SubjectView } from "./types";

/**
 * Structured requests (support.advanced, POST /api/support/send): a meter reading, a change of
 * payer, a question about an invoice. Each is checked against the customer's own data and
 * becomes a ticket with its own subtype, a subject line and a message written from its fields
 * in the customer's language, and the request itself kept with the ticket.
 */

/** The topic and subtype of each kind of request (the demo sites list them; a site may name them its own way). */
export const REQUEST_CODES: Record<StructuredRequest["kind"], { topicCode: string; subtypeCode: string }> = {
  "meter-reading": { topicCode: "METERING", subtypeCode: "METER_READING" },
  "payer-change": { topicCode: "CONTRACTS", subtypeCode: "PAYER_CHANGE" },
  "invoice-question": { topicCode: "INVOICES", subtypeCode: "INVOICE_QUESTION" },
};

/** How far back a meter reading may be dated, and how far ahead a change of payer. */
const READING_MAX_AGE_DAYS = 366;
const PAYER_CHANGE_MAX_AHEAD_DAYS = 366;

export async function sendStructuredRequest(ctx: CustomerContext, request: StructuredRequest): Promise<string> {
  const { site, customerId } = ctx;
  const db = await getDb();
  const [customer] = await db
    .select({ locale: customers.locale })
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
  const locale = customer?.locale && site.locales.includes(customer.locale) ? customer.locale : site.defaultLocaleId;
  const t = serverTranslator(locale, "support");
  const f = formatter(locale, site.timezone);
  const today = todayIn(site.timezone);
  const fields: FieldError[] = [];
  const bad = (path: string, message: string) => fields.push({ path, code: "invalid_value", message });
  let subject: SubjectView | null = null;
  const lines: string[] = [];

  if (request.kind === "meter-reading") {
    subject = await resolveSubject(site.id, customerId, "usage-point", request.usagePointId);
    if (!subject) bad("usagePointId", "support.errors.unknown-usage-point");
    if (!isIsoDate(request.readAt) || request.readAt > today || request.readAt < addDays(today, -READING_MAX_AGE_DAYS)) bad("readAt", "support.errors.reading-date");
    if (!fields.length) {
      lines.push(
        `${t("requests.fields.usage-point")}: ${subject!.label}`,
        `${t("requests.fields.reading")}: ${f.number(request.reading, "kWh")}`,
        `${t("requests.fields.read-at")}: ${f.date(request.readAt)}`,
      );
      if (request.message) lines.push("", request.message);
    }
  } else if (request.kind === "payer-change") {
    subject = await resolveSubject(site.id, customerId, "contract", request.contractId);
    if (!subject) bad("contractId", "support.errors.unknown-contract");
    if (!isIsoDate(request.startDate) || request.startDate < today || request.startDate > addDays(today, PAYER_CHANGE_MAX_AHEAD_DAYS)) bad("startDate", "support.errors.start-date");
    if (!fields.length) {
      lines.push(
        `${t("requests.fields.contract")}: ${subject!.label}`,
        `${t("requests.fields.new-payer-name")}: ${request.newPayerName}`,
        `${t("requests.fields.new-payer-code")}: ${request.newPayerCode}`,
        `${t("requests.fields.new-payer-email")}: ${request.newPayerEmail}`,
        `${t("requests.fields.start-date")}: ${f.date(request.startDate)}`,
      );
      if (request.message) lines.push("", request.message);
    }
  } else {
    const [invoice] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.siteId, site.id), eq(invoices.customerId, customerId), eq(invoices.invoiceNumber, request.invoiceNumber)));
    subject = invoice ? await resolveSubject(site.id, customerId, "invoice", invoice.id) : null;
    if (!subject) bad("invoiceNumber", "support.errors.unknown-invoice");
    if (!fields.length) lines.push(`${t("requests.fields.invoice")}: ${subject!.label}`, "", request.question);
  }
  if (fields.length) throw validationError(fields);

  const codes = REQUEST_CODES[request.kind];
  const subtype = await findSubtype(site.id, codes.subtypeCode);
  return insertTicket(
    ctx,
    {
      name: t(`requests.${request.kind}.name`, { subject: subject!.label }),
      message: lines.join("\n"),
      topicCode: subtype?.topicCode ?? codes.topicCode,
      subtypeCode: codes.subtypeCode,
      channelCode: null,
      subject,
      request,
    },
    undefined,
  );
}
