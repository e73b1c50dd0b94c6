import "server-only";
import { and, eq, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/server/db/client";
import {
  customerContacts,
  customers,
  inboxMessages,
  notificationOutbox,
  notificationSettings,
  pushSubscriptions,
  spotPriceAlerts,
  type NotificationChannel,
  type NotificationTiming,
} from "@/server/db/schema";
import { handleJob, sendJob, type JobItem } from "@/server/jobs/runtime";
import type { JobContext } from "@/server/jobs/registry";
import { sendMail } from "@/server/providers/mail/mailer";
import { smsPort } from "@/server/providers/sms/sms";
import { pushPort } from "@/server/providers/push/push";
import { getSiteById, type Site } from "@/server/sites/sites";
import { getTheme } from "@/themes/registry";
import { localePath } from "@/lib/locales";
import type { Feature } from "@/lib/features";
import { NOTIFICATION_SUBJECTS, type NotificationSubject } from "@/lib/notifications";
import { serverTranslator } from "@/i18n/server-translator";
import { SUBJECTS } from "./subjects";
import { deliveryTime } from "./timing";
import { enabledSubscriptions, pushOffered, vapidKeysFor } from "./push";
import { outageRecipients } from "@/server/outages/contacts";
import { bodyHtml, escapeHtml, renderNotification } from "./render";

/**
 * An event an area announces: something a customer should hear of. Areas call
 * queueNotification; nothing is sent in their request. The event job puts the message in the
 * inbox and one outbox row per channel and recipient the customer chose; a delivery job per row
 * sends it when the customer's timing allows.
 */
export const NotificationEvent = z.object({
  siteId: z.string().min(1),
  customerId: z.string().uuid(),
  subject: z.enum(NOTIFICATION_SUBJECTS),
  /** Names the event: the same key announced twice reaches the customer once. */
  eventKey: z.string().min(1).max(300),
  params: z.record(z.string(), z.string().max(2000)).default({}),
});
export type NotificationEvent = z.input<typeof NotificationEvent>;

/**
 * The job that announces an event (notification-event), with the idempotency key that makes the
 * same event announced again reach the customer once: queueNotification sends one, a fan-out to
 * many customers many at once with sendJobs.
 */
export function notificationEventJob(event: NotificationEvent): JobItem<NotificationEvent> {
  return { payload: event, options: { idempotencyKey: `${event.siteId}:${event.customerId}:${event.eventKey}` } };
}

export async function queueNotification(event: NotificationEvent): Promise<{ queued: boolean }> {
  const job = notificationEventJob(event);
  const sent = await sendJob("notification-event", job.payload, job.options);
  return { queued: sent.queued };
}

interface Recipient {
  channel: Exclude<NotificationChannel, "None">;
  to: string;
}

/** Who receives an event on which channel: the customer's choice for the subject, or its default. */
async function recipientsOf(
  site: { id: string; features: readonly Feature[] },
  customerId: string,
  subject: NotificationSubject,
  customer: typeof customers.$inferSelect,
  params: Record<string, string>,
) {
  const own = await customerRecipients(site, customerId, subject, customer);
  if (subject !== "outage" || !params.pointIds) return own;
  // The outage contacts of the affected addresses are told too, whatever the customer chose for themselves.
  const pointIds = params.pointIds.split(",").filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const recipients = [...own.recipients];
  for (const c of await outageRecipients(site.id, pointIds)) {
    if (c.customerId !== customerId) continue;
    const channel = c.kind === "Email" ? "Email" : c.kind === "Gsm" ? "Gsm" : c.kind === "Post" ? "Post" : null;
    // A landline (Phone) is called by the grid's own service; the portal has no voice channel.
    if (channel && !recipients.some((r) => r.channel === channel && r.to === c.value)) recipients.push({ channel, to: c.name && channel === "Post" ? `${c.name}, ${c.value}` : c.value });
  }
  return { timing: own.timing, recipients };
}

/** The customer's own receivers of a subject: their choice, or the subject's default. */
async function customerRecipients(site: { id: string; features: readonly Feature[] }, customerId: string, subject: NotificationSubject, customer: typeof customers.$inferSelect) {
  const siteId = site.id;
  const db = await getDb();
  const [setting] = await db
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.siteId, siteId), eq(notificationSettings.customerId, customerId), eq(notificationSettings.subject, subject)));
  const channels = setting?.channels ?? SUBJECTS[subject].defaultChannels;
  const timing: NotificationTiming = setting?.timing ?? "Always";
  if (channels.includes("None")) return { timing, recipients: [] as Recipient[] };
  const contacts = await db
    .select()
    .from(customerContacts)
    .where(and(eq(customerContacts.siteId, siteId), eq(customerContacts.customerId, customerId)));
  // The spot-price alert names its own receivers (GET/PUT /api/me/notifications); they come first.
  const [alert] =
    subject === "spot-price-alert"
      ? await db
          .select({ contactIds: spotPriceAlerts.contactIds })
          .from(spotPriceAlerts)
          .where(and(eq(spotPriceAlerts.siteId, siteId), eq(spotPriceAlerts.customerId, customerId)))
      : [];
  const alertContacts = alert?.contactIds ?? [];
  const chosen = alertContacts.length ? alertContacts : (setting?.contactIds ?? []);
  const recipients: Recipient[] = [];
  for (const channel of channels) {
    if (channel === "Email" || channel === "Gsm") {
      const ofType = contacts.filter((c) => c.type === channel && (channel === "Gsm" || c.verifiedAt !== null));
      const picked = ofType.filter((c) => chosen.includes(c.id));
      const list = picked.length ? picked : ofType.filter((c) => c.isPrimary).slice(0, 1);
      for (const c of list) recipients.push({ channel, to: c.value });
      if (!list.length && channel === "Email" && customer.email) recipients.push({ channel, to: customer.email });
    } else if (channel === "PushNotification") {
      if (pushOffered(site)) for (const sub of await enabledSubscriptions(siteId, customerId)) recipients.push({ channel, to: sub.id });
    } else if (channel === "Post") {
      if (customer.street && customer.postalCode && customer.city) recipients.push({ channel, to: `${customer.name}, ${customer.street}, ${customer.postalCode} ${customer.city}` });
    }
  }
  return { timing, recipients };
}

/** The event job: the inbox entry, then an outbox row and a delivery job per channel and recipient. */
export async function fanOutNotification(input: NotificationEvent, now = new Date()): Promise<{ inbox: boolean; outbox: string[] }> {
  const event = NotificationEvent.parse(input);
  const site = await getSiteById(event.siteId);
  if (!site) return { inbox: false, outbox: [] };
  const db = await getDb();
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, event.customerId)));
  if (!customer) return { inbox: false, outbox: [] };
  const link = SUBJECTS[event.subject].link(event.params);
  const inbox = await db
    .insert(inboxMessages)
    .values({ siteId: site.id, customerId: customer.id, subject: event.subject, eventKey: event.eventKey, params: event.params, link })
    .onConflictDoNothing()
    .returning({ id: inboxMessages.id });
  const locale = customer.locale && site.locales.includes(customer.locale) ? customer.locale : site.defaultLocaleId;
  const { timing, recipients } = await recipientsOf(site, customer.id, event.subject, customer, event.params);
  const created: string[] = [];
  for (const r of recipients) {
    const at = deliveryTime(timing, now, site.timezone);
    const [row] = await db
      .insert(notificationOutbox)
      .values({
        siteId: site.id,
        customerId: customer.id,
        subject: event.subject,
        eventKey: event.eventKey,
        channel: r.channel,
        recipient: r.to,
        idempotencyKey: `${customer.id}:${event.eventKey}:${r.channel}:${r.to}`,
        locale,
        params: event.params,
        link,
        status: at ? "pending" : "skipped",
        notBefore: at ?? now,
        lastError: at ? null : "night-hours",
      })
      .onConflictDoNothing()
      .returning({ id: notificationOutbox.id });
    if (!row || !at) continue;
    created.push(row.id);
    const delay = Math.ceil((at.getTime() - Date.now()) / 1000);
    await sendJob("notification-deliver", { siteId: site.id, outboxId: row.id }, { idempotencyKey: row.id, ...(delay > 0 ? { startAfterSeconds: delay } : {}) });
  }
  return { inbox: inbox.length > 0, outbox: created };
}

/** The mail of a notification: the site's name, the message, a button to the page it is about. */
function notificationMail(site: { companyName: string; themeId: string }, locale: string, title: string, body: string, url: string | null) {
  const t = serverTranslator(locale, "notifications");
  const theme = getTheme(site.themeId);
  const footer = t("mail.footer", { company: site.companyName });
  const open = t("mail.open");
  const text = [body, "", ...(url ? [url, ""] : []), footer].join("\n");
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="font-family:${escapeHtml(theme.fontFamily)};background:#f6f7f9;padding:24px">
<table role="presentation" style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<tr><td style="padding-bottom:8px"><strong style="font-size:20px;color:${theme.primary[9]}">${escapeHtml(site.companyName)}</strong></td></tr>
<tr><td><h1 style="font-size:18px">${escapeHtml(title)}</h1>${bodyHtml(body)}
${url ? `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:${theme.primary[theme.primaryShade.light]};color:#ffffff;text-decoration:none;border-radius:${theme.buttonRadius}px">${escapeHtml(open)}</a></p>` : ""}
<p style="color:#555">${escapeHtml(footer)}</p></td></tr></table></body></html>`;
  return { subject: `${title} – ${site.companyName}`, text, html };
}

/** The site's address for links in mails and text messages. */
function siteOrigin(site: { primaryDomain: string }): string {
  const host = site.primaryDomain;
  return /^(localhost|127\.|[^.]+\.localhost)/.test(host) ? `http://${host}` : `https://${host}`;
}

/**
 * A push to one browser subscription (the outbox row's recipient is the subscription id): the
 * title, text, page and the site's theme icon and badge, which the service worker shows. The row
 * id is the push's topic, so a resend after a crash replaces a message still waiting at the push
 * service. A subscription the push service no longer knows (404/410) is removed.
 */
async function pushTo(site: Site, row: typeof notificationOutbox.$inferSelect, title: string, body: string, url: string | null): Promise<"sent" | "gone"> {
  const db = await getDb();
  const where = and(eq(pushSubscriptions.siteId, site.id), eq(pushSubscriptions.customerId, row.customerId), eq(pushSubscriptions.id, row.recipient));
  const [sub] = await db.select().from(pushSubscriptions).where(where);
  if (!sub || !sub.enabled) return "gone";
  const theme = getTheme(site.themeId);
  const payload = JSON.stringify({
    title,
    body,
    url: url ?? localePath(site, row.locale, "/inbox"),
    icon: theme.notificationIcon ?? theme.pwa.logo,
    badge: theme.notificationBadge ?? theme.favicon,
    tag: row.id,
  });
  const result = await pushPort().send({
    target: { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    payload,
    vapid: await vapidKeysFor(site),
    ttlSeconds: 24 * 3600,
    topic: row.id.replace(/-/g, ""),
    urgency: "normal",
  });
  if (result.ok) return "sent";
  if (result.gone) {
    await db.delete(pushSubscriptions).where(where);
    return "gone";
  }
  throw new Error(`push service answered ${result.status}`);
}

/** How long a delivery run holds its row. */
const DELIVERY_LEASE_SECONDS = 60;

/**
 * The delivery job of one outbox row. The row is claimed (pending → sending); a row already sent
 * or skipped is left alone. The channel gets the row id as its idempotency key, so a run repeated
 * after a crash between handing over and marking sends nothing twice (the mail job and the SMS
 * port both keep the key). The last failed run marks the row failed.
 */
export async function deliverNotification(payload: { siteId: string; outboxId: string }, ctx?: Pick<JobContext, "attempt" | "retryLimit">): Promise<{ status: string }> {
  const db = await getDb();
  const [row] = await db
    .update(notificationOutbox)
    // The claim is a lease: while one run hands the row over, another (a retry, a second worker)
    // leaves it alone; a run that died mid-way frees it when the lease runs out.
    .set({ status: "sending", attempts: sql`${notificationOutbox.attempts} + 1`, notBefore: sql`now() + interval '${sql.raw(String(DELIVERY_LEASE_SECONDS))} seconds'` })
    .where(
      and(
        eq(notificationOutbox.siteId, payload.siteId),
        eq(notificationOutbox.id, payload.outboxId),
        or(
          and(eq(notificationOutbox.status, "pending"), lte(notificationOutbox.notBefore, sql`now() + interval '5 seconds'`)),
          and(eq(notificationOutbox.status, "sending"), lte(notificationOutbox.notBefore, sql`now()`)),
        ),
      ),
    )
    .returning();
  if (!row) {
    const [held] = await db
      .select({ status: notificationOutbox.status })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.siteId, payload.siteId), eq(notificationOutbox.id, payload.outboxId)));
    // Another run holds the lease: this one is retried later and then finds the row sent, or free.
    if (held?.status === "sending") throw new Error("notification is being delivered by another run");
    return { status: held?.status === "pending" ? "not-yet" : "done" };
  }
  try {
    const site = await getSiteById(row.siteId);
    if (!site) throw new Error("site gone");
    const { title, body } = renderNotification(row.locale, site.timezone, row.subject as NotificationSubject, row.params);
    const url = row.link ? `${siteOrigin(site)}${localePath(site, row.locale, row.link)}` : null;
    if (row.channel === "Email") {
      await sendMail({ siteId: site.id, to: row.recipient, ...notificationMail(site, row.locale, title, body, url) }, { idempotencyKey: `notification:${row.id}` });
    } else if (row.channel === "Gsm") {
      await smsPort().send({ siteId: site.id, to: row.recipient, text: `${site.companyName}: ${title}. ${body}${url ? ` ${url}` : ""}`, idempotencyKey: row.id });
    }
    if (row.channel === "PushNotification") {
      const result = await pushTo(site, row, title, body, url);
      if (result === "gone") {
        await db
          .update(notificationOutbox)
          .set({ status: "skipped", lastError: "subscription-gone" })
          .where(and(eq(notificationOutbox.siteId, row.siteId), eq(notificationOutbox.id, row.id)));
        return { status: "skipped" };
      }
    }
    // Post: the row itself is the letter in the print service's queue (status sent = handed over).
    await db
      .update(notificationOutbox)
      .set({ status: "sent", sentAt: new Date(), lastError: null })
      .where(and(eq(notificationOutbox.siteId, row.siteId), eq(notificationOutbox.id, row.id)));
    return { status: "sent" };
  } catch (err) {
    const last = ctx ? ctx.attempt > ctx.retryLimit : false;
    await db
      .update(notificationOutbox)
      .set({ status: last ? "failed" : "sending", lastError: (err as Error).message.slice(0, 500), notBefore: sql`now()` })
      .where(and(eq(notificationOutbox.siteId, row.siteId), eq(notificationOutbox.id, row.id)));
    throw err;
  }
}

handleJob("notification-event", async (payload) => fanOutNotification(payload as NotificationEvent));
handleJob("notification-deliver", (payload, ctx) => deliverNotification(payload, ctx));
