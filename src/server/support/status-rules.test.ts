import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { siteStaff, supportTickets, type TicketStatusValue } from "@/server/db/schema";
import { STATUS_RULES, allowedTargets, findRule, type StatusRule } from "./status-rules";
import { demoPlan, signedIn, staffPerson, supportTestDatabase } from "./testing";

/**
 * The status rules, each exercised through the API as the customer or customer service does it,
 * and every move the table does not have refused (409) without a change.
 */

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await supportTestDatabase());
  const db = await getDb();
  await db.insert(siteStaff).values({ personId: colleague().id, siteId: "aurora", role: "customer_service" });
}, 120_000);
afterAll(async () => cleanup());

const STATUSES: TicketStatusValue[] = ["OPEN", "ASSIGNED", "CANCELLED", "RESOLVED"];
const customer = () => signedIn("aurora", "solar-household");
const staff = () => signedIn("aurora", "customer-service");
const colleague = () => demoPlan("aurora").staff.find((s) => s.role === "site_admin")!.person;

/** A new ticket of the customer, put into `status` (with an assignee when given). */
async function ticketIn(status: TicketStatusValue, assigneeId: string | null): Promise<string> {
  const res = await (await customer()).post("/api/me/support/tickets", { name: `In ${status}`, subtypeCode: "GENERAL_QUESTION", message: "Hei" });
  expect(res.status).toBe(201);
  const db = await getDb();
  await db
    .update(supportTickets)
    .set({ status, assigneePersonId: status === "OPEN" ? null : assigneeId, closedAt: status === "RESOLVED" || status === "CANCELLED" ? new Date() : null })
    .where(eq(supportTickets.id, res.body.id));
  return res.body.id;
}

async function stored(id: string) {
  const [row] = await (await getDb()).select().from(supportTickets).where(eq(supportTickets.id, id));
  return row;
}

/** Takes the rule's action through the API; answers the HTTP status. */
async function act(rule: StatusRule, id: string): Promise<number> {
  const me = staffPerson("aurora");
  if (rule.actor === "customer") {
    const api = await customer();
    if (rule.action === "cancel") return (await api.post(`/api/support/tickets/${id}/cancel`)).status;
    return (await api.post(`/api/support/tickets/${id}/comments`, { body: "Asia ei ole vielä kunnossa." })).status;
  }
  const api = await staff();
  if (rule.action === "assign") return (await api.post(`/api/desk/tickets/${id}/assign`, { assigneeId: rule.from === "ASSIGNED" ? colleague().id : me.id })).status;
  if (rule.action === "unassign") return (await api.post(`/api/desk/tickets/${id}/assign`, { assigneeId: null })).status;
  return (await api.post(`/api/desk/tickets/${id}/status`, { status: rule.to })).status;
}

describe("the status rules table", () => {
  it("is exactly this: customers cancel open work and reopen by replying; staff assign, resolve, cancel and reopen", () => {
    const rows = STATUS_RULES.map((r) => `${r.actor} ${r.action} ${r.from}→${r.to}`);
    expect(rows).toEqual([
      "customer cancel OPEN→CANCELLED",
      "customer cancel ASSIGNED→CANCELLED",
      "customer reply RESOLVED→OPEN",
      "customer reply RESOLVED→ASSIGNED",
      "staff assign OPEN→ASSIGNED",
      "staff assign ASSIGNED→ASSIGNED",
      "staff unassign ASSIGNED→OPEN",
      "staff resolve OPEN→RESOLVED",
      "staff resolve ASSIGNED→RESOLVED",
      "staff cancel OPEN→CANCELLED",
      "staff cancel ASSIGNED→CANCELLED",
      "staff reopen RESOLVED→OPEN",
      "staff reopen RESOLVED→ASSIGNED",
      "staff reopen CANCELLED→OPEN",
      "staff reopen CANCELLED→ASSIGNED",
    ]);
    expect(allowedTargets("staff", "OPEN")).toEqual(["ASSIGNED", "RESOLVED", "CANCELLED"]);
    expect(allowedTargets("customer", "RESOLVED")).toEqual(["OPEN", "ASSIGNED"]);
    expect(allowedTargets("customer", "CANCELLED")).toEqual([]);
  });
});

describe("each rule, through the API", () => {
  it.each(STATUS_RULES.map((r) => [`${r.actor} ${r.action} ${r.from} → ${r.to}`, r] as const))("%s", async (_name, rule) => {
    const me = staffPerson("aurora");
    // Reopening or replying to ASSIGNED needs an assignee kept from before; to OPEN, none.
    const assignee = rule.from === "ASSIGNED" || (rule.to === "ASSIGNED" && rule.action !== "assign") ? me.id : null;
    const id = await ticketIn(rule.from, assignee);
    const status = await act(rule, id);
    expect(status).toBeLessThan(300);
    const row = await stored(id);
    expect(row.status).toBe(rule.to);
    if (rule.to === "OPEN") expect(row.assigneePersonId).toBeNull();
    if (rule.to === "ASSIGNED") expect(row.assigneePersonId).not.toBeNull();
    expect(row.closedAt === null).toBe(rule.to === "OPEN" || rule.to === "ASSIGNED");
    const history = (await (await staff()).get(`/api/desk/tickets/${id}`)).body.history as { fromStatus: string; toStatus: string; actor: { kind: string } }[];
    expect(history.at(-1)).toMatchObject({ fromStatus: rule.from, toStatus: rule.to, actor: { kind: rule.actor } });
  });
});

describe("moves the table does not have", () => {
  it("staff: every other status change is 409 and changes nothing", async () => {
    const wrong: string[] = [];
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        if (findRule("staff", from, to) && from !== to) continue;
        const id = await ticketIn(from, from === "OPEN" ? null : staffPerson("aurora").id);
        const before = await stored(id);
        const res = await (await staff()).post(`/api/desk/tickets/${id}/status`, { status: to });
        if (res.status !== 409 || res.body.error.message !== "support.errors.invalid-transition") wrong.push(`${from}→${to}: ${res.status}`);
        expect(await stored(id)).toEqual(before);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("staff: resolved and cancelled tickets are not assigned or unassigned", async () => {
    for (const from of ["RESOLVED", "CANCELLED"] as const) {
      const id = await ticketIn(from, null);
      expect((await (await staff()).post(`/api/desk/tickets/${id}/assign`, { assigneeId: staffPerson("aurora").id })).status).toBe(409);
      expect((await stored(id)).status).toBe(from);
    }
  });

  it("customers: no cancelling of closed tickets, no comments on cancelled ones, and no reopening by anything but a reply", async () => {
    for (const from of ["RESOLVED", "CANCELLED"] as const) {
      const id = await ticketIn(from, null);
      const before = await stored(id);
      expect((await (await customer()).post(`/api/support/tickets/${id}/cancel`)).status).toBe(409);
      expect(await stored(id)).toEqual(before);
    }
    const cancelled = await ticketIn("CANCELLED", null);
    expect((await (await customer()).post(`/api/support/tickets/${cancelled}/comments`, { body: "Hei" })).status).toBe(409);
    // Replies to open work leave the status as it is.
    for (const from of ["OPEN", "ASSIGNED"] as const) {
      const id = await ticketIn(from, from === "ASSIGNED" ? staffPerson("aurora").id : null);
      expect((await (await customer()).post(`/api/support/tickets/${id}/comments`, { body: "Lisäys" })).status).toBe(201);
      expect((await stored(id)).status).toBe(from);
    }
  });
});
