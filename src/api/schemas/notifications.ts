import { z } from "@hono/zod-openapi";
import { NOTIFICATION_CHANNELS, NOTIFICATION_SUBJECTS, NOTIFICATION_TIMINGS } from "@/lib/notifications";

/**
 * Notifications (spec §3 notification settings, channels and timing; §7 Customer and inbox):
 * what the portal tells a customer, on which channel, to which contacts and when, and the inbox
 * where every message is kept. Error messages are translation keys of `notifications.errors.*`.
 */

export const NotificationSubject = z.enum(NOTIFICATION_SUBJECTS).openapi({ description: "What a notification is about" });
export type NotificationSubject = z.infer<typeof NotificationSubject>;

export const NotificationChannel = z.enum(NOTIFICATION_CHANNELS).openapi({ description: "Spec §3 notification channels; None alone turns a subject off (the inbox still gets it)" });
export type NotificationChannel = z.infer<typeof NotificationChannel>;

export const NotificationTiming = z.enum(NOTIFICATION_TIMINGS).openapi({
  description: "Spec §3: Always; NoNightHours (nothing on the channel between 22:00 and 07:00 in the site's timezone); SendAfterNightHours (held until 07:00)",
});
export type NotificationTiming = z.infer<typeof NotificationTiming>;

export const SubjectInfo = z
  .object({
    id: NotificationSubject,
    channels: z.array(NotificationChannel).openapi({ description: "The channels the site offers for the subject (None is always possible)" }),
    defaultChannels: z.array(NotificationChannel).openapi({ description: "What the customer gets while they have not chosen" }),
  })
  .openapi("NotificationSubjectInfo");
export type SubjectInfo = z.infer<typeof SubjectInfo>;

export const SubjectList = z.object({ subjects: z.array(SubjectInfo) }).openapi("NotificationSubjectList");
export type SubjectList = z.infer<typeof SubjectList>;

const ContactIds = z.array(z.string().uuid("notifications.errors.contact-not-found")).max(10).openapi({
  description: "Ids of the customer's contacts (GET /api/me/contacts) that receive the subject: verified e-mails for Email, mobile numbers for Gsm. Empty: the primary contact of each channel.",
});

export const NotificationSetting = z
  .object({
    id: z.string().uuid(),
    subject: NotificationSubject,
    channels: z.array(NotificationChannel),
    contactsIds: z.array(z.string().uuid()),
    timing: NotificationTiming,
    updatedAt: z.string(),
  })
  .openapi("NotificationSetting");
export type NotificationSetting = z.infer<typeof NotificationSetting>;

export const NotificationSettingList = z.object({ settings: z.array(NotificationSetting) }).openapi("NotificationSettingList");
export type NotificationSettingList = z.infer<typeof NotificationSettingList>;

export const NotificationSettingsQuery = z.object({ subject: NotificationSubject.optional() }).openapi("NotificationSettingsQuery");

export const NotificationSettingCreate = z
  .object({
    subject: NotificationSubject,
    channels: z.array(NotificationChannel).min(1, "notifications.errors.channel-required").max(5),
    contactsIds: ContactIds.default([]),
    timing: NotificationTiming.default("Always"),
  })
  .strict()
  .openapi("NotificationSettingCreate");
export type NotificationSettingCreate = z.input<typeof NotificationSettingCreate>;

export const NotificationSettingUpdate = z
  .object({
    id: z.string().uuid().optional().openapi({ description: "The setting's id; when given it must be the one of the path" }),
    channels: z.array(NotificationChannel).min(1, "notifications.errors.channel-required").max(5).optional(),
    contactsIds: ContactIds.optional(),
    timing: NotificationTiming.optional(),
  })
  .strict()
  .openapi("NotificationSettingUpdate");
export type NotificationSettingUpdate = z.input<typeof NotificationSettingUpdate>;

export const SettingIdParam = z.object({
  settingId: z
    .string()
    .uuid()
    .openapi({ param: { name: "settingId", in: "path" } }),
});

// ---------------------------------------------------------------- inbox

export const InboxMessage = z
  .object({
    id: z.string().uuid(),
    subject: NotificationSubject,
    title: z.string(),
    content: z.string().openapi({ description: "Sanitized HTML; links open in a new tab without opener or referrer" }),
    link: z.string().nullable().openapi({ description: "The portal page the message is about, without the language prefix" }),
    read: z.boolean(),
    archived: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("InboxMessage");
export type InboxMessage = z.infer<typeof InboxMessage>;

export const InboxList = z.object({ messages: z.array(InboxMessage), unread: z.number().int() }).openapi("InboxList");
export type InboxList = z.infer<typeof InboxList>;

export const InboxUnreadCount = z.object({ unread: z.number().int().min(0).openapi({ description: "Messages neither read nor archived" }) }).openapi("InboxUnreadCount");
export type InboxUnreadCount = z.infer<typeof InboxUnreadCount>;

export const InboxQuery = z
  .object({
    locale: z.string().max(10).optional().openapi({ description: "The language the messages are written in (one of the site's; else the site's default)" }),
    archived: z.enum(["true", "false"]).optional().openapi({ description: "true: the archived messages instead" }),
  })
  .openapi("InboxQuery");

export const InboxMessageUpdate = z
  .object({ read: z.boolean().optional(), archived: z.boolean().optional(), locale: z.string().max(10).optional() })
  .strict()
  .openapi("InboxMessageUpdate");
export type InboxMessageUpdate = z.infer<typeof InboxMessageUpdate>;

export const MessageIdParam = z.object({
  messageId: z
    .string()
    .uuid()
    .openapi({ param: { name: "messageId", in: "path" } }),
});

// ---------------------------------------------------------------- spot-price alert

const Limit = z.number().nullable().openapi({ description: "c/kWh with VAT, as the dashboard shows spot prices; null: no limit on this side" });

export const SpotPriceAlert = z
  .object({
    enabled: z.boolean(),
    threshold: z.object({ lower: Limit, upper: Limit }),
    contactsIds: z.array(z.string().uuid()).openapi({ description: "Receivers of the alert (verified e-mails, mobile numbers); empty: the spot-price alert subject's receivers" }),
  })
  .openapi("SpotPriceAlert");
export type SpotPriceAlert = z.infer<typeof SpotPriceAlert>;

export const SpotPriceAlertUpdate = z
  .object({
    enabled: z.boolean(),
    threshold: z.object({ lower: Limit, upper: Limit }).strict(),
    contactsIds: z.array(z.string().uuid()).max(10).default([]),
  })
  .strict()
  .openapi("SpotPriceAlertUpdate");
export type SpotPriceAlertUpdate = z.input<typeof SpotPriceAlertUpdate>;

// ---------------------------------------------------------------- web push

export const PushConfiguration = z
  .object({
    app: z.string().openapi({ description: "The site the subscription belongs to" }),
    vapidKey: z.string().openapi({ description: "The VAPID public key (RFC 8292), URL-safe base64: PushManager.subscribe's applicationServerKey" }),
  })
  .openapi("PushConfiguration");
export type PushConfiguration = z.infer<typeof PushConfiguration>;

export const PushInfo = z
  .object({
    enabled: z.boolean().openapi({ description: "Push is on for the device named by ?endpoint (or on any device when none is named)" }),
    providerEnabled: z.boolean().openapi({ description: "The site offers push" }),
    devices: z.number().int().openapi({ description: "The customer's devices with push on" }),
    tokenUpdatedAt: z.string().nullable().openapi({ description: "When the device's subscription was last registered; the browser renews it after 7 days" }),
  })
  .openapi("PushInfo");
export type PushInfo = z.infer<typeof PushInfo>;

export const PushSettings = PushInfo.pick({ enabled: true, providerEnabled: true }).openapi("PushSettings");
export type PushSettings = z.infer<typeof PushSettings>;

export const PushInfoQuery = z.object({ endpoint: z.string().max(2000).optional().openapi({ description: "The device's push endpoint (PushSubscription.endpoint)" }) }).openapi("PushInfoQuery");

export const PushToken = z
  .object({
    endpoint: z.string().max(2000),
    keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }).strict(),
  })
  .openapi("PushToken", { description: "PushSubscription.toJSON() of the browser (expirationTime may be left out)" });

export const SetPushToken = z
  .object({
    token: PushToken.extend({ expirationTime: z.number().nullable().optional() }),
    enabled: z.boolean(),
  })
  .strict()
  .openapi("SetPushToken");
export type SetPushToken = z.input<typeof SetPushToken>;
