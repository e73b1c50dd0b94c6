import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { notificationSettings, type NotificationChannel, type NotificationTiming } from "@/server/db/schema";
import { notFound, validationError, type FieldError } from "@/server/errors";
import { auditChange, type SettingsActor, type SettingsSite } from "@/server/settings/actor";
import { listContacts } from "@/server/settings/contacts";
import type { ContactView } from "@/server/settings/contact-rows";
import { hasFeature } from "@/lib/features";
import { NOTIFICATION_SUBJECTS, type NotificationSubject } from "@/lib/notifications";
import { SUBJECTS } from "./subjects";

export interface NotificationSettingView {
  id: string;
  subject: NotificationSubject;
  channels: NotificationChannel[];
  contactsIds: string[];
  timing: NotificationTiming;
  updatedAt: string;
}

export interface SettingInput {
  channels: NotificationChannel[];
  contactsIds: string[];
  timing: NotificationTiming;
}

type Row = typeof notificationSettings.$inferSelect;

const view = (r: Row): NotificationSettingView => ({
  id: r.id,
  subject: r.subject as NotificationSubject,
  channels: r.channels,
  contactsIds: r.contactIds,
  timing: r.timing,
  updatedAt: r.updatedAt.toISOString(),
});

/** The channels of a subject a customer may choose on this site (push only where the site offers it). */
export function channelsOn(site: Pick<SettingsSite, "features">, subject: NotificationSubject): Exclude<NotificationChannel, "None">[] {
  return SUBJECTS[subject].channels
    .filter((c) => (c === "PushNotification" ? hasFeature(site, "push-notifications") && hasFeature(site, "pwa") : true))
    .filter((c) => c !== "Gsm" || !hasFeature(site, "settings.phone-number-disabled"));
}

/** The subjects, with the channels the site offers for each and what a customer gets without a choice. */
export function listSubjects(site: Pick<SettingsSite, "features">) {
  return NOTIFICATION_SUBJECTS.filter((s) => s !== "spot-price-alert" || hasFeature(site, "settings.spot-price"))
    .filter((s) => s !== "outage" || hasFeature(site, "outages"))
    .map((id) => ({ id, channels: channelsOn(site, id), defaultChannels: SUBJECTS[id].defaultChannels }));
}

export async function listSettings(site: SettingsSite, customerId: string, filter: { subject?: NotificationSubject } = {}): Promise<NotificationSettingView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.siteId, site.id), eq(notificationSettings.customerId, customerId), filter.subject ? eq(notificationSettings.subject, filter.subject) : undefined))
    .orderBy(asc(notificationSettings.subject));
  return rows.map(view);
}

/** The contact type each channel reaches. */
const CONTACT_TYPE: Partial<Record<NotificationChannel, "Email" | "Gsm">> = { Email: "Email", Gsm: "Gsm" };

/** Checks a choice against the site and the customer's contacts; every problem is a field error. */
function check(site: SettingsSite, subject: NotificationSubject, input: SettingInput, contacts: ContactView[]): void {
  const fields: FieldError[] = [];
  const allowed = channelsOn(site, subject);
  if (input.channels.length === 0) fields.push({ path: "channels", code: "too_small", message: "notifications.errors.channel-required" });
  if (input.channels.includes("None") && input.channels.length > 1) fields.push({ path: "channels", code: "custom", message: "notifications.errors.none-alone" });
  input.channels.forEach((c, i) => {
    if (c !== "None" && !allowed.includes(c)) fields.push({ path: `channels.${i}`, code: "custom", message: "notifications.errors.channel-not-offered" });
  });
  if (new Set(input.channels).size !== input.channels.length) fields.push({ path: "channels", code: "custom", message: "notifications.errors.channel-twice" });
  const types = new Set(input.channels.map((c) => CONTACT_TYPE[c]).filter(Boolean));
  input.contactsIds.forEach((id, i) => {
    const contact = contacts.find((c) => c.id === id);
    if (!contact) fields.push({ path: `contactsIds.${i}`, code: "custom", message: "notifications.errors.contact-not-found" });
    else if (!types.has(contact.type as "Email" | "Gsm")) fields.push({ path: `contactsIds.${i}`, code: "custom", message: "notifications.errors.contact-not-for-channel" });
    else if (contact.type === "Email" && !contact.verified) fields.push({ path: `contactsIds.${i}`, code: "custom", message: "notifications.errors.contact-not-verified" });
  });
  if (new Set(input.contactsIds).size !== input.contactsIds.length) fields.push({ path: "contactsIds", code: "custom", message: "notifications.errors.contact-twice" });
  if (fields.length) throw validationError(fields);
}

/** A subject's first choice (POST): a subject already chosen is changed with PUT. */
export async function createSetting(actor: SettingsActor, input: SettingInput & { subject: NotificationSubject }): Promise<NotificationSettingView> {
  if (!listSubjects(actor.site).some((s) => s.id === input.subject)) throw validationError([{ path: "subject", code: "custom", message: "notifications.errors.subject-not-offered" }]);
  const contacts = await listContacts(actor.site, actor.customerId);
  check(actor.site, input.subject, input, contacts);
  const db = await getDb();
  const [row] = await db
    .insert(notificationSettings)
    .values({ siteId: actor.site.id, customerId: actor.customerId, subject: input.subject, channels: input.channels, contactIds: input.contactsIds, timing: input.timing })
    .onConflictDoNothing()
    .returning();
  if (!row) throw validationError([{ path: "subject", code: "custom", message: "notifications.errors.setting-exists" }]);
  await auditChange(actor, "notification-setting-create", { subject: input.subject, channels: input.channels, timing: input.timing, contactsIds: input.contactsIds });
  return view(row);
}

/** Whether a setting is the customer's (checked before the body is read: another's is not found). */
export async function isOwnSetting(siteId: string, customerId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: notificationSettings.id })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.siteId, siteId), eq(notificationSettings.customerId, customerId), eq(notificationSettings.id, id)));
  return !!row;
}

export async function updateSetting(actor: SettingsActor, id: string, change: Partial<SettingInput>): Promise<NotificationSettingView> {
  const db = await getDb();
  const where = and(eq(notificationSettings.siteId, actor.site.id), eq(notificationSettings.customerId, actor.customerId), eq(notificationSettings.id, id));
  const [current] = await db.select().from(notificationSettings).where(where);
  if (!current) throw notFound("notifications.errors.setting-not-found");
  const next: SettingInput = { channels: change.channels ?? current.channels, contactsIds: change.contactsIds ?? current.contactIds, timing: change.timing ?? current.timing };
  const contacts = await listContacts(actor.site, actor.customerId);
  check(actor.site, current.subject as NotificationSubject, next, contacts);
  const [row] = await db.update(notificationSettings).set({ channels: next.channels, contactIds: next.contactsIds, timing: next.timing, updatedAt: new Date() }).where(where).returning();
  await auditChange(actor, "notification-setting-update", { subject: current.subject, channels: next.channels, timing: next.timing, contactsIds: next.contactsIds });
  return view(row);
}
