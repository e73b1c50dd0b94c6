import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient, httpRequest } from "@/test/api-client";
import { demoPlans } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { calendarFeeds, customerAccess, energyContracts, invoices } from "@/server/db/schema";
import { personSessionsChanged } from "@/server/auth/session-cache";
import { addDays, todayIn } from "@/lib/invoices/dates";
import { customerOutages } from "@/server/outages/outages";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ full: true }));
}, 600_000);
afterAll(async () => cleanup());

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;
const ownCustomer = (site: string, persona: string) => plan(site).customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;

let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const api = new ApiClient(`${site}.localhost`, { ip: `10.34.0.${ipSeq++}` });
  await api.signInSandbox(site, { identityId: `${site}-${persona}` });
  return api;
}

async function fetchFeed(url: string, host = new URL(url).host) {
  const u = new URL(url);
  const res = await httpRequest("GET", u.pathname, { host });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

/** Unfolds RFC 5545 content lines (CRLF followed by a space or tab continues the line). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

/**
 * Checks the structure RFC 5545 asks of an iCalendar object, and gives its events' properties:
 * CRLF line ends, lines of at most 75 octets, well-formed property lines, nested BEGIN/END,
 * VERSION 2.0 and PRODID once in the calendar, and UID, DTSTAMP (UTC) and DTSTART in every event,
 * DATE or DATE-TIME values, DTEND after DTSTART, escaped text.
 */
function validateICalendar(text: string): Record<string, string>[] {
  const problems: string[] = [];
  expect(text.endsWith("\r\n") || text.endsWith("END:VCALENDAR"), "ends with the calendar").toBe(true);
  const raw = text.split("\r\n").filter((l, i, all) => !(i === all.length - 1 && l === ""));
  for (const line of raw) {
    if (line.includes("\n") || line.includes("\r")) problems.push(`bare line break in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, "utf8") > 75) problems.push(`line longer than 75 octets: ${line}`);
  }
  const lines = unfold(text)
    .split("\r\n")
    .filter((l) => l !== "");
  const stack: string[] = [];
  const events: Record<string, string>[] = [];
  const calendarProps: Record<string, number> = {};
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    const m = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/.exec(line);
    if (!m) {
      problems.push(`not a content line: ${line}`);
      continue;
    }
    const [, name, params, value] = m;
    const key = name.toUpperCase();
    if (key === "BEGIN") {
      stack.push(value);
      if (value === "VEVENT") current = {};
      continue;
    }
    if (key === "END") {
      if (stack.pop() !== value) problems.push(`END:${value} does not close the open component`);
      if (value === "VEVENT" && current) {
        events.push(current);
        current = null;
      }
      continue;
    }
    if (stack.length === 1 && stack[0] === "VCALENDAR") calendarProps[key] = (calendarProps[key] ?? 0) + 1;
    if (current) current[`${key}${params}`] = value;
    if (["SUMMARY", "DESCRIPTION"].includes(key) && /(^|[^\\]);|(^|[^\\]),/.test(value)) problems.push(`unescaped text in ${line}`);
  }
  if (stack.length) problems.push(`components left open: ${stack.join(", ")}`);
  if (lines[0] !== "BEGIN:VCALENDAR") problems.push("does not begin with BEGIN:VCALENDAR");
  if (calendarProps.VERSION !== 1 || !lines.includes("VERSION:2.0")) problems.push("VERSION:2.0 once");
  if (calendarProps.PRODID !== 1) problems.push("PRODID once");
  for (const e of events) {
    const get = (p: string) => Object.entries(e).find(([k]) => k === p || k.startsWith(`${p};`));
    if (!get("UID")) problems.push(`event without UID: ${JSON.stringify(e)}`);
    const stamp = get("DTSTAMP");
    if (!stamp || !/^\d{8}T\d{6}Z$/.test(stamp[1])) problems.push(`DTSTAMP not UTC: ${stamp?.[1]}`);
    const start = get("DTSTART");
    if (!start) problems.push(`event without DTSTART: ${JSON.stringify(e)}`);
    else if (start[0].includes("VALUE=DATE")) {
      if (!/^\d{8}$/.test(start[1])) problems.push(`bad DATE ${start[1]}`);
    } else if (!/^\d{8}T\d{6}Z?$/.test(start[1])) problems.push(`bad DATE-TIME ${start[1]}`);
    const end = get("DTEND");
    if (end && start && end[1] <= start[1]) problems.push(`DTEND not after DTSTART in ${JSON.stringify(e)}`);
  }
  expect(problems).toEqual([]);
  return events;
}

const findEvent = (events: Record<string, string>[], uidPart: string) => events.find((e) => e.UID?.includes(uidPart));
const dateOf = (e: Record<string, string>) => Object.entries(e).find(([k]) => k.startsWith("DTSTART"))![1];

describe("the iCalendar check", () => {
  it("refuses what RFC 5545 does not allow", () => {
    const good = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//x//y//EN",
      "BEGIN:VEVENT",
      "UID:a@b",
      "DTSTAMP:20200101T000000Z",
      "DTSTART;VALUE=DATE:20261206",
      "SUMMARY:Due\\, soon",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    expect(validateICalendar(good)).toHaveLength(1);
    for (const bad of [
      good.replace("DTSTAMP:20200101T000000Z", "DTSTAMP:20200101T000000"),
      good.replace("UID:a@b\r\n", ""),
      good.replace("VERSION:2.0\r\n", ""),
      good.replace("END:VEVENT\r\n", ""),
      good.replace("SUMMARY:Due\\, soon", "SUMMARY:Due, soon"),
      good.replace("SUMMARY:Due\\, soon", `SUMMARY:${"x".repeat(80)}`),
      good.replaceAll("\r\n", "\n"),
    ]) {
      expect(() => validateICalendar(bad)).toThrow();
    }
  });
});

describe("calendar feed", () => {
  it("gives a private URL once, which serves valid iCalendar with the customer's due dates and contract ends", async () => {
    const api = await signedIn("aurora", "solar-household");
    expect((await api.get("/api/me/calendar-feed")).body).toEqual({ active: false, createdAt: null, lastFetchedAt: null });
    const created = await api.post("/api/me/calendar-feed", { locale: "en-GB" });
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(/^http:\/\/aurora\.localhost\/api\/calendar\/epcal_[A-Za-z0-9_-]{43}\.ics$/);
    const db = await getDb();
    const customer = ownCustomer("aurora", "solar-household");
    // Only the hash is kept.
    const rows = await db.select().from(calendarFeeds).where(eq(calendarFeeds.customerId, customer.id));
    const token = created.body.url.split("/").pop()!.replace(".ics", "");
    expect(JSON.stringify(rows)).not.toContain(token);

    // A contract end to come, for the feed to show.
    const [contract] = await db.select().from(energyContracts).where(eq(energyContracts.customerId, customer.id)).limit(1);
    const ends = addDays(todayIn("Europe/Helsinki"), 40);
    await db.update(energyContracts).set({ validTo: ends }).where(eq(energyContracts.id, contract.id));

    const feed = await fetchFeed(created.body.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    const events = validateICalendar(feed.text);
    const open = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.customerId, customer.id), eq(invoices.status, "open")));
    expect(open.length).toBeGreaterThan(0);
    for (const inv of open.filter((i) => i.dueDate >= addDays(todayIn("Europe/Helsinki"), -60))) {
      const e = findEvent(events, inv.id);
      expect(e, inv.invoiceNumber).toBeTruthy();
      expect(dateOf(e!)).toBe(inv.dueDate.replaceAll("-", ""));
      expect(e!.SUMMARY).toBe(`Invoice ${inv.invoiceNumber} due`);
    }
    const end = findEvent(events, contract.id);
    expect(end).toBeTruthy();
    expect(dateOf(end!)).toBe(ends.replaceAll("-", ""));
    expect(unfold(feed.text)).toContain("X-WR-TIMEZONE:Europe/Helsinki");
    // Planned outages of the customer's places, as the outages area tells them, as timed events in UTC.
    const { planned } = await customerOutages("aurora", customer.id);
    for (const o of planned) {
      const e = findEvent(events, o.id);
      expect(e, o.id).toBeTruthy();
      expect(dateOf(e!)).toBe(
        new Date(o.startsAt)
          .toISOString()
          .replace(/[-:]/g, "")
          .replace(/\.\d{3}/, ""),
      );
    }
    // Nothing of another customer.
    const other = ownCustomer("aurora", "apartment");
    const otherInvoices = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, other.id));
    for (const inv of otherInvoices) expect(feed.text).not.toContain(inv.id);
    const state = (await api.get("/api/me/calendar-feed")).body;
    expect(state.active).toBe(true);
    expect(state.lastFetchedAt).not.toBeNull();
  });

  it("changes when an invoice is postponed, in the feed's language", async () => {
    const api = await signedIn("aurora", "solar-household");
    const created = await api.post("/api/me/calendar-feed", { locale: "fi-FI" });
    const before = validateICalendar((await fetchFeed(created.body.url)).text);
    const list = (await api.get("/api/invoices")).body.invoices as { invoiceNumber: string; id: string; dueDate: string; postpone?: unknown }[];
    let postponed: { id: string; dueDate: string } | null = null;
    for (const inv of list) {
      const detail = (await api.get(`/api/invoices/${inv.invoiceNumber}`)).body;
      const latest = detail.postpone?.maxDate as string | undefined;
      if (!detail.postpone?.allowed || !latest) continue;
      const res = await api.call("PUT", `/api/invoices/${inv.invoiceNumber}/postpone`, { dueDate: latest });
      if (res.status === 200) {
        postponed = { id: inv.id, dueDate: latest };
        break;
      }
    }
    expect(postponed, "an invoice the demo customer may postpone").not.toBeNull();
    const after = validateICalendar((await fetchFeed(created.body.url)).text);
    expect(dateOf(findEvent(after, postponed!.id)!)).toBe(postponed!.dueDate.replaceAll("-", ""));
    expect(dateOf(findEvent(after, postponed!.id)!)).not.toBe(dateOf(findEvent(before, postponed!.id)!));
    expect(findEvent(after, postponed!.id)!.SUMMARY).toMatch(/^Laskun .+ eräpäivä$/);
  });

  it("stops at once when revoked or replaced, is refused on another site, and ends with the representation", async () => {
    const api = await signedIn("aurora", "solar-household");
    const first = await api.post("/api/me/calendar-feed", {});
    expect((await fetchFeed(first.body.url)).status).toBe(200);
    const second = await api.post("/api/me/calendar-feed", {});
    expect((await fetchFeed(first.body.url)).status).toBe(404);
    expect((await fetchFeed(second.body.url)).status).toBe(200);
    expect((await fetchFeed(second.body.url, "laane.localhost")).status).toBe(404);
    expect((await api.call("DELETE", "/api/me/calendar-feed")).status).toBe(200);
    expect((await fetchFeed(second.body.url)).status).toBe(404);
    expect((await api.call("DELETE", "/api/me/calendar-feed")).status).toBe(404);
    expect((await fetchFeed("http://aurora.localhost/api/calendar/epcal_nothing-here.ics")).status).toBe(404);

    const rep = await signedIn("aurora", "representative");
    const represented = (await rep.get("/api/me/representatives")).body.customers.find((c: { role: string }) => c.role === "representative");
    await rep.call("PUT", "/api/me/active-customer", { customerId: represented.id });
    const feed = await rep.post("/api/me/calendar-feed", {});
    expect((await fetchFeed(feed.body.url)).status).toBe(200);
    const db = await getDb();
    const [access] = await db
      .select()
      .from(customerAccess)
      .where(and(eq(customerAccess.customerId, represented.id), eq(customerAccess.role, "representative")));
    await db.delete(customerAccess).where(and(eq(customerAccess.personId, access.personId), eq(customerAccess.customerId, represented.id)));
    await personSessionsChanged(access.personId);
    expect((await fetchFeed(feed.body.url)).status).toBe(404);
  });

  it("answers bad feed tokens with 404, never 5xx", async () => {
    for (const bad of ["x", "epcal_", "epcal_%00", "epcal_" + "a".repeat(300), "..%2F..%2Fetc", "epcal_a.ics.ics", "%E2%82%AC.ics"]) {
      const res = await httpRequest("GET", `/api/calendar/${bad}`, { host: "aurora.localhost" });
      expect(res.status, bad).toBeLessThan(500);
      expect([400, 404, 422], bad).toContain(res.status);
    }
  });
});
