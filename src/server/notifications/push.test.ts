import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { notificationOutbox, pushSubscriptions, pushVapidKeys } from "@/server/db/schema";
import { customerOf, signIn, snapshot, staffFor, auditActions, withFeatures } from "@/server/settings/testing";
import { startPushService } from "@/server/providers/push/push-service.testing";
import { getTheme } from "@/themes/registry";
import { getSiteById } from "@/server/sites/sites";
import { deliverNotification, fanOutNotification } from "./notify";
import { vapidKeysFor } from "./push";
import { generateVapidKeys, pushPort } from "@/server/providers/push/push";

let cleanup: () => Promise<void>;
let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "settings"].includes(s.name)) }));
  push = await startPushService();
}, 120_000);
afterAll(async () => {
  await push?.close();
  await cleanup();
});

describe("web push", () => {
  it("gives the site's VAPID key, made once and kept", async () => {
    const api = await signIn("aurora", "solar-household");
    const a = await api.get("/api/notifications/configuration");
    expect(a.status).toBe(200);
    expect(a.body.app).toBe("aurora");
    expect(Buffer.from(a.body.vapidKey, "base64url")).toHaveLength(65);
    const b = await (await signIn("aurora", "apartment")).get("/api/notifications/configuration");
    expect(b.body.vapidKey).toBe(a.body.vapidKey);
    const db = await getDb();
    expect(await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.siteId, "aurora"))).toHaveLength(1);
    const other = await (await signIn("laane", "solar-household")).get("/api/notifications/configuration");
    expect(other.body.vapidKey).not.toBe(a.body.vapidKey);
    await withFeatures("aurora", { off: ["push-notifications"] }, async () => {
      expect((await api.get("/api/notifications/configuration")).status).toBe(404);
    });
  });

  it("keeps the private key sealed at rest, and seals a key kept in clear text by an earlier version", async () => {
    const db = await getDb();
    const site = (await getSiteById("daugava"))!;
    const made = await vapidKeysFor(site);
    const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.siteId, "daugava"));
    expect(row.publicKey).toBe(made.publicKey);
    expect(row.privateKey).not.toContain(made.privateKey);
    expect(row.privateKey).toMatch(/^v1\./);
    expect((await vapidKeysFor(site)).privateKey).toBe(made.privateKey);

    // A clear-text key: used as it is, and sealed in place.
    const old = generateVapidKeys();
    await db.update(pushVapidKeys).set({ publicKey: old.publicKey, privateKey: old.privateKey }).where(eq(pushVapidKeys.siteId, "daugava"));
    const read = await vapidKeysFor(site);
    expect(read).toMatchObject({ publicKey: old.publicKey, privateKey: old.privateKey });
    const [resealed] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.siteId, "daugava"));
    expect(resealed.privateKey).toMatch(/^v1\./);
    expect(resealed.privateKey).not.toContain(old.privateKey);
    expect((await vapidKeysFor(site)).privateKey).toBe(old.privateKey);

    // A push signed with it still passes the push service's VAPID check.
    const sub = push.subscribe();
    const result = await pushPort().send({ target: sub, payload: "sealed", vapid: await vapidKeysFor(site), ttlSeconds: 60 });
    expect(result.ok).toBe(true);
    expect(push.received.at(-1)).toMatchObject({ payload: "sealed", vapidKey: old.publicKey });
  });

  it("registers a browser's subscription on and off, refuses bad tokens, and audits customer service", async () => {
    const owner = customerOf("aurora", "apartment");
    const api = await signIn("aurora", "apartment");
    const sub = push.subscribe();
    const before = await snapshot("push_subscriptions", owner.id);
    for (const [token, path] of [
      [{ ...sub, endpoint: "http://example.com/push/1" }, "token.endpoint"],
      [{ ...sub, endpoint: "https://user:pw@push.example/1" }, "token.endpoint"],
      [{ ...sub, keys: { ...sub.keys, p256dh: "AAAA" } }, "token.keys.p256dh"],
      [{ ...sub, keys: { ...sub.keys, auth: "not base64!" } }, "token.keys.auth"],
    ] as const) {
      const res = await api.post("/api/notifications/set-token", { token, enabled: true });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await snapshot("push_subscriptions", owner.id)).toBe(before);

    const on = await api.post("/api/notifications/set-token", { token: { ...sub, expirationTime: null }, enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ enabled: true, providerEnabled: true, devices: 1 });
    const q = `?endpoint=${encodeURIComponent(sub.endpoint)}`;
    expect((await api.get(`/api/notifications/settings${q}`)).body).toEqual({ enabled: true, providerEnabled: true });
    const off = await api.post("/api/notifications/set-token", { token: sub, enabled: false });
    expect(off.body).toMatchObject({ enabled: false, devices: 0 });
    expect((await api.get(`/api/notifications/customer-info${q}`)).body).toMatchObject({ enabled: false, devices: 0 });
    // Another customer knows nothing of it.
    expect((await (await signIn("aurora", "solar-household")).get(`/api/notifications/customer-info${q}`)).body).toMatchObject({ enabled: false, tokenUpdatedAt: null });

    const staff = await staffFor("aurora", owner.clientCode);
    expect((await staff.post("/api/notifications/set-token", { token: sub, enabled: true })).status).toBe(200);
    expect((await auditActions("aurora", owner.id)).some((a) => a.action === "settings:push-token" && a.details.customerService === true)).toBe(true);
  });

  it("sends a notification as an encrypted, VAPID-signed push with the theme's icon, once; removes a subscription the push service has dropped", async () => {
    const owner = customerOf("aurora", "solar-household");
    const api = await signIn("aurora", "solar-household");
    const sub = push.subscribe();
    expect((await api.post("/api/notifications/set-token", { token: sub, enabled: true })).status).toBe(200);
    const created = await api.post("/api/me/notification-settings", { subject: "offer-available", channels: ["PushNotification"], timing: "Always" });
    expect(created.status).toBe(201);
    const { vapidKey } = (await api.get("/api/notifications/configuration")).body;

    const out = await fanOutNotification({ siteId: "aurora", customerId: owner.id, subject: "offer-available", eventKey: "offer:push-1", params: { productName: "Kiinteä 24" } });
    expect(out.outbox).toHaveLength(1);
    for (let i = 0; i < 100 && !push.received.some((r) => r.subscription === sub.id); i++) await new Promise((r) => setTimeout(r, 100));
    expect(push.errors).toEqual([]);
    const got = push.received.filter((r) => r.subscription === sub.id);
    expect(got).toHaveLength(1);
    expect(got[0].vapidKey).toBe(vapidKey);
    expect(got[0].jwt.aud).toBe(new URL(sub.endpoint).origin);
    expect(got[0].topic).toBe(out.outbox[0].replace(/-/g, ""));
    const site = (await getSiteById("aurora"))!;
    const theme = getTheme(site.themeId);
    const payload = JSON.parse(got[0].payload);
    expect(payload).toMatchObject({
      title: "Uusi tarjous Teille",
      body: "Meillä on Teille uusi tarjous: Kiinteä 24.",
      url: "http://aurora.localhost/contracts",
      icon: theme.notificationIcon ?? theme.pwa.logo,
      tag: out.outbox[0],
    });

    // A delivery run while another holds the row sends nothing; nor does one after the row was sent.
    const db = await getDb();
    const statusOf = async (id: string) => (await db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id)))[0].status;
    await expect.poll(() => statusOf(out.outbox[0]), { timeout: 10_000 }).toBe("sent");
    await db
      .update(notificationOutbox)
      .set({ status: "sending", notBefore: sql`now() + interval '1 minute'` })
      .where(eq(notificationOutbox.id, out.outbox[0]));
    await expect(deliverNotification({ siteId: "aurora", outboxId: out.outbox[0] })).rejects.toThrow(/another run/);
    expect(push.received.filter((r) => r.subscription === sub.id)).toHaveLength(1);
    await db.update(notificationOutbox).set({ status: "sent" }).where(eq(notificationOutbox.id, out.outbox[0]));
    await deliverNotification({ siteId: "aurora", outboxId: out.outbox[0] });
    expect(push.received.filter((r) => r.subscription === sub.id)).toHaveLength(1);

    // The push service forgot the subscription: 410 removes it and the row is not retried.
    push.answer.set(sub.id, 410);
    const next = await fanOutNotification({ siteId: "aurora", customerId: owner.id, subject: "offer-available", eventKey: "offer:push-2", params: { productName: "Spot" } });
    for (let i = 0; i < 100; i++) {
      const [row] = await db.select().from(notificationOutbox).where(eq(notificationOutbox.id, next.outbox[0]));
      if (row.status !== "pending" && row.status !== "sending") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [row] = await db.select().from(notificationOutbox).where(eq(notificationOutbox.id, next.outbox[0]));
    expect(row).toMatchObject({ status: "skipped", lastError: "subscription-gone" });
    expect(
      await db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.customerId, owner.id), eq(pushSubscriptions.endpoint, sub.endpoint))),
    ).toHaveLength(0);
  });
});
