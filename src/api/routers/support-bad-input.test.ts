import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { fileTypeFromBuffer } from "file-type";
import { demoSupportIds } from "@/server/demo/support-seeder";
import { addUsagePoint, multipart, personaCustomer, SAMPLE_FILES, sendBody, signedIn, supportCounts, supportTestDatabase } from "@/server/support/testing";

/**
 * Bad input to ticket creation, comments, attachments, structured requests and the desk: never a
 * 5xx, always the API's error shape, and nothing stored when refused.
 */

let cleanup: () => Promise<void>;
let foreignPoint = "";
let ownPoint = "";
beforeAll(async () => {
  ({ cleanup } = await supportTestDatabase());
  foreignPoint = await addUsagePoint("laane", personaCustomer("laane", "apartment").id, "643000000000800001");
  ownPoint = await addUsagePoint("laane", personaCustomer("laane", "solar-household").id, "643000000000800002");
}, 120_000);
afterAll(async () => cleanup());

const ids = () => demoSupportIds("aurora");
const CODES = ["INVOICE_QUESTION", "METER_FAULT", "GENERAL_QUESTION", "NONE", "NOPE", "", " ", "invoice_question", "<script>", "A".repeat(41)];
const text = fc.oneof(
  fc.string(),
  fc.constantFrom("", " ", "\t\n", "x".repeat(10_001), "a\u0000b", "\ud800", "<script>alert(1)</script>", "'; drop table support_tickets; --", "\u202e\u2066"),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
);
const uuidish = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constantFrom("00000000-0000-0000-0000-000000000000", "not-a-uuid"), fc.integer());
const attachmentIds = fc.oneof(fc.array(uuidish, { maxLength: 7 }), fc.constant(Array.from({ length: 6 }, () => crypto.randomUUID())), fc.anything());

const badTicket = fc.oneof(
  fc.anything(),
  fc.record(
    {
      name: text,
      subtypeCode: fc.oneof(fc.constantFrom(...CODES), text),
      message: text,
      channelCode: fc.oneof(fc.constantFrom("EMAIL", "FAX", "", "PHONE "), text),
      topicCode: fc.oneof(fc.constantFrom("INVOICES", "METERING", "NONE", "x"), text),
      subject: fc.oneof(fc.record({ kind: fc.constantFrom("contract", "usage-point", "invoice", "house"), id: uuidish }), fc.anything()),
      attachmentIds,
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);

const expectErrorShape = (res: { status: number; body: any }) => {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) expect(res.body?.error).toMatchObject({ code: expect.any(String), message: expect.any(String), status: res.status });
};

describe("bad input to support never breaks the API or stores anything", () => {
  it("POST /api/me/support/tickets", async () => {
    const api = await signedIn("aurora", "solar-household");
    let before = await supportCounts();
    await fc.assert(
      fc.asyncProperty(badTicket, async (body) => {
        const res = await api.call("POST", "/api/me/support/tickets", JSON.stringify(body) ?? "null");
        expectErrorShape(res);
        if (res.status === 201) {
          // A random value can be a valid ticket: it is kept, as it would be.
          before = await supportCounts();
          return;
        }
        expect([400, 422]).toContain(res.status);
        expect(await supportCounts()).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it("POST /api/support/tickets/{id}/comments", async () => {
    const api = await signedIn("aurora", "solar-household");
    const ticketId = ids().tickets["meter-display"].id;
    let before = await supportCounts();
    const badComment = fc.oneof(fc.anything(), fc.record({ body: text, comment: text, attachmentIds, extra: fc.anything() }, { requiredKeys: [] }));
    await fc.assert(
      fc.asyncProperty(badComment, fc.constantFrom(ticketId, ids().tickets["move-out"].id, crypto.randomUUID(), "x1"), async (body, id) => {
        const res = await api.call("POST", `/api/support/tickets/${id}/comments`, JSON.stringify(body) ?? "null");
        expectErrorShape(res);
        if (res.status === 201) {
          before = await supportCounts();
          return;
        }
        expect([400, 404, 409, 422]).toContain(res.status);
        expect(await supportCounts()).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it("POST /api/support/attachments: any bytes, names and types; only PNG, JPEG, WebP and PDF content is kept", async () => {
    const api = await signedIn("aurora", "house-gas");
    let before = await supportCounts();
    const magic = fc.constantFrom(
      Buffer.alloc(0),
      SAMPLE_FILES.png.subarray(0, 8),
      SAMPLE_FILES.pdf.subarray(0, 5),
      Buffer.from("RIFF\0\0\0\0WEBP"),
      Buffer.from([0xff, 0xd8, 0xff]),
      SAMPLE_FILES.svg,
      SAMPLE_FILES.gif,
    );
    const file = fc.tuple(magic, fc.uint8Array({ maxLength: 2048 })).map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)]));
    const name = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom("../../etc/passwd", "a\u0000b.png", '"; x=.png', "\u202egnp.exe", "", "..", "x".repeat(500)));
    const part = fc.record({
      name: fc.constantFrom("file", "file", "file[]", "other", ""),
      fileName: fc.option(
        name.map((n) => n.replace(/["\r\n]/g, "")),
        { nil: undefined },
      ),
      type: fc.option(fc.constantFrom("image/png", "application/pdf", "text/html", "image/svg+xml", "application/octet-stream", ""), { nil: undefined }),
      data: file,
    });
    const body = fc.oneof(
      fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => multipart(parts)),
      fc
        .tuple(
          fc.uint8Array({ maxLength: 512 }),
          fc.constantFrom("multipart/form-data; boundary=x", "multipart/form-data", "application/octet-stream", "image/png", "application/x-www-form-urlencoded"),
        )
        .map(([b, t]) => ({ body: Buffer.from(b), contentType: t })),
    );
    await fc.assert(
      fc.asyncProperty(body, async ({ body: payload, contentType }) => {
        const res = await sendBody(api, "aurora.localhost", "POST", "/api/support/attachments", contentType, payload);
        expectErrorShape(res);
        if (res.status === 201) {
          expect(["image/png", "image/jpeg", "image/webp", "application/pdf"]).toContain(res.body.contentType);
          expect(res.body.fileName).not.toMatch(/[\u0000-\u001f/\\"]/);
          const download = await api.raw("GET", res.body.url);
          const bytes = Buffer.from(await download.arrayBuffer());
          expect((await fileTypeFromBuffer(bytes))?.mime).toBe(res.body.contentType);
          before = await supportCounts();
          return;
        }
        expect([400, 413, 415, 422, 429]).toContain(res.status);
        expect(await supportCounts()).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it("POST /api/support/send (support.advanced)", async () => {
    const api = await signedIn("laane", "solar-household");
    let before = await supportCounts();
    const date = fc.oneof(fc.constantFrom("2026-02-30", "2025-13-01", "0000-00-00", "9999-12-31", "1999-01-01", "", "today"), fc.string({ maxLength: 12 }), fc.integer());
    const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-1, 1e12, 0.0001, Number.MAX_SAFE_INTEGER), fc.string());
    const badRequest = fc.oneof(
      fc.anything(),
      fc.record({ kind: fc.constantFrom("meter-reading", "payer-change", "invoice-question", "callback", "", "METER-READING"), extra: fc.anything() }, { requiredKeys: ["kind"] }),
      fc.record(
        { kind: fc.constant("meter-reading"), usagePointId: fc.oneof(uuidish, fc.constantFrom(foreignPoint, ownPoint)), reading: number, readAt: date, message: text },
        { requiredKeys: ["kind"] },
      ),
      fc.record(
        {
          kind: fc.constant("payer-change"),
          contractId: fc.oneof(uuidish, fc.constant(ownPoint)),
          newPayerName: text,
          newPayerCode: text,
          newPayerEmail: fc.oneof(fc.emailAddress(), text),
          startDate: date,
          message: text,
        },
        { requiredKeys: ["kind"] },
      ),
      fc.record(
        { kind: fc.constant("invoice-question"), invoiceNumber: fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom("1", "../x", "2025000123")), question: text },
        { requiredKeys: ["kind"] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(badRequest, async (body) => {
        const res = await api.call("POST", "/api/support/send", JSON.stringify(body) ?? "null");
        expectErrorShape(res);
        if (res.status === 201) {
          before = await supportCounts();
          return;
        }
        expect([400, 422]).toContain(res.status);
        expect(await supportCounts()).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it("the desk: replies, assignments and status changes", async () => {
    const api = await signedIn("aurora", "customer-service");
    let before = await supportCounts();
    const op = fc.oneof(
      fc.record({ path: fc.constant("comments"), body: fc.oneof(fc.anything(), fc.record({ body: text, internal: fc.oneof(fc.boolean(), text), attachmentIds }, { requiredKeys: [] })) }),
      fc.record({ path: fc.constant("assign"), body: fc.oneof(fc.anything(), fc.record({ assigneeId: fc.oneof(text, fc.constant(null), fc.constantFrom("me", "p_nobody")) }, { requiredKeys: [] })) }),
      fc.record({ path: fc.constant("status"), body: fc.oneof(fc.anything(), fc.record({ status: fc.oneof(fc.constantFrom("OPEN", "DONE", "TS1", "resolved"), text) }, { requiredKeys: [] })) }),
    );
    await fc.assert(
      fc.asyncProperty(op, fc.constantFrom(ids().tickets["general-question"].id, crypto.randomUUID(), "x1"), async ({ path, body }, id) => {
        const res = await api.call("POST", `/api/desk/tickets/${id}/${path}`, JSON.stringify(body) ?? "null");
        expectErrorShape(res);
        if (res.status < 300) {
          before = await supportCounts();
          return;
        }
        expect([400, 404, 409, 422]).toContain(res.status);
        expect(await supportCounts()).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });
});
