import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { getDb } from "@/server/db/client";
import { customers, invoices } from "@/server/db/schema";
import { getSiteById } from "@/server/sites/sites";
import { listInvoices } from "@/server/invoices/invoices";
import { cachedReads, customerData, forgetCustomerData, holdsCustomerData } from "./customer-data";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ full: true }));
});
afterAll(async () => cleanup());

const SITE = "aurora";

async function signedIn() {
  const api = new ApiClient("aurora.localhost");
  await api.signInSandbox(SITE, { identityId: "aurora-solar-household" });
  const me = await api.get("/api/me");
  expect(me.status).toBe(200);
  return { api, customerId: me.body.id as string, firstName: me.body.firstName as string };
}

/** Changes rows with the tables' triggers switched off: nothing tells the caches. */
async function quietly(change: (tx: Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0]) => Promise<unknown>) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
  });
}

describe("per-customer data of the API", () => {
  it("serves GET /api/me from memory, and forgets it when the database announces a change", async () => {
    const { api, customerId, firstName } = await signedIn();
    await api.get("/api/me");
    expect(holdsCustomerData(SITE, customerId)).toBe(true);

    // A change no trigger announces stays unseen: the answer comes from memory.
    await quietly((tx) =>
      tx
        .update(customers)
        .set({ firstName: "Quiet" })
        .where(and(eq(customers.siteId, SITE), eq(customers.id, customerId))),
    );
    expect((await api.get("/api/me")).body.firstName).toBe(firstName);

    // Any write the triggers see (here straight to the database, as an import or another process would).
    const db = await getDb();
    await db
      .update(customers)
      .set({ firstName: "Loud" })
      .where(and(eq(customers.siteId, SITE), eq(customers.id, customerId)));
    await expect.poll(async () => (await api.get("/api/me")).body.firstName, { timeout: 5_000, interval: 20 }).toBe("Loud");
    await db
      .update(customers)
      .set({ firstName })
      .where(and(eq(customers.siteId, SITE), eq(customers.id, customerId)));
    await expect.poll(async () => (await api.get("/api/me")).body.firstName, { timeout: 5_000, interval: 20 }).toBe(firstName);
  });

  it("reads an API write back at once", async () => {
    const { api, firstName } = await signedIn();
    await api.get("/api/me");
    const put = await api.call("PUT", "/api/me", { firstName: "Written" });
    expect(put.status).toBe(200);
    expect(put.body.firstName).toBe("Written");
    // No waiting: the write forgot the customer in this process before it answered.
    expect((await api.get("/api/me")).body.firstName).toBe("Written");
    expect((await api.call("PUT", "/api/me", { firstName })).status).toBe(200);
    expect((await api.get("/api/me")).body.firstName).toBe(firstName);
  });

  it("serves GET /api/invoices from memory until an invoice changes", async () => {
    const { api, customerId } = await signedIn();
    const first = await api.get("/api/invoices");
    expect(first.status).toBe(200);
    const invoice = first.body.invoices[0] as { invoiceNumber: string; referenceNumber: string };
    expect(invoice).toBeDefined();
    const where = and(eq(invoices.siteId, SITE), eq(invoices.customerId, customerId), eq(invoices.invoiceNumber, invoice.invoiceNumber));
    const reference = async () =>
      ((await api.get("/api/invoices")).body.invoices as { invoiceNumber: string; referenceNumber: string }[]).find((i) => i.invoiceNumber === invoice.invoiceNumber)!.referenceNumber;

    await quietly((tx) => tx.update(invoices).set({ referenceNumber: "999" }).where(where));
    expect(await reference()).toBe(invoice.referenceNumber);

    const db = await getDb();
    await db.update(invoices).set({ referenceNumber: "1232" }).where(where);
    await expect.poll(reference, { timeout: 5_000, interval: 20 }).toBe("1232");
    await db.update(invoices).set({ referenceNumber: invoice.referenceNumber }).where(where);
    await expect.poll(reference, { timeout: 5_000, interval: 20 }).toBe(invoice.referenceNumber);
  });

  it("works an invoice's state out for the day asked, whatever is kept", async () => {
    const { customerId } = await signedIn();
    const site = (await getSiteById(SITE))!;
    const db = await getDb();
    const [open] = await db
      .select({ invoiceNumber: invoices.invoiceNumber, dueDate: invoices.dueDate })
      .from(invoices)
      .where(and(eq(invoices.siteId, SITE), eq(invoices.customerId, customerId), eq(invoices.status, "open")));
    expect(open).toBeDefined();
    const stateOn = async (day: string) => (await cachedReads(() => listInvoices({ site, customerId, now: new Date(`${day}T12:00:00Z`) }))).find((i) => i.invoiceNumber === open.invoiceNumber)!.state;
    const due = new Date(`${open.dueDate}T12:00:00Z`);
    const before = new Date(due.getTime() - 86_400_000).toISOString().slice(0, 10);
    const after = new Date(due.getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(await stateOn(before)).toBe("open");
    expect(await stateOn(after)).toBe("overdue");
    expect(await stateOn(before)).toBe("open");
  });

  it("forgets every customer after a write that acted for none", async () => {
    const customerId = crypto.randomUUID();
    await cachedReads(() => customerData(SITE, customerId, "profile", async () => [1]));
    expect(holdsCustomerData(SITE, customerId)).toBe(true);
    // Anonymous, and refused by the route: the write bookkeeping runs whatever the answer.
    const res = await new ApiClient("aurora.localhost").post("/api/logs", { nonsense: true });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(holdsCustomerData(SITE, customerId)).toBe(false);
  });

  it("forgets every customer after a GET that writes, whoever is signed in", async () => {
    const { api, customerId } = await signedIn();
    await api.get("/api/me");
    const other = crypto.randomUUID();
    await cachedReads(() => customerData(SITE, other, "profile", async () => [1]));
    expect(holdsCustomerData(SITE, other)).toBe(true);
    // A mailed verification link, opened while signed in as someone else: its writes are another
    // customer's, so the signed-in one is not the only one to forget.
    const res = await api.get("/api/contacts/verify?token=not-a-token");
    expect(res.status).toBeLessThan(500);
    expect(holdsCustomerData(SITE, other)).toBe(false);
    expect(holdsCustomerData(SITE, customerId)).toBe(false);
  });

  it("keeps nothing read outside the API's GET requests", async () => {
    const customerId = crypto.randomUUID();
    await customerData(SITE, customerId, "profile", async () => [1]);
    expect(holdsCustomerData(SITE, customerId)).toBe(false);
    await cachedReads(() => customerData(SITE, customerId, "profile", async () => [1]));
    expect(holdsCustomerData(SITE, customerId)).toBe(true);
    forgetCustomerData(SITE, customerId);
    expect(holdsCustomerData(SITE, customerId)).toBe(false);
  });

  it("does not keep rows read while a change was heard", async () => {
    const customerId = crypto.randomUUID();
    let release!: () => void;
    const slow = cachedReads(() =>
      customerData(SITE, customerId, "profile", async () => {
        await new Promise<void>((r) => (release = r));
        return ["before the change"];
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    forgetCustomerData(SITE, "someone-else");
    release();
    expect(await slow).toEqual(["before the change"]);
    expect(holdsCustomerData(SITE, customerId)).toBe(false);
    // A read with no change meanwhile is kept, and served without its loader.
    await cachedReads(() => customerData(SITE, customerId, "profile", async () => ["after"]));
    const served = await cachedReads(() => customerData(SITE, customerId, "profile", async () => ["loader ran"]));
    expect(served).toEqual(["after"]);
  });
});
