import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import type { ApiClient } from "@/test/api-client";
import { customerOf, signIn, snapshot } from "@/server/settings/testing";
import { fanOutNotification } from "@/server/notifications/notify";

let cleanup: () => Promise<void>;
let api: ApiClient;
const owner = () => customerOf("aurora", "solar-household");
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "settings", "notifications"].includes(s.name)) }));
  api = await signIn("aurora", "solar-household");
}, 120_000);
afterAll(async () => cleanup());

const CHANNELS = ["None", "Email", "Gsm", "Post", "PushNotification"];
const anyChannels = fc.array(fc.oneof(fc.constantFrom(...CHANNELS), fc.string({ maxLength: 12 }), fc.integer()), { maxLength: 7 });
const anyIds = fc.array(fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.integer()), { maxLength: 12 });
const anyTiming = fc.oneof(fc.constantFrom("Always", "NoNightHours", "SendAfterNightHours"), fc.string({ maxLength: 20 }), fc.constant(null));
const anyNumber = fc.oneof(fc.double(), fc.integer({ min: -1e6, max: 1e6 }), fc.constant(null), fc.string({ maxLength: 8 }), fc.constant(Number.MAX_VALUE));

/** A setting body that is wrong somewhere: a bad channel list, a contact not the customer's or of the wrong kind, an unknown key. */
const badSetting = fc.oneof(
  fc.anything(),
  fc.record({ channels: anyChannels, contactsIds: anyIds, timing: anyTiming }, { requiredKeys: [] }),
  fc.record({ channels: fc.constant(["None", "Email"]) }),
  fc.record({ contactsIds: fc.array(fc.uuid(), { minLength: 1, maxLength: 3 }) }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.anything(), { minKeys: 1 }),
);
const badAlert = fc.oneof(
  fc.anything(),
  fc.record({ enabled: fc.oneof(fc.boolean(), fc.string()), threshold: fc.oneof(fc.record({ lower: anyNumber, upper: anyNumber }), fc.anything()), contactsIds: anyIds }, { requiredKeys: [] }),
  fc.record({ enabled: fc.constant(true), threshold: fc.record({ lower: fc.double({ min: 1001, max: 1e9, noNaN: true }), upper: fc.constant(null) }) }),
);

async function expectRefused(res: { status: number; body: unknown }) {
  expect(res.status).toBeLessThan(500);
  expect([400, 404, 422]).toContain(res.status);
}

describe("bad input to the notification endpoints: never a 5xx, nothing stored", () => {
  it("PUT /api/me/notification-settings/{id}", async () => {
    const settings = (await api.get("/api/me/notification-settings")).body.settings;
    const id = settings[0].id;
    let current = await snapshot("notification_settings", owner().id);
    await fc.assert(
      fc.asyncProperty(badSetting, async (body) => {
        const res = await api.call("PUT", `/api/me/notification-settings/${id}`, body === undefined ? "" : (JSON.stringify(body) ?? "null"));
        if (res.status === 200) {
          // A random value can be a valid change ({}, or None alone): it is kept.
          current = await snapshot("notification_settings", owner().id);
          return;
        }
        await expectRefused(res);
        expect(await snapshot("notification_settings", owner().id)).toBe(current);
      }),
      { numRuns: 120 },
    );
  });

  it("POST /api/me/notification-settings", async () => {
    const before = await snapshot("notification_settings", owner().id);
    await fc.assert(
      fc.asyncProperty(badSetting, fc.constantFrom("invoice-issued", "payment-received", "nonsense", ""), async (body, subject) => {
        const withSubject = body && typeof body === "object" && !Array.isArray(body) ? { ...body, subject } : body;
        const res = await api.call("POST", "/api/me/notification-settings", withSubject === undefined ? "" : (JSON.stringify(withSubject) ?? "null"));
        // invoice-issued and payment-received are chosen in the demo: creating them again is refused.
        await expectRefused(res);
        expect(await snapshot("notification_settings", owner().id)).toBe(before);
      }),
      { numRuns: 120 },
    );
  });

  it("PUT /api/me/notifications (thresholds)", async () => {
    const before = await snapshot("spot_price_alerts", owner().id);
    let current = before;
    await fc.assert(
      fc.asyncProperty(badAlert, async (body) => {
        const res = await api.call("PUT", "/api/me/notifications", body === undefined ? "" : (JSON.stringify(body) ?? "null"));
        if (res.status === 200) {
          current = await snapshot("spot_price_alerts", owner().id);
          return;
        }
        await expectRefused(res);
        expect(await snapshot("spot_price_alerts", owner().id)).toBe(current);
      }),
      { numRuns: 150 },
    );
  });

  it("PATCH /api/me/inbox/{id} and GET /api/me/inbox", async () => {
    await fanOutNotification({ siteId: "aurora", customerId: owner().id, subject: "offer-available", eventKey: "fuzz-offer", params: { productName: "Fuzz" } });
    const [message] = (await api.get("/api/me/inbox")).body.messages;
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.string({ maxLength: 30 }), async (body, locale) => {
        const res = await api.call("PATCH", `/api/me/inbox/${message.id}`, body === undefined ? "" : (JSON.stringify(body) ?? "null"));
        expect(res.status).toBeLessThan(500);
        const list = await api.get(`/api/me/inbox?locale=${encodeURIComponent(locale)}`);
        expect(list.status).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });
});
