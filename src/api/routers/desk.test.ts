import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { auditLog, siteStaff, supportTickets } from "@/server/db/schema";
import { demoSupportIds } from "@/server/demo/support-seeder";
import { demoPlan, personaCustomer, SAMPLE_FILES, setCustomerLocale, signedIn, staffPerson, supportCounts, supportTestDatabase, upload, waitForMail } from "@/server/support/testing";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await supportTestDatabase());
  // A colleague: the site's administrator also works in customer service.
  const db = await getDb();
  const admin = demoPlan("aurora").staff.find((s) => s.role === "site_admin")!.person;
  await db.insert(siteStaff).values({ personId: admin.id, siteId: "aurora", role: "customer_service" });
}, 120_000);
afterAll(async () => cleanup());

const ids = () => demoSupportIds("aurora");
const staff = () => signedIn("aurora", "customer-service");
const owner = () => signedIn("aurora", "solar-household");
const colleague = () => demoPlan("aurora").staff.find((s) => s.role === "site_admin")!.person;
const newTicket = async (over: Record<string, unknown> = {}) =>
  (await (await owner()).post("/api/me/support/tickets", { name: "Kysymys", subtypeCode: "GENERAL_QUESTION", message: "Hei", ...over })).body as { id: string; number: string };

describe("who may use the desk", () => {
  it("answers 403 to a customer on every desk endpoint, and 404 to staff of another site", async () => {
    const customer = await owner();
    const id = ids().tickets["meter-display"].id;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/desk/tickets"],
      ["GET", `/api/desk/tickets/${id}`],
      ["POST", `/api/desk/tickets/${id}/assign`, { assigneeId: null }],
      ["POST", `/api/desk/tickets/${id}/comments`, { body: "x", internal: false }],
      ["POST", `/api/desk/tickets/${id}/status`, { status: "RESOLVED" }],
      ["GET", "/api/desk/staff"],
    ];
    const before = await supportCounts();
    for (const [method, path, body] of calls) {
      const res = await customer.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      const foreign = await (await signedIn("laane", "customer-service")).raw(method, path, { body, headers: { host: "aurora.localhost", origin: "http://aurora.localhost" } });
      expect(foreign.status, `laane staff ${method} ${path}`).toBe(404);
    }
    // Staff of another site on their own host: the ticket is not theirs.
    const laane = await signedIn("laane", "customer-service");
    expect((await laane.get(`/api/desk/tickets/${id}`)).status).toBe(404);
    expect((await laane.post(`/api/desk/tickets/${id}/status`, { status: "RESOLVED" })).status).toBe(404);
    expect((await laane.post(`/api/desk/tickets/${id}/assign`, { nonsense: 1 })).status).toBe(404);
    expect((await laane.get("/api/desk/tickets")).body.tickets.some((t: { id: string }) => t.id === id)).toBe(false);
    expect(await supportCounts()).toEqual(before);
  });
});

describe("the queue", () => {
  it("lists the site's tickets with customers, open work first and oldest first, filtered by status, topic, assignee and age", async () => {
    const api = await staff();
    const all = await api.get("/api/desk/tickets?locale=en-GB");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pageSize: 25 });
    expect(all.body.total).toBe(6);
    const t = ids().tickets;
    const statuses = all.body.tickets.map((x: { status: string }) => x.status);
    expect(statuses.slice(0, 4).every((s: string) => s === "OPEN" || s === "ASSIGNED")).toBe(true);
    const openCreated = all.body.tickets.slice(0, 4).map((x: { createdAt: string }) => x.createdAt);
    expect([...openCreated].sort()).toEqual(openCreated);
    const invoice = all.body.tickets.find((x: { id: string }) => x.id === t["invoice-higher"].id);
    const customer = personaCustomer("aurora", "solar-household");
    expect(invoice).toMatchObject({
      customer: { id: customer.id, name: customer.name, clientCode: customer.clientCode, kind: "private" },
      assignee: { id: staffPerson("aurora").id },
      firstResponseSeconds: 3 * 3600,
      awaitingStaff: true,
      topicName: "Invoices and payments",
    });
    expect(all.body.tickets.find((x: { id: string }) => x.id === t["meter-display"].id)).toMatchObject({ assignee: null, firstResponseAt: null, awaitingStaff: true });

    const open = await api.get("/api/desk/tickets?status=OPEN");
    expect(open.body.tickets.map((x: { id: string }) => x.id).sort()).toEqual([t["meter-display"].id, t["general-question"].id].sort());
    const closed = await api.get("/api/desk/tickets?status[]=RESOLVED&status[]=CANCELLED");
    expect(closed.body.total).toBe(2);
    // Mine: the two assigned to me and the one I resolved.
    expect((await api.get("/api/desk/tickets?assignee=me")).body.total).toBe(3);
    expect((await api.get(`/api/desk/tickets?assignee=${staffPerson("aurora").id}&status=ASSIGNED`)).body.total).toBe(2);
    expect((await api.get("/api/desk/tickets?assignee=unassigned")).body.total).toBe(3);
    expect((await api.get("/api/desk/tickets?topicCode=MOVING")).body.tickets.map((x: { id: string }) => x.id)).toEqual([t["move-out"].id]);
    expect((await api.get("/api/desk/tickets?olderThanHours=120")).body.total).toBe(3);
    const page2 = await api.get("/api/desk/tickets?page=2");
    expect(page2.body).toMatchObject({ page: 2, tickets: [], total: 6 });
    expect((await api.get("/api/desk/tickets?status=DONE")).status).toBe(422);
    expect((await api.get("/api/desk/tickets?page=0")).status).toBe(422);
  });

  it("names the site's customer-service people to assign to", async () => {
    const res = await (await staff()).get("/api/desk/staff");
    expect(res.status).toBe(200);
    const me = staffPerson("aurora");
    expect(res.body.staff).toContainEqual({ id: me.id, name: `${me.firstName} ${me.lastName}`, isMe: true });
    expect(res.body.staff).toContainEqual({ id: colleague().id, name: `${colleague().firstName} ${colleague().lastName}`, isMe: false });
    expect(res.body.staff).toHaveLength(2);
  });
});

describe("a ticket at the desk", () => {
  it("shows internal notes, the history with who and when, the first-response time and what may be done next", async () => {
    const res = await (await staff()).get(`/api/desk/tickets/${ids().tickets["invoice-higher"].id}?locale=en-GB`);
    expect(res.status).toBe(200);
    expect(res.body.comments.map((c: { internal: boolean; author: { kind: string } }) => [c.author.kind, c.internal])).toEqual([
      ["staff", true],
      ["staff", false],
      ["customer", false],
    ]);
    expect(res.body.history.map((e: { kind: string; toStatus: string }) => [e.kind, e.toStatus])).toEqual([
      ["created", "OPEN"],
      ["assignment", "ASSIGNED"],
    ]);
    expect(res.body.history[1]).toMatchObject({ actor: { kind: "staff", id: staffPerson("aurora").id }, assignee: { id: staffPerson("aurora").id } });
    expect(res.body.firstResponseSeconds).toBe(3 * 3600);
    expect(res.body.allowedStatuses).toEqual(["OPEN", "RESOLVED", "CANCELLED"]);
    expect(res.body.customerContact.email).toBe(personaCustomer("aurora", "solar-household").email);
  });

  it("assigns to oneself, to a colleague and back to the queue; refuses people who are not customer service", async () => {
    const api = await staff();
    const ticket = await newTicket();
    const me = staffPerson("aurora");
    const mine = await api.post(`/api/desk/tickets/${ticket.id}/assign`, { assigneeId: me.id });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ status: "ASSIGNED", assignee: { id: me.id, name: `${me.firstName} ${me.lastName}` } });
    const theirs = await api.post(`/api/desk/tickets/${ticket.id}/assign`, { assigneeId: colleague().id });
    expect(theirs.body).toMatchObject({ status: "ASSIGNED", assignee: { id: colleague().id } });
    const before = await supportCounts();
    const customerPerson = personaCustomer("aurora", "solar-household").owner!;
    const bad = await api.post(`/api/desk/tickets/${ticket.id}/assign`, { assigneeId: customerPerson.id });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: "assigneeId", message: "support.errors.unknown-assignee" });
    const laaneStaff = demoPlan("laane").staff.find((s) => s.role === "customer_service")!.person;
    expect((await api.post(`/api/desk/tickets/${ticket.id}/assign`, { assigneeId: laaneStaff.id })).status).toBe(422);
    expect(await supportCounts()).toEqual(before);
    const queue = await api.post(`/api/desk/tickets/${ticket.id}/assign`, { assigneeId: null });
    expect(queue.body).toMatchObject({ status: "OPEN", assignee: null });
    expect(queue.body.history.map((e: { kind: string; assignee: { id: string } | null }) => [e.kind, e.assignee?.id ?? null])).toEqual([
      ["created", null],
      ["assignment", me.id],
      ["assignment", colleague().id],
      ["assignment", null],
    ]);
    // The same assignment again changes nothing.
    const events = queue.body.history.length;
    expect((await api.post(`/api/desk/tickets/${ticket.id}/assign`, { assigneeId: null })).body.history).toHaveLength(events);
    // A closed ticket is not assigned.
    await api.post(`/api/desk/tickets/${ticket.id}/status`, { status: "RESOLVED" });
    expect((await api.post(`/api/desk/tickets/${ticket.id}/assign`, { assigneeId: me.id })).status).toBe(409);
    const db = await getDb();
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, "aurora"), eq(auditLog.actorPersonId, me.id), eq(auditLog.action, "support:assign")));
    expect(audits.filter((a) => (a.details as { ticketId?: string }).ticketId === ticket.id)).toHaveLength(3);
  });

  it("an internal note stays at the desk; a reply reaches the customer, records the first response and e-mails them in their language", async () => {
    const api = await staff();
    const customer = personaCustomer("aurora", "solar-household");
    await setCustomerLocale("aurora", customer.id, "en-GB");
    const ticket = await newTicket({ name: "Sopimuskysymys" });
    const note = await api.post(`/api/desk/tickets/${ticket.id}/comments`, { body: "Asiakas soitti myös eilen.", internal: true });
    expect(note.status).toBe(201);
    expect(note.body.firstResponseAt).toBeNull();
    const seen = await (await owner()).get(`/api/support/tickets/${ticket.id}`);
    expect(seen.body.comments).toEqual([]);
    expect(JSON.stringify(seen.body)).not.toContain("Asiakas soitti");
    expect((await (await owner()).get("/api/me/support/tickets")).body.tickets.find((t: { id: string }) => t.id === ticket.id).unreadForCustomer).toBe(false);

    const picture = await upload(api, { name: "ohje.png", type: "image/png", data: SAMPLE_FILES.png });
    expect(picture.status).toBe(201);
    const reply = await api.post(`/api/desk/tickets/${ticket.id}/comments`, { body: "Hei! Sopimuksenne on voimassa toistaiseksi.", internal: false, attachmentIds: [picture.body.id] });
    expect(reply.status).toBe(201);
    expect(reply.body.firstResponseAt).not.toBeNull();
    expect(reply.body.firstResponseSeconds).toBeGreaterThanOrEqual(0);
    const firstResponseAt = reply.body.firstResponseAt;
    const again = await api.post(`/api/desk/tickets/${ticket.id}/comments`, { body: "Ja vielä yksi asia.", internal: false });
    expect(again.body.firstResponseAt).toBe(firstResponseAt);

    const customerView = await (await owner()).get(`/api/me/support/tickets`);
    expect(customerView.body.tickets.find((t: { id: string }) => t.id === ticket.id).unreadForCustomer).toBe(true);
    const detail = await (await owner()).get(`/api/support/tickets/${ticket.id}`);
    expect(detail.body.comments.map((c: { body: string }) => c.body)).toEqual(["Hei! Sopimuksenne on voimassa toistaiseksi.", "Ja vielä yksi asia."]);
    expect(detail.body.comments[0].attachments[0]).toMatchObject({ id: picture.body.id, fileName: "ohje.png" });
    // The customer can download the staff member's attachment on a public reply.
    expect((await (await owner()).raw("GET", `/api/support/attachments/${picture.body.id}`)).status).toBe(200);

    const mails = await waitForMail("aurora", customer.email, 2);
    const mail = mails.find((m) => m.text.includes(ticket.id))!;
    expect(mail.subject).toBe(`Reply to your support request #${ticket.number} – Aurora Energia Oy`);
    expect(mail.text).toContain(`Hello ${customer.firstName},`);
    expect(mail.text).toContain(`http://aurora.localhost/en/support/${ticket.id}`);
    expect(mail.text).not.toContain("Asiakas soitti");
    expect(mail.text).not.toContain("voimassa toistaiseksi");
    expect(mail.html).toContain(`href="http://aurora.localhost/en/support/${ticket.id}"`);
    await setCustomerLocale("aurora", customer.id, "fi-FI");
  });

  it("an internal note's attachment is never shown to the customer", async () => {
    const api = await staff();
    const ticket = await newTicket();
    const file = await upload(api, { name: "sisainen.pdf", type: "application/pdf", data: SAMPLE_FILES.pdf });
    await api.post(`/api/desk/tickets/${ticket.id}/comments`, { body: "Sisäinen liite", internal: true, attachmentIds: [file.body.id] });
    expect((await (await owner()).get(`/api/support/attachments/${file.body.id}`)).status).toBe(404);
    expect(JSON.stringify((await (await owner()).get(`/api/support/tickets/${ticket.id}`)).body)).not.toContain(file.body.id);
    expect((await api.raw("GET", `/api/support/attachments/${file.body.id}`)).status).toBe(200);
  });

  it("refuses bad replies and notes with field errors, storing nothing", async () => {
    const api = await staff();
    const id = ids().tickets["general-question"].id;
    const before = await supportCounts();
    for (const body of [
      { body: "x" },
      { body: "", internal: false },
      { body: "  ", internal: true },
      { body: "x", internal: "yes" },
      { body: "x", internal: false, attachmentIds: [ids().attachmentId] },
      { body: "x", internal: false, extra: 1 },
    ]) {
      const res = await api.post(`/api/desk/tickets/${id}/comments`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await supportCounts()).toEqual(before);
    const [row] = await (await getDb()).select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row.firstResponseAt).toBeNull();
  });
});
