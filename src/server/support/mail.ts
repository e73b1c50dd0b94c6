import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { customers } from "@/server/db/schema";
import { sendMail } from "@/server/providers/mail/mailer";
import { MailPayload } from "@/server/jobs/registry";
import { serverTranslator } from "@/i18n/server-translator";
import { getTheme } from "@/themes/registry";
import { localePath } from "@/lib/locales";
import { ticketAnswered } from "@/server/notifications/hooks";

/**
 * The e-mail a customer gets when customer service replies to their ticket: in the customer's
 * language (if the site offers it, else the site's), greeting them by name, with a link to the
 * ticket. It tells that there is a reply, not what it says: the reply is read in the portal,
 * behind sign-in. Queued through the mail job, once per reply.
 */

export interface ReplyMailSite {
  id: string;
  defaultLocaleId: string;
  locales: readonly string[];
  companyName: string;
  themeId: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** Where a customer reads a ticket. */
export const ticketPath = (ticketId: string) => `/support/${ticketId}`;

export function replyMail(site: ReplyMailSite, customer: { name: string; locale: string }, ticket: { number: number; name: string; url: string }): { subject: string; text: string; html: string } {
  const t = serverTranslator(customer.locale, "support");
  const theme = getTheme(site.themeId);
  const values = { company: site.companyName, number: String(ticket.number), name: customer.name };
  const subject = t("mail.reply.subject", values);
  const greeting = t("mail.reply.greeting", values);
  const body = t("mail.reply.body", values);
  const button = t("mail.reply.button");
  const footer = t("mail.reply.footer", values);
  const text = [greeting, "", body, `#${ticket.number} ${ticket.name}`, "", ticket.url, "", footer].join("\n");
  const html = `<!doctype html><html lang="${escapeHtml(customer.locale)}"><body style="font-family:${escapeHtml(theme.fontFamily)};background:#f6f7f9;padding:24px">
<table role="presentation" style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<tr><td style="padding-bottom:8px"><strong style="font-size:20px;color:${theme.primary[9]}">${escapeHtml(site.companyName)}</strong></td></tr>
<tr><td><p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><strong>#${ticket.number}</strong> ${escapeHtml(ticket.name)}</p>
<p><a href="${escapeHtml(ticket.url)}" style="display:inline-block;padding:12px 20px;background:${theme.primary[theme.primaryShade.light]};color:#ffffff;text-decoration:none;border-radius:${theme.buttonRadius}px">${escapeHtml(button)}</a></p>
<p style="color:#555">${escapeHtml(footer)}</p></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** Queues the reply mail to the ticket's customer; a customer without an e-mail address gets none. */
export async function queueReplyMail(args: { site: ReplyMailSite; ticket: { id: string; number: number; name: string; customerId: string }; commentId: string; origin: string }) {
  const { site, ticket } = args;
  // The reply also lands in the customer's inbox, and on the channels they chose (notifications, a job).
  await ticketAnswered({ siteId: site.id, customerId: ticket.customerId, ticketId: ticket.id, ticketNumber: ticket.number, ticketName: ticket.name, commentId: args.commentId });
  const db = await getDb();
  const [customer] = await db
    .select({ email: customers.email, kind: customers.kind, name: customers.name, firstName: customers.firstName, locale: customers.locale })
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, ticket.customerId)));
  if (!customer?.email || !MailPayload.shape.to.safeParse(customer.email).success) return { queued: false };
  const locale = customer.locale && site.locales.includes(customer.locale) ? customer.locale : site.defaultLocaleId;
  const name = customer.kind === "private" ? customer.firstName || customer.name : customer.name;
  const url = `${args.origin}${localePath(site, locale, ticketPath(ticket.id))}`;
  const mail = replyMail(site, { name, locale }, { number: ticket.number, name: ticket.name, url });
  const sent = await sendMail({ siteId: site.id, to: customer.email, ...mail }, { idempotencyKey: `support-reply:${args.commentId}` });
  return { queued: sent.queued };
}
