import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { customerContacts, inboxMessages, notificationOutbox, outboundMail, smsMessages } from "@/server/db/schema";
import { auditActions, customerOf, mailTo, signIn, snapshot, staffFor, withFeatures } from "@/server/settings/testing";
import { deliverNotification, fanOutNotification } from "@/server/notifications/notify";
import { deliveryTime, isNightHour, nightEnd } from "@/server/notifications/timing";
import { ApiClient } from "@/test/api-client";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "settings", "notifications"].includes(s.name)) }));
}, 120_000);
afterAll(async () => cleanup());

async function contactsOf(customerId: string) {
  const db = await getDb();
  return db.select().from(customerContacts).where(eq(customerContacts.customerId, customerId));
}

async function verifiedEmail(customerId: string) {
  const db = await getDb();
  const rows = await contactsOf(customerId);
  const email = rows.find((r) => r.type === "Email")!;
  if (!email.verifiedAt) await db.update(customerContacts).set({ verifiedAt: new Date() }).where(eq(customerContacts.id, email.id));
  return email;
}

/** Waits (up to 10 s) until the outbox row has the status. */
async function statusBecomes(outboxId: string, status: string) {
  const db = await getDb();
  for (let i = 0; i < 100; i++) {
    const [r] = await db.select().from(notificationOutbox).where(eq(notificationOutbox.id, outboxId));
    if (r.status === status) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`outbox row ${outboxId} never became ${status}`);
}

/**
 * A retry of a row whose lease has run out. The row's own delivery job may take the lease first
 * (the worker runs alongside); then this run is turned away and the job's run finishes the row.
 */
async function deliverAsRetry(outboxId: string) {
  try {
    await deliverNotification({ siteId: "laane", outboxId });
  } catch (err) {
    if (!/another run/.test((err as Error).message)) throw err;
  }
  await statusBecomes(outboxId, "sent");
}

describe("timing in the site's timezone", () => {
  const tz = "Europe/Helsinki";
  it("knows the night across midnight", () => {
    expect(isNightHour(new Date("2026-06-10T18:59:00Z"), tz)).toBe(false); // 21:59 EEST
    expect(isNightHour(new Date("2026-06-10T19:00:00Z"), tz)).toBe(true); // 22:00
    expect(isNightHour(new Date("2026-06-10T21:30:00Z"), tz)).toBe(true); // 00:30 next day
    expect(isNightHour(new Date("2026-06-11T03:59:00Z"), tz)).toBe(true); // 06:59
    expect(isNightHour(new Date("2026-06-11T04:00:00Z"), tz)).toBe(false); // 07:00
  });
  it("holds a message until 07:00 of the right morning, also on the nights the clocks change", () => {
    // 23:30 on the last Saturday of October (EEST, +3): 07:00 on Sunday is EET (+2) = 05:00Z.
    expect(nightEnd(new Date("2026-10-24T20:30:00Z"), tz).toISOString()).toBe("2026-10-25T05:00:00.000Z");
    // 23:00 on the last Saturday of March (EET, +2): 07:00 on Sunday is EEST (+3) = 04:00Z.
    expect(nightEnd(new Date("2026-03-28T21:00:00Z"), tz).toISOString()).toBe("2026-03-29T04:00:00.000Z");
    // 02:00 after midnight: the same morning.
    expect(nightEnd(new Date("2026-01-15T00:00:00Z"), tz).toISOString()).toBe("2026-01-15T05:00:00.000Z");
    // Riga and Tallinn share Helsinki's offset; a western zone gets its own morning.
    expect(nightEnd(new Date("2026-01-15T23:00:00Z"), "Europe/Stockholm").toISOString()).toBe("2026-01-16T06:00:00.000Z");
  });
  it("applies the three rules", () => {
    const night = new Date("2026-02-01T22:00:00Z"); // 00:00 local
    const day = new Date("2026-02-01T10:00:00Z");
    expect(deliveryTime("Always", night, tz)).toEqual(night);
    expect(deliveryTime("NoNightHours", night, tz)).toBeNull();
    expect(deliveryTime("NoNightHours", day, tz)).toEqual(day);
    expect(deliveryTime("SendAfterNightHours", night, tz)?.toISOString()).toBe("2026-02-02T05:00:00.000Z");
    expect(deliveryTime("SendAfterNightHours", day, tz)).toEqual(day);
  });
});

describe("notification subjects and settings", () => {
  it("lists the subjects with the channels the site offers", async () => {
    const api = await signIn("aurora", "solar-household");
    const res = await api.get("/api/me/notification-subjects");
    expect(res.status).toBe(200);
    const ids = res.body.subjects.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining(["invoice-issued", "invoice-due", "payment-received", "spot-price-alert", "contract-ending", "offer-available", "ticket-answered"]));
    expect(res.body.subjects.find((s: { id: string }) => s.id === "invoice-issued")).toMatchObject({ channels: ["Email", "Gsm", "Post", "PushNotification"], defaultChannels: ["Email"] });
    await withFeatures("aurora", { off: ["pwa"] }, async () => {
      const off = await api.get("/api/me/notification-subjects");
      expect(off.body.subjects.find((s: { id: string }) => s.id === "invoice-issued").channels).toEqual(["Email", "Gsm", "Post"]);
    });
    await withFeatures("aurora", { off: ["settings.spot-price"] }, async () => {
      const off = await api.get("/api/me/notification-subjects");
      expect(off.body.subjects.map((s: { id: string }) => s.id)).not.toContain("spot-price-alert");
    });
  });

  it("creates, lists and changes a choice; refuses what does not fit and stores nothing then", async () => {
    const owner = customerOf("aurora", "solar-household");
    const api = await signIn("aurora", "solar-household");
    const email = await verifiedEmail(owner.id);
    const gsm = (await contactsOf(owner.id)).find((c) => c.type === "Gsm");
    const existing = (await api.get("/api/me/notification-settings")).body.settings;
    // The demo has chosen for invoices and payments.
    expect(existing.map((s: { subject: string }) => s.subject).sort()).toEqual(["invoice-issued", "payment-received"]);

    const created = await api.post("/api/me/notification-settings", { subject: "invoice-due", channels: ["Email", ...(gsm ? ["Gsm"] : [])], contactsIds: [email.id], timing: "NoNightHours" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ subject: "invoice-due", contactsIds: [email.id], timing: "NoNightHours" });
    const again = await api.post("/api/me/notification-settings", { subject: "invoice-due", channels: ["Email"] });
    expect(again.status).toBe(422);
    expect(again.body.error.details.fields[0]).toMatchObject({ path: "subject", message: "notifications.errors.setting-exists" });

    const before = await snapshot("notification_settings", owner.id);
    const other = customerOf("aurora", "apartment");
    const foreign = (await contactsOf(other.id)).find((c) => c.type === "Email")!;
    const bad = [
      [{ channels: ["None", "Email"] }, "channels", "notifications.errors.none-alone"],
      [{ contactsIds: [foreign.id] }, "contactsIds.0", "notifications.errors.contact-not-found"],
      [{ channels: ["Post"], contactsIds: [email.id] }, "contactsIds.0", "notifications.errors.contact-not-for-channel"],
      [{ timing: "Sometimes" }, "timing", "validation.invalid_value"],
      [{ id: other.id }, "id", "notifications.errors.id-mismatch"],
    ] as const;
    for (const [body, path, message] of bad) {
      const res = await api.put(`/api/me/notification-settings/${created.body.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.details.fields.map((f: { path: string; message: string }) => `${f.path} ${f.message}`)).toContain(`${path} ${message}`);
    }
    // A letter is not offered for the spot-price alert.
    const noLetter = await api.post("/api/me/notification-settings", { subject: "spot-price-alert", channels: ["Post"] });
    expect(noLetter.body.error.details.fields[0]).toMatchObject({ path: "channels.0", message: "notifications.errors.channel-not-offered" });
    expect(await snapshot("notification_settings", owner.id)).toBe(before);

    const changed = await api.put(`/api/me/notification-settings/${created.body.id}`, { id: created.body.id, channels: ["None"], contactsIds: [] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ channels: ["None"], contactsIds: [], timing: "NoNightHours" });
    expect((await api.get("/api/me/notification-settings?subject=invoice-due")).body.settings).toHaveLength(1);
  });

  it("keeps other customers out, lets a representative choose and audits customer service", async () => {
    const owner = customerOf("aurora", "solar-household");
    const api = await signIn("aurora", "solar-household");
    const [setting] = (await api.get("/api/me/notification-settings?subject=invoice-issued")).body.settings;
    const stranger = await signIn("aurora", "apartment");
    const res = await stranger.put(`/api/me/notification-settings/${setting.id}`, { channels: ["Post"] });
    expect(res.status).toBe(404);
    expect((await stranger.get("/api/me/notification-settings")).body.settings.map((s: { id: string }) => s.id)).not.toContain(setting.id);

    const staff = await staffFor("aurora", owner.clientCode);
    const byStaff = await staff.put(`/api/me/notification-settings/${setting.id}`, { timing: "SendAfterNightHours" });
    expect(byStaff.status).toBe(200);
    const audit = (await auditActions("aurora", owner.id)).find((a) => a.action === "settings:notification-setting-update")!;
    expect(audit.details).toMatchObject({ customerService: true, subject: "invoice-issued", timing: "SendAfterNightHours" });
  });
});

describe("the outbox", () => {
  it("puts an event in the inbox and one row per channel and recipient, once however often it is announced", async () => {
    const owner = customerOf("laane", "solar-household");
    const api = await signIn("laane", "solar-household");
    const email = await verifiedEmail(owner.id);
    const gsm = (await contactsOf(owner.id)).find((c) => c.type === "Gsm")!;
    expect(gsm).toBeDefined();
    const created = await api.post("/api/me/notification-settings", { subject: "invoice-due", channels: ["Email", "Gsm"], contactsIds: [email.id, gsm.id], timing: "Always" });
    expect(created.status).toBe(201);

    const event = {
      siteId: "laane",
      customerId: owner.id,
      subject: "invoice-due" as const,
      eventKey: "invoice-due:T-1",
      params: { invoiceNumber: "T-1", amountCents: "4520", currency: "EUR", dueDate: "2026-12-01" },
    };
    const noon = new Date("2026-11-20T10:00:00Z");
    const runs = await Promise.all([fanOutNotification(event, noon), fanOutNotification(event, noon), fanOutNotification(event, noon)]);
    expect(runs.flatMap((r) => r.outbox)).toHaveLength(2);
    const db = await getDb();
    const rows = await db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.customerId, owner.id), eq(notificationOutbox.eventKey, "invoice-due:T-1")));
    expect(rows.map((r) => `${r.channel} ${r.recipient}`).sort()).toEqual([`Email ${email.value}`, `Gsm ${gsm.value}`]);
    expect(
      await db
        .select()
        .from(inboxMessages)
        .where(and(eq(inboxMessages.customerId, owner.id), eq(inboxMessages.eventKey, "invoice-due:T-1"))),
    ).toHaveLength(1);

    // Two workers on the same row (and the job's own run): one sends, another that finds it held is turned away to retry.
    const row = rows.find((r) => r.channel === "Gsm")!;
    const both = await Promise.allSettled([deliverNotification({ siteId: "laane", outboxId: row.id }), deliverNotification({ siteId: "laane", outboxId: row.id })]);
    for (const r of both) if (r.status === "rejected") expect((r.reason as Error).message).toMatch(/another run/);
    // A crash after handing over but before marking (its lease ran out): the retry is recognised by the key.
    await db
      .update(notificationOutbox)
      .set({ status: "sending", notBefore: new Date(Date.now() - 1000) })
      .where(eq(notificationOutbox.id, row.id));
    await deliverAsRetry(row.id);
    const sms = await db.select().from(smsMessages).where(eq(smsMessages.to, gsm.value));
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain("T-1");
    // Estonian site, customer's language: the amount and date are written for the reader.
    expect(sms[0].text).toMatch(/01\.12\.2026/);

    // The delivery jobs the event queued send the mail once.
    const mail = await mailTo("laane", email.value);
    expect(mail.subject).toContain("T-1");
    expect(mail.html).toContain("/invoices/T-1");
    const mailRow = rows.find((r) => r.channel === "Email")!;
    await statusBecomes(mailRow.id, "sent");
    await db
      .update(notificationOutbox)
      .set({ status: "sending", notBefore: new Date(Date.now() - 1000) })
      .where(eq(notificationOutbox.id, mailRow.id));
    await deliverAsRetry(mailRow.id);
    await new Promise((r) => setTimeout(r, 1500));
    const mails = await db
      .select()
      .from(outboundMail)
      .where(and(eq(outboundMail.to, email.value), sql`${outboundMail.subject} like '%T-1%'`));
    expect(mails).toHaveLength(1);
  });

  it("holds a message sent at night until the morning, or leaves the channel out, by the customer's timing", async () => {
    const owner = customerOf("aurora", "apartment");
    const api = await signIn("aurora", "apartment");
    const email = await verifiedEmail(owner.id);
    await api.post("/api/me/notification-settings", { subject: "contract-ending", channels: ["Email"], contactsIds: [email.id], timing: "SendAfterNightHours" });
    await api.post("/api/me/notification-settings", { subject: "offer-available", channels: ["Email"], timing: "NoNightHours" });
    const night = new Date("2027-01-20T23:30:00Z"); // 01:30 in Helsinki (ahead: the held job waits)
    await fanOutNotification({ siteId: "aurora", customerId: owner.id, subject: "contract-ending", eventKey: "contract-ending:night", params: { productName: "Spot", endDate: "2026-12-20" } }, night);
    await fanOutNotification({ siteId: "aurora", customerId: owner.id, subject: "offer-available", eventKey: "offer:night", params: { productName: "Fixed 12" } }, night);
    const db = await getDb();
    const rows = await db.select().from(notificationOutbox).where(eq(notificationOutbox.customerId, owner.id));
    const held = rows.find((r) => r.eventKey === "contract-ending:night")!;
    expect(held).toMatchObject({ status: "pending" });
    expect(held.notBefore.toISOString()).toBe("2027-01-21T05:00:00.000Z");
    // A delivery job run early (a clock skew, a retried send) does not send before the morning.
    expect(await deliverNotification({ siteId: "aurora", outboxId: held.id })).toEqual({ status: "not-yet" });
    expect((await db.select().from(notificationOutbox).where(eq(notificationOutbox.id, held.id)))[0].status).toBe("pending");
    expect(rows.find((r) => r.eventKey === "offer:night")).toMatchObject({ status: "skipped", lastError: "night-hours" });
    // Both are in the inbox.
    const inbox = await api.get("/api/me/inbox?locale=en-GB");
    expect(inbox.body.messages.map((m: { title: string }) => m.title)).toEqual(expect.arrayContaining(["Your contract ends on 20.12.2026", "A new offer for you"]));
  });
});

describe("inbox", () => {
  it("lists newest first in the asked language, marks read and archives; others and a site without the inbox get 404", async () => {
    const owner = customerOf("aurora", "solar-household");
    const api = await signIn("aurora", "solar-household");
    await fanOutNotification({
      siteId: "aurora",
      customerId: owner.id,
      subject: "ticket-answered",
      eventKey: "ticket:<b>x</b>",
      params: { ticketId: "00000000-0000-4000-8000-000000000001", ticketNumber: "7", ticketName: "<script>alert(1)</script>" },
    });
    const list = await api.get("/api/me/inbox?locale=fi-FI");
    expect(list.status).toBe(200);
    const [first] = list.body.messages;
    expect(first).toMatchObject({ subject: "ticket-answered", title: "Vastaus pyyntöönne #7", read: false, link: "/support/00000000-0000-4000-8000-000000000001" });
    expect(first.content).not.toContain("<script");
    expect(first.content).toContain("&lt;script&gt;");
    const dates = list.body.messages.map((m: { createdAt: string }) => m.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const unread = list.body.unread;
    expect(unread).toBeGreaterThan(0);

    const read = await api.call("PATCH", `/api/me/inbox/${first.id}`, { read: true, locale: "en-GB" });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ read: true, title: "Reply to your request #7" });
    expect((await api.get("/api/me/inbox")).body.unread).toBe(unread - 1);
    const archived = await api.call("PATCH", `/api/me/inbox/${first.id}`, { archived: true });
    expect(archived.body.archived).toBe(true);
    expect((await api.get("/api/me/inbox")).body.messages.map((m: { id: string }) => m.id)).not.toContain(first.id);
    expect((await api.get("/api/me/inbox?archived=true")).body.messages.map((m: { id: string }) => m.id)).toContain(first.id);

    const stranger = await signIn("aurora", "apartment");
    expect((await stranger.call("PATCH", `/api/me/inbox/${first.id}`, { read: false })).status).toBe(404);
    const bad = await api.call("PATCH", `/api/me/inbox/${first.id}`, { read: "yes" });
    expect(bad.status).toBe(422);
    await withFeatures("aurora", { off: ["inbox"] }, async () => {
      expect((await api.get("/api/me/inbox")).status).toBe(404);
    });
  });

  it("counts the unread messages for the header's badge, as the inbox does", async () => {
    const owner = customerOf("aurora", "house-gas");
    const api = await signIn("aurora", "house-gas");
    for (const n of ["1", "2"]) {
      await fanOutNotification({
        siteId: "aurora",
        customerId: owner.id,
        subject: "ticket-answered",
        eventKey: `ticket:unread-${n}`,
        params: { ticketId: `00000000-0000-4000-8000-00000000010${n}`, ticketNumber: `10${n}`, ticketName: `Question ${n}` },
      });
    }
    const count = async (client = api) => {
      const res = await client.get("/api/me/inbox/unread");
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(["unread"]);
      return res.body.unread as number;
    };
    const inbox = await api.get("/api/me/inbox");
    const unread = inbox.body.unread;
    expect(unread).toBeGreaterThanOrEqual(2);
    expect(unread).toBe(inbox.body.messages.filter((m: { read: boolean }) => !m.read).length);
    expect(await count()).toBe(unread);

    const stranger = await signIn("aurora", "apartment");
    const strangers = await count(stranger);
    expect(strangers).toBe((await stranger.get("/api/me/inbox")).body.unread);

    const [first, second] = inbox.body.messages.filter((m: { read: boolean }) => !m.read);
    expect((await api.call("PATCH", `/api/me/inbox/${first.id}`, { read: true })).status).toBe(200);
    expect(await count()).toBe(unread - 1);
    expect((await api.get("/api/me/inbox")).body.unread).toBe(unread - 1);
    // An archived message is not counted; marked unread again it is.
    expect((await api.call("PATCH", `/api/me/inbox/${second.id}`, { archived: true })).status).toBe(200);
    expect(await count()).toBe(unread - 2);
    expect((await api.call("PATCH", `/api/me/inbox/${first.id}`, { read: false })).status).toBe(200);
    expect(await count()).toBe(unread - 1);
    expect(await count(stranger)).toBe(strangers);

    // "unread" is no message's id: the message route does not take it.
    expect((await api.call("PATCH", "/api/me/inbox/unread", { read: true })).status).toBe(422);
    expect(await count()).toBe(unread - 1);
    expect((await new ApiClient("aurora.localhost").get("/api/me/inbox/unread")).status).toBe(401);
    await withFeatures("aurora", { off: ["inbox"] }, async () => {
      const off = await api.get("/api/me/inbox/unread");
      expect(off.status).toBe(404);
      expect(off.body.error.message).toBe("api.errors.feature-disabled");
    });
  });

  it("has the demo customers' invoice messages", async () => {
    const db = await getDb();
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from notification_settings where site_id = 'aurora'`);
    expect(Number(row.n)).toBeGreaterThan(0);
  });
});
