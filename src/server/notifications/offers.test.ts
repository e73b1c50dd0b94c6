import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { contractOffers, contractProducts, energyContracts, inboxMessages, notificationOutbox } from "@/server/db/schema";
import { createTestMeteringPoint } from "@/server/invoices/test-fixtures";
import { customerOf } from "@/server/settings/testing";
import { getSiteById } from "@/server/sites/sites";
import { addDays } from "@/lib/calendar";
import { todayIn } from "@/lib/invoices/dates";
import { announceContractOffers } from "./offers";
import { deliverNotification, fanOutNotification } from "./notify";
import { listLetters } from "./letters";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "settings"].includes(s.name)) }));
}, 120_000);
afterAll(async () => cleanup());

async function inboxOf(customerId: string, subject: string, count: number) {
  const db = await getDb();
  let rows: (typeof inboxMessages.$inferSelect)[] = [];
  for (let i = 0; i < 100; i++) {
    rows = await db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.customerId, customerId), eq(inboxMessages.subject, subject)));
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  return rows;
}

describe("contract offers in the inbox", () => {
  it("announces each available offer once, with a link to its flow; not an accepted one nor a renewal before its window", async () => {
    const c = customerOf("aurora", "apartment");
    const site = (await getSiteById("aurora"))!;
    const today = todayIn(site.timezone);
    const point = await createTestMeteringPoint("aurora", c.id);
    const db = await getDb();
    const [product] = await db
      .insert(contractProducts)
      .values({ siteId: "aurora", code: "OFFER-TEST", name: "Kiinteä 24 kk", energyKind: "electricity", productGroup: "fixed", priceModel: "Fixed", visibility: "Personal" })
      .returning();
    const [inWindow, outOfWindow] = await db
      .insert(energyContracts)
      .values([
        { siteId: "aurora", customerId: c.id, meteringPointId: point.id, productName: "Old", priceModel: "Fixed", validFrom: "2024-01-01", termEnd: addDays(today, 20) },
        { siteId: "aurora", customerId: c.id, meteringPointId: point.id, productName: "Later", priceModel: "Fixed", validFrom: "2024-01-01", termEnd: addDays(today, 200) },
      ])
      .returning();
    const offers = await db
      .insert(contractOffers)
      .values([
        { siteId: "aurora", customerId: c.id, productId: product.id, contractId: inWindow.id, kind: "renewal", validUntil: addDays(today, 15) },
        { siteId: "aurora", customerId: c.id, productId: product.id, contractId: outOfWindow.id, kind: "renewal", validUntil: addDays(today, 15) },
        { siteId: "aurora", customerId: c.id, productId: product.id, kind: "personal", validUntil: addDays(today, 30) },
        { siteId: "aurora", customerId: c.id, productId: product.id, kind: "campaign", validUntil: addDays(today, 30), acceptedAt: new Date() },
        { siteId: "aurora", customerId: c.id, productId: product.id, kind: "campaign", validUntil: addDays(today, -1) },
      ])
      .returning();
    await announceContractOffers();
    await announceContractOffers();
    const rows = await inboxOf(c.id, "offer-available", 2);
    await new Promise((r) => setTimeout(r, 500));
    const again = await inboxOf(c.id, "offer-available", 3);
    expect(again).toHaveLength(2);
    const byOffer = Object.fromEntries(rows.map((r) => [r.params.offerId, r]));
    expect(Object.keys(byOffer).sort()).toEqual([offers[0].id, offers[2].id].sort());
    expect(byOffer[offers[0].id]).toMatchObject({ eventKey: `offer-available:${offers[0].id}`, link: `/contracts/${inWindow.id}/offer`, params: { productName: "Kiinteä 24 kk" } });
    expect(byOffer[offers[2].id].link).toBe("/contracts");
  });
});

describe("letters for the print service", () => {
  it("lists the Post-channel rows of the site only, with their status", async () => {
    const c = customerOf("laane", "solar-household");
    const api = await (await import("@/server/settings/testing")).signIn("laane", "solar-household");
    const set = await api.post("/api/me/notification-settings", { subject: "contract-ending", channels: ["Post"], timing: "Always" });
    expect([200, 201]).toContain(set.status);
    const out = await fanOutNotification({ siteId: "laane", customerId: c.id, subject: "contract-ending", eventKey: "letter:1", params: { productName: "Fikseeritud", endDate: "2030-01-31" } });
    const db = await getDb();
    const rows = await db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.siteId, "laane"), eq(notificationOutbox.eventKey, "letter:1")));
    const post = rows.filter((r) => r.channel === "Post");
    expect(post).toHaveLength(1);
    const site = (await getSiteById("laane"))!;
    let listed = await listLetters(site, { locale: "en-GB" });
    const letter = listed.letters.find((l) => l.id === post[0].id)!;
    // The job worker may already be handing it over.
    expect(letter).toMatchObject({ status: expect.stringMatching(/^(pending|sending|sent)$/), customerName: c.name, subject: "contract-ending" });
    expect(letter.address).toContain(c.name);
    expect(letter.title.length).toBeGreaterThan(3);
    expect(out.outbox).toContain(post[0].id);
    // A run while the worker holds the row is turned away (and retried); the row is sent once.
    await deliverNotification({ siteId: "laane", outboxId: post[0].id }).catch((err: Error) => expect(err.message).toMatch(/another run/));
    for (let i = 0; i < 50 && !(await listLetters(site, { locale: "en-GB", status: ["sent"] })).letters.some((l) => l.id === post[0].id); i++) await new Promise((r) => setTimeout(r, 100));
    listed = await listLetters(site, { locale: "en-GB", status: ["sent"] });
    expect(listed.letters.find((l) => l.id === post[0].id)?.sentAt).toBeTruthy();
    expect((await listLetters(site, { locale: "en-GB", status: ["failed"] })).letters.find((l) => l.id === post[0].id)).toBeUndefined();
    const other = await listLetters((await getSiteById("aurora"))!, { locale: "en-GB" });
    expect(other.letters.find((l) => l.id === post[0].id)).toBeUndefined();
  });
});
