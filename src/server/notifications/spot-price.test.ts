import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { inboxMessages, outboundMail, customerContacts } from "@/server/db/schema";
import { importSpotPrices } from "@/server/importers/spot-prices";
import { customerOf, signIn, snapshot, withFeatures } from "@/server/settings/testing";
import { evaluateSpotPriceAlerts, hourRanges } from "./spot-price";
import { tomorrowsFinnishPrices } from "./spot-price.testing";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "settings"].includes(s.name)) }));
}, 120_000);
afterAll(async () => cleanup());

async function inboxOf(customerId: string) {
  const db = await getDb();
  for (let i = 0; i < 150; i++) {
    const rows = await db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.customerId, customerId), eq(inboxMessages.subject, "spot-price-alert")));
    if (rows.length) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

describe("spot-price alert", () => {
  it("names hours as ranges", () => {
    expect(hourRanges([3, 1, 2, 7, 23])).toBe("01–04, 07–08, 23–24");
    expect(hourRanges([])).toBe("");
  });

  it("reads and sets the alert; refuses limits that make no sense and stores nothing then", async () => {
    const owner = customerOf("aurora", "apartment");
    const api = await signIn("aurora", "apartment");
    expect((await api.get("/api/me/notifications")).body).toEqual({ enabled: false, threshold: { lower: null, upper: null }, contactsIds: [] });
    const before = await snapshot("spot_price_alerts", owner.id);
    const other = customerOf("aurora", "solar-household");
    const db = await getDb();
    const [foreign] = await db.select().from(customerContacts).where(eq(customerContacts.customerId, other.id));
    const bad = [
      [{ enabled: true, threshold: { lower: null, upper: null } }, "threshold", "notifications.errors.limit-required"],
      [{ enabled: true, threshold: { lower: 10, upper: 5 } }, "threshold.upper", "notifications.errors.upper-not-above-lower"],
      [{ enabled: true, threshold: { lower: -500, upper: null } }, "threshold.lower", "notifications.errors.limit-out-of-range"],
      [{ enabled: true, threshold: { lower: 1, upper: null }, contactsIds: [foreign.id] }, "contactsIds.0", "notifications.errors.contact-not-found"],
      [{ enabled: "yes", threshold: { lower: 1, upper: null } }, "enabled", "validation.invalid_type"],
    ] as const;
    for (const [body, path, message] of bad) {
      const res = await api.put("/api/me/notifications", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.details.fields.map((f: { path: string; message: string }) => `${f.path} ${f.message}`)).toContain(`${path} ${message}`);
    }
    expect(await snapshot("spot_price_alerts", owner.id)).toBe(before);
    const ok = await api.put("/api/me/notifications", { enabled: true, threshold: { lower: 6, upper: 20.5 } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ enabled: true, threshold: { lower: 6, upper: 20.5 }, contactsIds: [] });
    expect((await api.get("/api/me/notifications")).body.threshold).toEqual({ lower: 6, upper: 20.5 });
    await withFeatures("aurora", { off: ["settings.spot-price"] }, async () => {
      expect((await api.get("/api/me/notifications")).status).toBe(404);
    });
  });

  it("tells a customer once, after tomorrow's prices are imported, which hours cross the limits and the cheapest ones", async () => {
    const owner = customerOf("aurora", "apartment");
    const quiet = customerOf("aurora", "solar-household");
    const api = await signIn("aurora", "solar-household");
    // This customer's limits are not crossed by the day: no alert.
    expect((await api.put("/api/me/notifications", { enabled: true, threshold: { lower: 1, upper: 90 } })).status).toBe(200);
    const { date: tomorrow, rows, from, to } = tomorrowsFinnishPrices();
    expect((await importSpotPrices(rows)).inserted).toBe(24);
    const [alert] = await inboxOf(owner.id);
    expect(alert.params).toEqual({ priceDate: tomorrow, below: "00–06", above: "17–20", cheapest: "00–03" });
    expect(alert.link).toBe("/dashboard");
    // The customer's mail (spot-price alert subject: e-mail by default).
    const db = await getDb();
    for (let i = 0; i < 100; i++) {
      const mails = await db.select().from(outboundMail).where(eq(outboundMail.siteId, "aurora"));
      if (mails.some((x) => x.text.includes("17–20"))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await db.select().from(outboundMail)).filter((x) => x.text.includes("17–20")).length).toBe(1);
    // Evaluated again (a re-import, a retried job): still once.
    await evaluateSpotPriceAlerts("FI", from, to);
    await new Promise((r) => setTimeout(r, 500));
    expect(await inboxOf(owner.id)).toHaveLength(1);
    const none = await db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.customerId, quiet.id), eq(inboxMessages.subject, "spot-price-alert")));
    expect(none).toHaveLength(0);
    // Read in the inbox in English.
    const reader = await signIn("aurora", "apartment");
    const inbox = await reader.get("/api/me/inbox?locale=en-GB");
    const shown = inbox.body.messages.find((x: { subject: string }) => x.subject === "spot-price-alert");
    expect(shown.title).toBe(`Spot prices for ${tomorrow.split("-").reverse().join(".")}`);
    expect(shown.content).toContain("Hours above your upper limit: 17–20.");
  });
});
