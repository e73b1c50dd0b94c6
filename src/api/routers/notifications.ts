import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { notFound, validationError } from "@/server/errors";
import { createSetting, isOwnSetting, listSettings, listSubjects, updateSetting } from "@/server/notifications/settings";
import { isOwnMessage, listInbox, unreadCount, updateInboxMessage } from "@/server/notifications/inbox";
import { getSpotPriceAlert, saveSpotPriceAlert } from "@/server/notifications/spot-price";
import { pushInfo, setPushToken, vapidKeysFor } from "@/server/notifications/push";
import type { SettingsActor } from "@/server/settings/actor";
import { settingsActor } from "./me";
import {
  InboxList,
  InboxMessage,
  InboxMessageUpdate,
  InboxQuery,
  InboxUnreadCount,
  MessageIdParam,
  NotificationSetting,
  NotificationSettingCreate,
  NotificationSettingList,
  NotificationSettingsQuery,
  NotificationSettingUpdate,
  PushConfiguration,
  PushInfo,
  PushInfoQuery,
  PushSettings,
  SetPushToken,
  SettingIdParam,
  SpotPriceAlert,
  SpotPriceAlertUpdate,
  SubjectList,
} from "../schemas/notifications";

export const notificationsRouter = new OpenAPIHono<AppEnv>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The actor of a call, with the site's timezone (the inbox writes dates in it). */
const actorOf = (c: Context<AppEnv>): SettingsActor & { site: SettingsActor["site"] & { timezone: string } } => ({ ...settingsActor(c), site: c.get("site") });

/**
 * Runs before the body is read: another customer's setting or message is not found whatever the
 * request says, so nothing about foreign ids leaks through validation errors.
 */
const ownOnly = (param: "settingId" | "messageId") =>
  createMiddleware<AppEnv>(async (c, next) => {
    const id = c.req.param(param);
    if (id && UUID.test(id)) {
      const s = c.get("session")!;
      const siteId = c.get("site").id;
      const own = param === "settingId" ? await isOwnSetting(siteId, s.activeCustomer!.id, id) : await isOwnMessage(siteId, s.activeCustomer!.id, id);
      if (!own) throw notFound(param === "settingId" ? "notifications.errors.setting-not-found" : "notifications.errors.message-not-found");
    }
    await next();
  });

// ---------------------------------------------------------------- subjects and settings

notificationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/notification-subjects",
    operationId: "listNotificationSubjects",
    tags: ["Notifications"],
    summary: "What the portal can tell the customer about",
    description:
      "Each subject with the channels the site offers for it and the channels used while the customer has not chosen. The spot-price alert needs settings.spot-price, outages the outages area.",
    access: "customer",
    responses: { 200: jsonResponse(SubjectList) },
  }),
  async (c) => c.json({ subjects: listSubjects(c.get("site")) }, 200),
);

notificationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/notification-settings",
    operationId: "listNotificationSettings",
    tags: ["Notifications"],
    summary: "The customer's notification choices",
    description: "One entry per subject the customer has chosen for (filter with ?subject). A subject without an entry uses its default channels (GET /api/me/notification-subjects).",
    access: "customer",
    request: { query: NotificationSettingsQuery },
    responses: { 200: jsonResponse(NotificationSettingList) },
  }),
  async (c) => {
    const a = settingsActor(c);
    return c.json({ settings: await listSettings(a.site, a.customerId, { subject: c.req.valid("query").subject }) }, 200);
  },
);

notificationsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/me/notification-settings",
    operationId: "createNotificationSetting",
    tags: ["Notifications"],
    summary: "Choose channels, contacts and timing for a subject",
    description:
      "The first choice for a subject (a subject already chosen answers 422 on `subject`: change it with PUT). Channels must be offered for the subject; None stands alone. contactsIds must be the customer's own verified e-mails (Email) or mobile numbers (Gsm). Customer-service changes are written to the audit log.",
    access: "customer",
    request: { body: jsonBody(NotificationSettingCreate) },
    responses: { 201: jsonResponse(NotificationSetting, "Created") },
  }),
  async (c) => c.json(await createSetting(actorOf(c), c.req.valid("json")), 201),
);

notificationsRouter.openapi(
  defineRoute({
    method: "put",
    path: "/me/notification-settings/{settingId}",
    operationId: "updateNotificationSetting",
    tags: ["Notifications"],
    summary: "Change a subject's channels, contacts or timing",
    description: "Fields left out stay as they are; the same rules as on creation. Customer-service changes are written to the audit log.",
    access: "customer",
    middleware: [ownOnly("settingId")],
    errors: { 404: "Not one of the customer's settings" },
    request: { params: SettingIdParam, body: jsonBody(NotificationSettingUpdate) },
    responses: { 200: jsonResponse(NotificationSetting) },
  }),
  async (c) => {
    const { settingId } = c.req.valid("param");
    const { id, ...change } = c.req.valid("json");
    if (id && id !== settingId) throw validationError([{ path: "id", code: "custom", message: "notifications.errors.id-mismatch" }]);
    return c.json(await updateSetting(actorOf(c), settingId, change), 200);
  },
);

// ---------------------------------------------------------------- inbox

notificationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/inbox",
    operationId: "listInbox",
    tags: ["Notifications"],
    summary: "The customer's inbox",
    description: "Every message the portal sent the customer, newest first, written in ?locale (one of the site's languages), with the number of unread ones. Archived messages with ?archived=true.",
    access: "customer",
    feature: "inbox",
    request: { query: InboxQuery },
    responses: { 200: jsonResponse(InboxList) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const a = actorOf(c);
    return c.json(await listInbox(a.site, a.customerId, { locale: q.locale ?? a.site.defaultLocaleId, archived: q.archived === "true" }), 200);
  },
);

// A static path, registered before /me/inbox/{messageId}: "unread" is not a message's id.
notificationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/inbox/unread",
    operationId: "getInboxUnreadCount",
    tags: ["Notifications"],
    summary: "The number of unread messages in the customer's inbox",
    description: "What the header's inbox badge shows: the `unread` of GET /api/me/inbox without the messages (archived messages are not counted).",
    access: "customer",
    feature: "inbox",
    responses: { 200: jsonResponse(InboxUnreadCount) },
  }),
  async (c) => c.json({ unread: await unreadCount(c.get("site").id, c.get("session")!.activeCustomer!.id) }, 200),
);

notificationsRouter.openapi(
  defineRoute({
    method: "patch",
    path: "/me/inbox/{messageId}",
    operationId: "updateInboxMessage",
    tags: ["Notifications"],
    summary: "Mark a message read or unread, archive or restore it",
    description: "Answers the message written in `locale`. Customer-service changes are written to the audit log.",
    access: "customer",
    feature: "inbox",
    middleware: [ownOnly("messageId")],
    errors: { 404: "Not one of the customer's messages" },
    request: { params: MessageIdParam, body: jsonBody(InboxMessageUpdate) },
    responses: { 200: jsonResponse(InboxMessage) },
  }),
  async (c) => {
    const { locale, ...change } = c.req.valid("json");
    const a = actorOf(c);
    return c.json(await updateInboxMessage(a, c.req.valid("param").messageId, change, locale ?? a.site.defaultLocaleId), 200);
  },
);

// ---------------------------------------------------------------- spot-price alert

notificationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/notifications",
    operationId: "getSpotPriceAlert",
    tags: ["Notifications"],
    summary: "The customer's spot-price alert",
    description: "Whether the alert is on, its limits in c/kWh with VAT and its receivers. Off with no limits until the customer sets it.",
    access: "customer",
    feature: "settings.spot-price",
    responses: { 200: jsonResponse(SpotPriceAlert) },
  }),
  async (c) => {
    const a = settingsActor(c);
    return c.json(await getSpotPriceAlert(a.site.id, a.customerId), 200);
  },
);

notificationsRouter.openapi(
  defineRoute({
    method: "put",
    path: "/me/notifications",
    operationId: "updateSpotPriceAlert",
    tags: ["Notifications"],
    summary: "Set the spot-price alert",
    description:
      "When the next day's prices are imported, a customer whose limits the day crosses is told once which hours fall below `lower` or above `upper`, with the day's cheapest hours, on the channels of the spot-price alert subject. Limits from -100 to 1000 c/kWh, lower below upper; an enabled alert needs at least one. Customer-service changes are written to the audit log.",
    access: "customer",
    feature: "settings.spot-price",
    request: { body: jsonBody(SpotPriceAlertUpdate) },
    responses: { 200: jsonResponse(SpotPriceAlert) },
  }),
  async (c) => c.json(await saveSpotPriceAlert(settingsActor(c), c.req.valid("json")), 200),
);

// ---------------------------------------------------------------- web push

notificationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/notifications/configuration",
    operationId: "getPushConfiguration",
    tags: ["Notifications"],
    summary: "What a browser needs to subscribe to push",
    description: "The VAPID public key to pass to PushManager.subscribe (a key pair per site, kept in the database when the deployment configures none).",
    access: "customer",
    feature: "push-notifications",
    responses: { 200: jsonResponse(PushConfiguration) },
  }),
  async (c) => {
    const site = c.get("site");
    return c.json({ app: site.id, vapidKey: (await vapidKeysFor(site)).publicKey }, 200);
  },
);

notificationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/notifications/customer-info",
    operationId: "getPushCustomerInfo",
    tags: ["Notifications"],
    summary: "The customer's push notification info",
    description: "Whether push is on for this device (?endpoint) or any, on how many devices, and when this device's subscription was registered (a browser renews it after 7 days).",
    access: "customer",
    feature: "push-notifications",
    request: { query: PushInfoQuery },
    responses: { 200: jsonResponse(PushInfo) },
  }),
  async (c) => {
    const a = settingsActor(c);
    return c.json(await pushInfo(c.get("site"), a.customerId, c.req.valid("query").endpoint), 200);
  },
);

notificationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/notifications/settings",
    operationId: "getPushSettings",
    tags: ["Notifications"],
    summary: "The push setting of this device",
    description: "enabled: push is on for the device named by ?endpoint; providerEnabled: the site offers push.",
    access: "customer",
    feature: "push-notifications",
    request: { query: PushInfoQuery },
    responses: { 200: jsonResponse(PushSettings) },
  }),
  async (c) => {
    const a = settingsActor(c);
    const info = await pushInfo(c.get("site"), a.customerId, c.req.valid("query").endpoint);
    return c.json({ enabled: info.enabled, providerEnabled: info.providerEnabled }, 200);
  },
);

notificationsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/notifications/set-token",
    operationId: "setPushToken",
    tags: ["Notifications"],
    summary: "Register this browser's push subscription, on or off",
    description:
      "The browser's PushSubscription with push on or off for the customer (spec §4). The same endpoint again updates it. The endpoint must be https. Answers the customer's push info; customer-service changes are written to the audit log.",
    access: "customer",
    feature: "push-notifications",
    request: { body: jsonBody(SetPushToken) },
    responses: { 200: jsonResponse(PushInfo) },
  }),
  async (c) => {
    const { token, enabled } = c.req.valid("json");
    return c.json(await setPushToken(settingsActor(c), { endpoint: token.endpoint, keys: token.keys }, enabled), 200);
  },
);
