import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { inboxMessages, notificationOutbox, notificationSettings, spotPriceAlerts } from "@/server/db/schema";

/**
 * The notifications section of "my data": the customer's notification choices, spot-price alert,
 * every inbox message (subject and values, as kept) and what was sent on which channel. It has
 * the shape of an export section of src/server/settings (`{ key, collect }`); undefined when
 * there is nothing.
 */
export const notificationsExportSection = {
  key: "notifications",
  async collect({ site, customerId }: { site: { id: string }; customerId: string }) {
    const db = await getDb();
    const [settings, alerts, inbox, sent] = await Promise.all([
      db
        .select()
        .from(notificationSettings)
        .where(and(eq(notificationSettings.siteId, site.id), eq(notificationSettings.customerId, customerId)))
        .orderBy(asc(notificationSettings.subject)),
      db
        .select()
        .from(spotPriceAlerts)
        .where(and(eq(spotPriceAlerts.siteId, site.id), eq(spotPriceAlerts.customerId, customerId))),
      db
        .select()
        .from(inboxMessages)
        .where(and(eq(inboxMessages.siteId, site.id), eq(inboxMessages.customerId, customerId)))
        .orderBy(asc(inboxMessages.createdAt)),
      db
        .select()
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.siteId, site.id), eq(notificationOutbox.customerId, customerId)))
        .orderBy(asc(notificationOutbox.createdAt)),
    ]);
    if (!settings.length && !alerts.length && !inbox.length && !sent.length) return undefined;
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      settings: settings.map((s) => ({ subject: s.subject, channels: s.channels, contactsIds: s.contactIds, timing: s.timing, updatedAt: iso(s.updatedAt) })),
      spotPriceAlert: alerts[0] ? { enabled: alerts[0].enabled, threshold: { lower: alerts[0].lower, upper: alerts[0].upper }, contactsIds: alerts[0].contactIds } : null,
      inbox: inbox.map((m) => ({ subject: m.subject, values: m.params, link: m.link, createdAt: iso(m.createdAt), readAt: iso(m.readAt), archivedAt: iso(m.archivedAt) })),
      deliveries: sent.map((o) => ({ subject: o.subject, channel: o.channel, recipient: o.recipient, status: o.status, createdAt: iso(o.createdAt), sentAt: iso(o.sentAt) })),
    };
  },
};
