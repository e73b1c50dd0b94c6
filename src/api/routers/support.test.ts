import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { ApiClient } from "@/test/api-client";
import { getDb, queryRows } from "@/server/db/client";
import { auditLog, supportTickets } from "@/server/db/schema";
import { demoSupportIds } from "@/server/demo/support-seeder";
import { addUsagePoint, personaCustomer, SAMPLE_FILES, sendBody, signedIn, staffPerson, supportCounts, supportTestDatabase, upload, waitForMail } from "@/server/support/testing";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await supportTestDatabase());
}, 120_000);
afterAll(async () => cleanup());

const ids = () => demoSupportIds("aurora");
const owner = () => signedIn("aurora", "solar-household");
const other = () => signedIn("aurora", "apartment");
const staff = () => signedIn("aurora", "customer-service");

const newTicket = (over: Record<string, unknown> = {}) => ({ name: "Laskun erittely", subtypeCode: "INVOICE_QUESTION", message: "Mistä laskun rivit koostuvat?", ...over });

describe("reference lists", () => {
  it("channels, topics (NONE among them) and subtypes per locale, with the site's default for unknown locales", async () => {
    const api = await owner();
    const fi = await api.get("/api/support/topics");
    expect(fi.status).toBe(200);
    expect(fi.body.topics.map((t: { code: string }) => t.code)).toEqual(["INVOICES", "CONTRACTS", "METERING", "OUTAGES", "MOVING", "NONE"]);
    expect(fi.body.topics[0]).toEqual({ code: "INVOICES", name: "Laskut ja maksut" });
    expect((await api.get("/api/support/topics?locale=en-GB")).body.topics.at(-1)).toEqual({ code: "NONE", name: "Other matter" });
    expect((await api.get("/api/support/topics?locale=ru-RU")).body.topics[0].name).toBe("Счета и платежи");
    // Not a locale of the portal: the site's default (fi-FI).
    expect((await api.get("/api/support/topics?locale=de-DE")).body.topics[0].name).toBe("Laskut ja maksut");

    const channels = await api.get("/api/support/channels?locale=sv-FI");
    expect(channels.body.channels).toEqual([
      { code: "PORTAL", name: "I webbtjänsten" },
      { code: "EMAIL", name: "E-post" },
      { code: "PHONE", name: "Telefonsamtal" },
    ]);

    const all = await api.get("/api/support/subtypes?locale=en-GB");
    expect(all.body.subtypes.length).toBe(13);
    const metering = await api.get("/api/support/subtypes?locale=lv-LV&topicCode=METERING");
    expect(metering.body.subtypes).toEqual([
      { code: "METER_READING", name: "Skaitītāja rādījums", topicCode: "METERING" },
      { code: "METER_FAULT", name: "Skaitītāja bojājums", topicCode: "METERING" },
    ]);
    expect((await api.get("/api/support/subtypes?topicCode=NOPE")).body.subtypes).toEqual([]);
    expect((await api.get("/api/support/subtypes?topicCode=%3Cscript%3E")).status).toBe(422);
  });
});

describe("the customer's tickets", () => {
  it("lists the customer's own tickets, newest activity first, with status codes and the unread mark", async () => {
    const api = await owner();
    const res = await api.get("/api/me/support/tickets?locale=en-GB");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.tickets.map((t: { id: string }) => [t.id, t]));
    const t = ids().tickets;
    expect(byId.get(t["meter-display"].id)).toMatchObject({
      status: "OPEN",
      statusCode: "TS1",
      topicCode: "METERING",
      topicName: "Meters and readings",
      subtypeName: "Meter fault",
      canCancel: true,
      canComment: true,
    });
    expect(byId.get(t["invoice-higher"].id)).toMatchObject({ status: "ASSIGNED", statusCode: "TS2", unreadForCustomer: true, channelCode: "EMAIL" });
    expect(byId.get(t["contract-change"].id)).toMatchObject({ status: "RESOLVED", statusCode: "TS4", canCancel: false, canComment: true });
    // Another customer's tickets are not in the list.
    expect(byId.has(t["move-out"].id)).toBe(false);
    const times = res.body.tickets.map((x: { lastActivityAt: string }) => x.lastActivityAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("shows a ticket with public comments only: the internal note never reaches the customer, and opening it clears the unread mark", async () => {
    const api = await owner();
    const id = ids().tickets["invoice-higher"].id;
    const res = await api.get(`/api/support/tickets/${id}?locale=fi-FI`);
    expect(res.status).toBe(200);
    expect(res.body.comments).toHaveLength(2);
    expect(res.body.comments.map((c: { author: { kind: string } }) => c.author.kind)).toEqual(["staff", "customer"]);
    // Staff are named by first name to customers.
    expect(res.body.comments[0].author.name).toBe(staffPerson("aurora").firstName);
    expect(JSON.stringify(res.body)).not.toContain("pakkasviikolla, lukemat kunnossa");
    expect(JSON.stringify(res.body)).not.toContain('"internal"');
    const list = await api.get("/api/me/support/tickets");
    expect(list.body.tickets.find((t: { id: string }) => t.id === id).unreadForCustomer).toBe(false);
  });

  it("opens a ticket (name, subtypeCode and message required), derives its topic and records who opened it", async () => {
    const api = await owner();
    const before = await supportCounts();
    const res = await api.post("/api/me/support/tickets?locale=en-GB", newTicket({ channelCode: "PHONE", topicCode: "INVOICES" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Laskun erittely",
      status: "OPEN",
      statusCode: "TS1",
      topicCode: "INVOICES",
      subtypeCode: "INVOICE_QUESTION",
      subtypeName: "Question about an invoice",
      channelCode: "PHONE",
      message: "Mistä laskun rivit koostuvat?",
      comments: [],
      attachments: [],
      subject: null,
      request: null,
    });
    expect(Number(res.body.number)).toBeGreaterThan(100000);
    const after = await supportCounts();
    expect(after.tickets).toBe(before.tickets + 1);
    expect(after.events).toBe(before.events + 1);
    const list = await api.get("/api/me/support/tickets");
    expect(list.body.tickets[0].id).toBe(res.body.id);
    // The next ticket takes the next number.
    const second = await api.post("/api/me/support/tickets", newTicket({ subtypeCode: "GENERAL_QUESTION" }));
    expect(second.body.topicCode).toBe("NONE");
    expect(Number(second.body.number)).toBe(Number(res.body.number) + 1);
  });

  it("keeps text as plain text: markup is stored and answered as written", async () => {
    const api = await owner();
    const xss = `<img src=x onerror="alert(1)"><script>alert('x')</script> & "quotes"`;
    const res = await api.post("/api/me/support/tickets", newTicket({ name: xss, message: xss }));
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(xss);
    expect(res.body.message).toBe(xss);
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("refuses bad tickets with field errors and stores nothing", async () => {
    const api = await owner();
    const foreignPoint = await addUsagePoint("aurora", personaCustomer("aurora", "apartment").id, "643000000000900001");
    const before = await supportCounts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ subtypeCode: "INVOICE_QUESTION", message: "x" }, "name", "validation.invalid_type"],
      [newTicket({ message: "   " }), "message", "validation.too_small"],
      [newTicket({ name: "" }), "name", "validation.too_small"],
      [newTicket({ subtypeCode: "NOPE" }), "subtypeCode", "support.errors.unknown-subtype"],
      [newTicket({ topicCode: "METERING" }), "subtypeCode", "support.errors.subtype-not-in-topic"],
      [newTicket({ topicCode: "NOPE" }), "topicCode", "support.errors.unknown-topic"],
      [newTicket({ channelCode: "FAX" }), "channelCode", "support.errors.unknown-channel"],
      [newTicket({ subject: { kind: "usage-point", id: foreignPoint } }), "subject.id", "support.errors.unknown-subject"],
      [newTicket({ attachmentIds: [ids().attachmentId] }), "attachmentIds.0", "support.errors.unknown-attachment"],
      [newTicket({ extra: 1 }), "", "validation.unrecognized_keys"],
      [newTicket({ message: "x".repeat(10_001) }), "message", "validation.too_big"],
    ];
    for (const [body, path, message] of cases) {
      const res = await api.post("/api/me/support/tickets", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.error.details.fields).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect(await supportCounts()).toEqual(before);
  });

  it("opens a ticket about one of the customer's own usage points", async () => {
    const api = await owner();
    const point = await addUsagePoint("aurora", personaCustomer("aurora", "solar-household").id, "643000000000900002");
    const res = await api.post("/api/me/support/tickets", newTicket({ subtypeCode: "METER_FAULT", subject: { kind: "usage-point", id: point } }));
    expect(res.status).toBe(201);
    expect(res.body.subject).toEqual({ kind: "usage-point", id: point, label: "Koivukuja 5, Helsinki (643000000000900002)" });
  });
});

describe("attachments", () => {
  it("takes PNG, JPEG, WebP and PDF by their content, links them to a ticket and lets the owner and staff download them", async () => {
    const api = await owner();
    const uploaded = [];
    for (const [name, type, data] of [
      ["mittari.png", "image/png", SAMPLE_FILES.png],
      ["kuva.jpg", "image/jpeg", SAMPLE_FILES.jpeg],
      ["kuva.webp", "image/webp", SAMPLE_FILES.webp],
      ["lasku.pdf", "application/pdf", SAMPLE_FILES.pdf],
    ] as const) {
      const res = await upload(api, { name, type, data });
      expect(res.status, name).toBe(201);
      expect(res.body).toMatchObject({ fileName: name, contentType: type, size: data.byteLength, url: `/api/support/attachments/${res.body.id}` });
      uploaded.push(res.body);
    }
    // Declared type and name do not count: the content does.
    const disguised = await upload(api, { name: "photo.pdf", type: "application/pdf", data: SAMPLE_FILES.png });
    expect(disguised.body.contentType).toBe("image/png");

    const ticket = await api.post("/api/me/support/tickets", newTicket({ attachmentIds: uploaded.slice(0, 2).map((a) => a.id) }));
    expect(ticket.status).toBe(201);
    expect(ticket.body.attachments.map((a: { id: string }) => a.id).sort()).toEqual(
      uploaded
        .slice(0, 2)
        .map((a) => a.id)
        .sort(),
    );
    const comment = await api.post(`/api/support/tickets/${ticket.body.id}/comments`, { body: "Ja lasku", attachmentIds: [uploaded[3].id] });
    expect(comment.status).toBe(201);
    expect(comment.body.comments.at(-1).attachments[0]).toMatchObject({ id: uploaded[3].id, contentType: "application/pdf" });

    const download = await api.raw("GET", `/api/support/attachments/${uploaded[0].id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="mittari.png"/);
    expect(Buffer.from(await download.arrayBuffer()).equals(SAMPLE_FILES.png)).toBe(true);
    expect((await (await staff()).raw("GET", `/api/support/attachments/${uploaded[0].id}`)).status).toBe(200);
    expect((await (await other()).get(`/api/support/attachments/${uploaded[0].id}`)).status).toBe(404);
    expect((await new ApiClient("aurora.localhost").get(`/api/support/attachments/${uploaded[0].id}`)).status).toBe(401);
    expect((await (await signedIn("laane", "customer-service")).raw("GET", `/api/support/attachments/${uploaded[0].id}`, { headers: { host: "aurora.localhost" } })).status).toBe(404);

    // A linked attachment cannot be linked again; nothing is stored.
    const before = await supportCounts();
    const again = await api.post("/api/me/support/tickets", newTicket({ attachmentIds: [uploaded[0].id] }));
    expect(again.status).toBe(422);
    expect(await supportCounts()).toEqual(before);
    // Another customer cannot use the owner's unlinked upload.
    const stolen = await (await other()).post("/api/me/support/tickets", newTicket({ attachmentIds: [uploaded[2].id] }));
    expect(stolen.status).toBe(422);
    expect(await supportCounts()).toEqual(before);
  });

  it("refuses other types (415/422) and files over 5 MB (413), storing nothing", async () => {
    const api = await owner();
    const before = await supportCounts();
    for (const [name, data] of [
      ["x.svg", SAMPLE_FILES.svg],
      ["x.html", SAMPLE_FILES.html],
      ["x.png", SAMPLE_FILES.text],
      ["x.gif", SAMPLE_FILES.gif],
      ["x.zip", SAMPLE_FILES.zip],
    ] as const) {
      const res = await upload(api, { name, type: "image/png", data });
      expect(res.status, name).toBe(422);
      expect(res.body.error.details.fields[0]).toMatchObject({ path: "file", message: "support.errors.file-type" });
    }
    const empty = await upload(api, { name: "x.png", type: "image/png", data: Buffer.alloc(0) });
    expect(empty.status).toBe(422);
    const big = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(5 * 1024 * 1024 + 1 - SAMPLE_FILES.png.byteLength)]);
    const tooLarge = await upload(api, { name: "big.png", type: "image/png", data: big });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatchObject({ code: "payload_too_large", message: "support.errors.file-too-large" });
    const huge = await upload(api, { name: "huge.png", type: "image/png", data: Buffer.concat([big, Buffer.alloc(256 * 1024)]) });
    expect(huge.status).toBe(413);
    const json = await api.post("/api/support/attachments", { file: "x" });
    expect(json.status).toBe(415);
    const noFile = await sendBody(
      api,
      "aurora.localhost",
      "POST",
      "/api/support/attachments",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--x--\r\n',
    );
    expect(noFile.status).toBe(422);
    expect(noFile.body.error.details.fields[0]).toMatchObject({ path: "file", message: "support.errors.file-missing" });
    expect(await supportCounts()).toEqual(before);
  });

  it("removes uploads never linked to a ticket after a day, by the scheduled job", async () => {
    const { removeUnlinkedAttachments } = await import("@/server/support/attachments");
    const api = await other();
    const res = await upload(api, { name: "left.png", type: "image/png", data: SAMPLE_FILES.png });
    expect(res.status).toBe(201);
    const db = await getDb();
    const exists = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from support_attachments where id = ${res.body.id}`))[0].n;
    expect((await removeUnlinkedAttachments()).removed).toBe(0);
    expect(await exists()).toBe(1);
    await removeUnlinkedAttachments({ now: new Date(Date.now() + 25 * 3600_000) });
    expect(await exists()).toBe(0);
    // Linked ones stay.
    expect((await api.get(`/api/support/attachments/${ids().attachmentId}`)).status).toBe(404);
    expect((await (await owner()).raw("GET", `/api/support/attachments/${ids().attachmentId}`)).status).toBe(200);
  });
});

describe("comments and cancelling", () => {
  it("adds a comment (body, or comment as spec §7 names it) to the customer's own ticket", async () => {
    const api = await owner();
    const created = await api.post("/api/me/support/tickets", newTicket());
    const first = await api.post(`/api/support/tickets/${created.body.id}/comments`, { body: "Lisätietoa" });
    expect(first.status).toBe(201);
    const second = await api.post(`/api/support/tickets/${created.body.id}/comments`, { comment: "Vielä yksi asia" });
    expect(second.status).toBe(201);
    expect(second.body.comments.map((c: { body: string; author: { kind: string } }) => [c.author.kind, c.body])).toEqual([
      ["customer", "Lisätietoa"],
      ["customer", "Vielä yksi asia"],
    ]);
    expect(new Date(second.body.lastActivityAt).getTime()).toBeGreaterThanOrEqual(new Date(created.body.lastActivityAt).getTime());
  });

  it("cancels an open ticket once; a cancelled ticket takes no comments (409)", async () => {
    const api = await owner();
    const created = await api.post("/api/me/support/tickets", newTicket());
    const cancelled = await api.post(`/api/support/tickets/${created.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "CANCELLED", statusCode: "TS3", canCancel: false, canComment: false });
    const before = await supportCounts();
    expect((await api.post(`/api/support/tickets/${created.body.id}/cancel`)).status).toBe(409);
    const comment = await api.post(`/api/support/tickets/${created.body.id}/comments`, { body: "Hei?" });
    expect(comment.status).toBe(409);
    expect(comment.body.error.message).toBe("support.errors.ticket-cancelled");
    expect(await supportCounts()).toEqual(before);
  });

  it("keeps another customer out: 404 for the owner's ticket whatever the body, nothing changed", async () => {
    const api = await other();
    const id = ids().tickets["meter-display"].id;
    const before = await supportCounts();
    expect((await api.get(`/api/support/tickets/${id}`)).status).toBe(404);
    expect((await api.post(`/api/support/tickets/${id}/comments`, { body: "hei" })).status).toBe(404);
    expect((await api.post(`/api/support/tickets/${id}/comments`, { nonsense: true })).status).toBe(404);
    expect((await api.post(`/api/support/tickets/${id}/cancel`)).status).toBe(404);
    expect((await api.get(`/api/support/tickets/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await api.get(`/api/support/tickets/not-a-uuid`)).status).toBe(422);
    expect(await supportCounts()).toEqual(before);
    // And staff of another site: 404.
    const laane = await signedIn("laane", "customer-service");
    expect((await laane.raw("GET", `/api/support/tickets/${id}`, { headers: { host: "aurora.localhost" } })).status).toBe(404);
  });
});

describe("customer service in the customer's account", () => {
  it("sees no internal notes, writes as customer service (the customer is e-mailed), and every call is audited", async () => {
    const api = await staff();
    const plan = personaCustomer("aurora", "solar-household");
    expect((await api.post("/api/customer-service/open", { clientCode: plan.clientCode })).status).toBe(200);
    const id = ids().tickets["invoice-higher"].id;
    const detail = await api.get(`/api/support/tickets/${id}`);
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).not.toContain("pakkasviikolla, lukemat kunnossa");
    const reply = await api.post(`/api/support/tickets/${id}/comments`, { body: "Kyllä, lasku voidaan jakaa kahteen erään." });
    expect(reply.status).toBe(201);
    expect(reply.body.comments.at(-1).author).toEqual({ kind: "staff", name: staffPerson("aurora").firstName });
    const mails = await waitForMail("aurora", plan.email);
    expect(mails.at(-1)!.text).toContain(`/support/${id}`);
    const db = await getDb();
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, "aurora"), eq(auditLog.actorPersonId, staffPerson("aurora").id), eq(auditLog.customerId, plan.id)));
    expect(audits.map((a) => a.action)).toContain(`api:POST /api/support/tickets/${id}/comments`);
    // The customer's unread mark is not cleared by staff looking.
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row.lastStaffReplyAt!.getTime()).toBeGreaterThan(row.customerSeenAt?.getTime() ?? 0);
    expect((await api.post("/api/customer-service/close")).status).toBe(200);
  });
});

describe("structured requests (support.advanced)", () => {
  it("are off where the site has no support.advanced (404)", async () => {
    const res = await (await owner()).post("/api/support/send", { kind: "invoice-question", invoiceNumber: "1", question: "?" });
    expect(res.status).toBe(404);
  });

  it("create a ticket of the request's subtype from its fields, checked against the customer's own data", async () => {
    const api = await signedIn("laane", "solar-household");
    const customer = personaCustomer("laane", "solar-household");
    const point = await addUsagePoint("laane", customer.id, "643000000000900003");
    const today = new Date().toISOString().slice(0, 10);
    const before = await supportCounts();
    const bad = await api.post("/api/support/send", { kind: "meter-reading", usagePointId: point, reading: 12345.5, readAt: "2999-01-01" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields).toContainEqual(expect.objectContaining({ path: "readAt", message: "support.errors.reading-date" }));
    const foreign = await api.post("/api/support/send", {
      kind: "meter-reading",
      usagePointId: await addUsagePoint("laane", personaCustomer("laane", "apartment").id, "643000000000900004"),
      reading: 1,
      readAt: today,
    });
    expect(foreign.body.error.details.fields).toContainEqual(expect.objectContaining({ path: "usagePointId", message: "support.errors.unknown-usage-point" }));
    const invoice = await api.post("/api/support/send", { kind: "invoice-question", invoiceNumber: "999999", question: "Miks?" });
    expect(invoice.body.error.details.fields).toContainEqual(expect.objectContaining({ path: "invoiceNumber", message: "support.errors.unknown-invoice" }));
    const payer = await api.post("/api/support/send", {
      kind: "payer-change",
      contractId: point,
      newPayerName: "Mari Maasikas",
      newPayerCode: "48001010002",
      newPayerEmail: "mari@example.com",
      startDate: today,
    });
    expect(payer.body.error.details.fields).toContainEqual(expect.objectContaining({ path: "contractId", message: "support.errors.unknown-contract" }));
    expect(await supportCounts()).toEqual(before);

    const ok = await api.post("/api/support/send?locale=en-GB", { kind: "meter-reading", usagePointId: point, reading: 12345.5, readAt: today, message: "Näit ekraanilt" });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      status: "OPEN",
      topicCode: "METERING",
      subtypeCode: "METER_READING",
      subtypeName: "Meter reading",
      subject: { kind: "usage-point", id: point },
      request: { kind: "meter-reading", usagePointId: point, reading: 12345.5, readAt: today },
    });
    // Written in the customer's language (et-EE on this site).
    expect(ok.body.name).toMatch(/^Arvesti näit: /);
    expect(ok.body.message.replace(/\s/g, " ")).toContain("12 345,500");
    expect(ok.body.message).toContain("Näit ekraanilt");
  });
});
