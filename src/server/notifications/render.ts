import "server-only";
import { serverTranslator } from "@/i18n/server-translator";
import { formatter } from "@/i18n/format";
import type { NotificationSubject } from "@/lib/notifications";

/**
 * The words of a notification in one language. An event keeps its values raw (cents and
 * currency, calendar dates, instants); they are written here in the reader's language and the
 * site's timezone, so the inbox reads right in whichever language it is opened.
 */
export function renderNotification(locale: string, timeZone: string, subject: NotificationSubject, params: Record<string, string>): { title: string; body: string } {
  const t = serverTranslator(locale, "notifications");
  const f = formatter(locale, timeZone);
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === "amountCents" || key === "currency") continue;
    if (/Date$/.test(key)) values[key] = f.date(value);
    else if (/At$/.test(key)) values[key] = f.dateTime(value);
    else values[key] = value || t(`messages.${subject}.none`);
  }
  if (params.amountCents && params.currency && Number.isFinite(Number(params.amountCents))) values.amount = f.money(Number(params.amountCents), params.currency);
  return { title: t(`messages.${subject}.title`, values), body: t(`messages.${subject}.body`, values) };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** The body as HTML paragraphs (one per line of the text), every value escaped. */
export function bodyHtml(body: string): string {
  return body
    .split(/\n+/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}
