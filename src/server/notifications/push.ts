import "server-only";
import { and, count, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { pushSubscriptions, pushVapidKeys } from "@/server/db/schema";
import { validationError } from "@/server/errors";
import { generateVapidKeys, type VapidKeys } from "@/server/providers/push/push";
import { auditChange, type SettingsActor } from "@/server/settings/actor";
import { hasFeature, type Feature } from "@/lib/features";
import { devToolsEnabled } from "@/lib/env";
import { decryptSecret, encryptSecret, isSealed } from "@/server/auth/ssn-crypto";

/**
 * Web Push for a site (features push-notifications and pwa): the VAPID key pair, the customers'
 * browser subscriptions and whether push is on for a device (spec §3 push, §4 push permission).
 */

/** Push is offered on the site. */
export function pushOffered(site: { features: readonly Feature[] }): boolean {
  return hasFeature(site, "push-notifications") && hasFeature(site, "pwa");
}

/**
 * The key pair the site signs its pushes with: the deployment's (VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY) when configured, else one made on first use and kept in the database (the
 * private key sealed, as identity codes are), so
 * every process and every restart signs with the same key and subscriptions stay valid.
 */
export async function vapidKeysFor(site: { id: string; primaryDomain?: string }): Promise<VapidKeys> {
  const subject = process.env.VAPID_SUBJECT || `https://${site.primaryDomain ?? `${site.id}.localhost`}`;
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) return { subject, publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY };
  const db = await getDb();
  const read = async () => (await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.siteId, site.id)))[0];
  let row = await read();
  if (!row) {
    const keys = generateVapidKeys();
    // Two processes making a pair at once: the first one kept wins, both use it.
    await db
      .insert(pushVapidKeys)
      .values({ siteId: site.id, publicKey: keys.publicKey, privateKey: encryptSecret(VAPID_PURPOSE, keys.privateKey) })
      .onConflictDoNothing();
    row = await read();
  }
  return { subject, publicKey: row.publicKey, privateKey: await privateKeyOf(row) };
}

const VAPID_PURPOSE = "vapid";

/**
 * The private key of a stored pair: sealed at rest (AES-256-GCM, auth/ssn-crypto.ts). A key kept
 * in clear text by an earlier version is used and sealed in place, once.
 */
async function privateKeyOf(row: typeof pushVapidKeys.$inferSelect): Promise<string> {
  if (isSealed(row.privateKey)) {
    const key = decryptSecret(VAPID_PURPOSE, row.privateKey);
    if (!key) throw new Error(`The VAPID key of site ${row.siteId} cannot be opened: SSN_ENCRYPTION_KEY (or AUTH_SECRET) has changed`);
    return key;
  }
  const db = await getDb();
  await db
    .update(pushVapidKeys)
    .set({ privateKey: encryptSecret(VAPID_PURPOSE, row.privateKey) })
    .where(and(eq(pushVapidKeys.siteId, row.siteId), eq(pushVapidKeys.privateKey, row.privateKey)));
  return row.privateKey;
}

export interface PushToken {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** A push service endpoint: https; plain http only to this machine outside production or in demo mode (local push services in tests). */
function endpointAllowed(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return devToolsEnabled() && url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost");
}

/**
 * Registers the browser's subscription for the customer with push on or off (spec §4: a token is
 * registered as enabled or disabled). The same endpoint again updates its keys and choice.
 */
export async function setPushToken(actor: SettingsActor, token: PushToken, enabled: boolean): Promise<PushInfo> {
  const fields = [];
  if (!endpointAllowed(token.endpoint)) fields.push({ path: "token.endpoint", code: "custom", message: "notifications.errors.push-endpoint" });
  if (!B64URL.test(token.keys.p256dh) || Buffer.from(token.keys.p256dh, "base64url").length !== 65)
    fields.push({ path: "token.keys.p256dh", code: "custom", message: "notifications.errors.push-key" });
  if (!B64URL.test(token.keys.auth) || Buffer.from(token.keys.auth, "base64url").length !== 16) fields.push({ path: "token.keys.auth", code: "custom", message: "notifications.errors.push-key" });
  if (fields.length) throw validationError(fields);
  const db = await getDb();
  const now = new Date();
  await db
    .insert(pushSubscriptions)
    .values({ siteId: actor.site.id, customerId: actor.customerId, personId: actor.personId, endpoint: token.endpoint, p256dh: token.keys.p256dh, auth: token.keys.auth, enabled })
    .onConflictDoUpdate({
      target: [pushSubscriptions.siteId, pushSubscriptions.customerId, pushSubscriptions.endpoint],
      set: { p256dh: token.keys.p256dh, auth: token.keys.auth, enabled, personId: actor.personId, updatedAt: now },
    });
  await auditChange(actor, "push-token", { enabled });
  return pushInfo(actor.site, actor.customerId, token.endpoint);
}

export interface PushInfo {
  /** Push is on for this device (the endpoint asked about), or on any device when none is named. */
  enabled: boolean;
  /** The site offers push. */
  providerEnabled: boolean;
  /** The customer's devices with push on. */
  devices: number;
  /** When this device's subscription was last registered (the browser renews it after 7 days). */
  tokenUpdatedAt: string | null;
}

export async function pushInfo(site: { id: string; features: readonly Feature[] }, customerId: string, endpoint?: string): Promise<PushInfo> {
  const db = await getDb();
  const scope = and(eq(pushSubscriptions.siteId, site.id), eq(pushSubscriptions.customerId, customerId));
  const [{ n }] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(and(scope, eq(pushSubscriptions.enabled, true)));
  const [own] = endpoint
    ? await db
        .select()
        .from(pushSubscriptions)
        .where(and(scope, eq(pushSubscriptions.endpoint, endpoint)))
    : [];
  return {
    enabled: endpoint ? !!own?.enabled : Number(n) > 0,
    providerEnabled: pushOffered(site),
    devices: Number(n),
    tokenUpdatedAt: own ? own.updatedAt.toISOString() : null,
  };
}

/** The subscriptions a push to the customer goes to. */
export async function enabledSubscriptions(siteId: string, customerId: string) {
  const db = await getDb();
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.siteId, siteId), eq(pushSubscriptions.customerId, customerId), eq(pushSubscriptions.enabled, true)));
}
