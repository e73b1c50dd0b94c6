import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customerRef } from "./customers";
import { siteRef } from "./sites";
import { createdAt, updatedAt } from "./columns";

/** Spec §3 notification channels. */
export type NotificationChannel = "None" | "Email" | "Gsm" | "Post" | "PushNotification";
/** Spec §3 notification timing, in the site's timezone. */
export type NotificationTiming = "Always" | "NoNightHours" | "SendAfterNightHours";

/**
 * A customer's choice for one notification subject: the channels (or None), which of the
 * customer's contacts receive it (empty: the primary contact of the channel's type) and when.
 * A subject without a row uses the subject's default channels (notifications/subjects.ts).
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    subject: text("subject").notNull(),
    channels: jsonb("channels").$type<NotificationChannel[]>().notNull(),
    contactIds: jsonb("contact_ids")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    timing: text("timing").$type<NotificationTiming>().notNull().default("Always"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("notification_settings_customer_subject").on(t.customerId, t.subject),
    index("notification_settings_site_idx").on(t.siteId),
    check("notification_settings_timing", sql`${t.timing} in ('Always', 'NoNightHours', 'SendAfterNightHours')`),
  ],
);

/**
 * The inbox: every message the portal tells a customer, in the portal's own channel. The text is
 * kept as the subject and its values, and written in the language the inbox is read in.
 * `event_key` makes an event land once per customer however often it is announced.
 */
export const inboxMessages = pgTable(
  "inbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    subject: text("subject").notNull(),
    eventKey: text("event_key").notNull(),
    params: jsonb("params")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    link: text("link"),
    readAt: timestamp("read_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("inbox_messages_customer_event").on(t.customerId, t.eventKey), index("inbox_messages_site_customer_created").on(t.siteId, t.customerId, t.createdAt)],
);

export type OutboxStatus = "pending" | "sending" | "sent" | "skipped" | "failed";

/**
 * The durable outbox: one row per event, channel and recipient. The unique idempotency key makes
 * an event announced twice (a retried job) add no second row; a delivery job works one row and
 * hands it to its channel with the row id as the channel's own idempotency key, so a run repeated
 * after a crash between sending and marking is recognised and sends nothing twice.
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    subject: text("subject").notNull(),
    eventKey: text("event_key").notNull(),
    channel: text("channel").$type<Exclude<NotificationChannel, "None">>().notNull(),
    /** E-mail address, E.164 number, or the postal address as one line. */
    recipient: text("recipient").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    locale: text("locale").notNull(),
    params: jsonb("params")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    link: text("link"),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notification_outbox_key").on(t.siteId, t.idempotencyKey),
    index("notification_outbox_site_customer").on(t.siteId, t.customerId, t.createdAt),
    index("notification_outbox_due").on(t.status, t.notBefore),
    check("notification_outbox_channel", sql`${t.channel} in ('Email', 'Gsm', 'Post', 'PushNotification')`),
  ],
);

/**
 * Text messages handed to the SMS port's sandbox adapter (the development SMS inbox). The key
 * is unique: a delivery repeated after a crash stores (sends) nothing twice.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    to: text("to").notNull(),
    text: text("text").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sms_messages_key").on(t.siteId, t.idempotencyKey)],
);

/**
 * The spot-price alert of a customer (GET/PUT /api/me/notifications): told once a day, when the
 * next day's prices are imported, which hours fall below `lower` or above `upper` (c/kWh, VAT
 * included, as the dashboard shows them).
 */
export const spotPriceAlerts = pgTable(
  "spot_price_alerts",
  {
    siteId: siteRef(),
    customerId: customerRef().primaryKey(),
    enabled: boolean("enabled").notNull().default(false),
    lower: numeric("lower", { precision: 8, scale: 3 }),
    upper: numeric("upper", { precision: 8, scale: 3 }),
    contactIds: jsonb("contact_ids")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: updatedAt(),
  },
  (t) => [index("spot_price_alerts_site_enabled").on(t.siteId, t.enabled)],
);

/**
 * A browser's Web Push subscription (RFC 8030) for a customer: the push service's endpoint and
 * the keys the payload is encrypted with (RFC 8291). `enabled` is the person's choice on that
 * device; a subscription the push service has dropped (404/410) is removed.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    personId: text("person_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_site_customer_endpoint").on(t.siteId, t.customerId, t.endpoint), index("push_subscriptions_site_customer").on(t.siteId, t.customerId)],
);

/** The VAPID key pair (RFC 8292) a site signs its pushes with, made on first use when the deployment configures none. */
export const pushVapidKeys = pgTable("push_vapid_keys", {
  siteId: siteRef().primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: createdAt(),
});
