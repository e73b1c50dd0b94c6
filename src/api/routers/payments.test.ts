import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { invoices, paymentEvents, payments } from "@/server/db/schema";
import { getSiteById, invalidateSiteCache } from "@/server/sites/sites";
import { createTestInvoice } from "@/server/invoices/test-fixtures";
import { addDays } from "@/lib/invoices/dates";
import { listPaymentEvents } from "@/server/payments/core";
import { reconcilePendingPayments } from "@/server/payments/reconciliation";
import { decideSandboxPayment, flushSandboxCallbacks, getSandboxPayment, SANDBOX_SIGNATURE_HEADER, sandboxSigningSecret, signSandboxCallback } from "@/server/providers/payments/sandbox";
import { startFakeEveryPay, startFakeNeonomics, type FakeEveryPay, type FakeNeonomics } from "@/server/providers/payments/fake-providers";
import { clearNeonomicsTokens } from "@/server/providers/payments/neonomics";

let cleanup: () => Promise<void>;
let everypay: FakeEveryPay;
let neonomics: FakeNeonomics;
const EP = { apiUsername: "ep-user", apiSecret: "ep-secret", accountName: "EUR3D1" };
const NEO = { clientId: "neo-client", clientSecret: "neo-secret", realm: "sandbox" };

beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  everypay = await startFakeEveryPay(EP);
  neonomics = await startFakeNeonomics(NEO);
  clearNeonomicsTokens();
  // Lääne pays through EveryPay (cards and banks) and Neonomics (bank transfers).
  const db = await getDb();
  const services = [
    { type: "HOMEPAGE", name: "Lääne Energia", url: "https://laane-energia.example" },
    {
      type: "PAYMENT",
      name: "EveryPay",
      url: "https://every-pay.com",
      settings: { provider: "everypay", baseUrl: everypay.apiBase, apiUsername: EP.apiUsername, apiSecret: EP.apiSecret, accountName: EP.accountName, callbackToken: "ep-callback" },
    },
    {
      type: "PAYMENT",
      name: "Neonomics",
      url: "https://neonomics.io",
      settings: {
        provider: "neonomics",
        baseUrl: neonomics.url,
        realm: "sandbox",
        clientId: NEO.clientId,
        clientSecret: NEO.clientSecret,
        creditorIban: "EE382200221020145685",
        creditorName: "Lääne Energia AS",
        webhookApiKey: "neo-hook",
      },
    },
  ];
  await db.execute(sql`update sites set external_services = ${JSON.stringify(services)}::jsonb where id = 'laane'`);
  invalidateSiteCache();
});
afterAll(async () => {
  await flushSandboxCallbacks();
  await everypay?.close();
  await neonomics?.close();
  await cleanup();
});

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;
const customerOf = (site: string, persona: string) => plan(site).customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;

const clients = new Map<string, ApiClient>();
let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.30.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}

async function invoiceStatus(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

async function paymentsOf(invoiceId: string) {
  const db = await getDb();
  return db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}

const tokenOf = (redirectUrl: string) => redirectUrl.split("/").at(-1)!;

async function signedCallback(site: string, body: Record<string, unknown>, opts: { timestamp?: number; secret?: string } = {}) {
  const raw = JSON.stringify(body);
  const secret = opts.secret ?? sandboxSigningSecret(site);
  return new ApiClient(`${site}.localhost`, { origin: null }).call("POST", "/api/payments/callback/sandbox", raw, {
    "content-type": "application/json",
    [SANDBOX_SIGNATURE_HEADER]: signSandboxCallback(secret, raw, opts.timestamp),
  });
}

describe("paying through the sandbox provider", () => {
  it("approves at the sandbox bank, gets the signed callback and marks the invoice paid once", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "solar-household");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank", bankBic: "nDEAfihh" });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: "created", provider: "sandbox" });
    expect(started.body.redirectUrl).toMatch(/^\/sandbox\/payments\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(started.body.redirectUrl);

    const page = await getSandboxPayment(token, { siteId: "aurora" });
    expect(page).toMatchObject({ merchantName: "Aurora Energia Oy", amountCents: Number(inv.totalCents), bankName: "Nordea", state: "initial", decided: false });
    expect(await getSandboxPayment(token, { siteId: "laane" })).toBeNull();

    const waiting = await api.get(`/api/payments/${started.body.paymentId}`);
    expect(waiting.body).toMatchObject({ status: "created", invoiceNumber: inv.invoiceNumber, nextPath: `/invoices/${inv.invoiceNumber}/waiting-confirmation?payment=${started.body.paymentId}` });

    const decided = await decideSandboxPayment(token, "approve", { siteId: "aurora", callbackDelayMs: 10 });
    expect(decided.redirectUrl).toBe(`/invoices/${inv.invoiceNumber}/waiting-confirmation?payment=${started.body.paymentId}`);
    await expect(decideSandboxPayment(token, "decline", { siteId: "aurora" })).rejects.toMatchObject({ code: "conflict" });
    await flushSandboxCallbacks();

    const done = await api.get(`/api/payments/${started.body.paymentId}`);
    expect(done.body).toMatchObject({ status: "succeeded", nextPath: `/invoices/${inv.invoiceNumber}/confirmation?payment=${started.body.paymentId}`, redirectUrl: null });
    expect((await invoiceStatus(inv.id)).status).toBe("paid");
    const events = await listPaymentEvents("aurora", started.body.paymentId);
    expect(events.filter((e) => e.kind === "transition").map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual(["created→pending", "pending→succeeded"]);
    expect(events.filter((e) => e.kind === "invoice-paid")).toHaveLength(1);

    // Reloading the confirmation page changes nothing.
    for (let i = 0; i < 3; i++) expect((await api.get(`/api/payments/${started.body.paymentId}`)).body.status).toBe("succeeded");
    expect(await paymentsOf(inv.id)).toHaveLength(1);
    const detail = await api.get(`/api/invoices/${inv.invoiceNumber}`);
    expect(detail.body).toMatchObject({ status: "paid", state: "paid", canPay: false });
    expect((await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank" })).body.error.message).toBe("invoices.errors.already-paid");
  });

  it("records a callback delivered twice once, and marks the invoice paid once", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "solar-household");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "card" });
    const token = tokenOf(started.body.redirectUrl);
    await decideSandboxPayment(token, "approve", { siteId: "aurora", callback: "drop" });
    const body = { eventId: "evt-1", token, merchantReference: started.body.paymentId, state: "approved" };
    const first = await signedCallback("aurora", body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ received: true, result: "processed", status: "succeeded" });
    const again = await signedCallback("aurora", body);
    expect(again.body).toMatchObject({ result: "duplicate", status: "succeeded" });
    // A new event of the same payment is processed but changes nothing.
    const another = await signedCallback("aurora", { ...body, eventId: "evt-2" });
    expect(another.body).toMatchObject({ result: "processed", status: "succeeded" });
    const [paid] = await Promise.all([invoiceStatus(inv.id)]);
    expect(paid.status).toBe("paid");
    const db = await getDb();
    const paidEvents = await db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, started.body.paymentId), eq(paymentEvents.kind, "invoice-paid")));
    expect(paidEvents).toHaveLength(1);
    expect(await paymentsOf(inv.id)).toHaveLength(1);
  });

  it("processes concurrent deliveries of one callback once", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "solar-household");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "card" });
    const token = tokenOf(started.body.redirectUrl);
    await decideSandboxPayment(token, "approve", { siteId: "aurora", callback: "drop" });
    const body = { eventId: "evt-concurrent", token, merchantReference: started.body.paymentId, state: "approved" };
    const results = await Promise.all([signedCallback("aurora", body), signedCallback("aurora", body), api.get(`/api/payments/${started.body.paymentId}`)]);
    expect(
      results
        .slice(0, 2)
        .map((r) => r.body.result)
        .sort(),
    ).toEqual(["duplicate", "processed"]);
    const events = await listPaymentEvents("aurora", started.body.paymentId);
    expect(events.filter((e) => e.kind === "invoice-paid")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "transition" && e.toStatus === "succeeded")).toHaveLength(1);
  });

  it("rejects forged, stale and foreign callbacks and changes nothing", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "solar-household");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank" });
    const token = tokenOf(started.body.redirectUrl);
    const body = { eventId: "forged-1", token, merchantReference: started.body.paymentId, state: "approved" };

    const wrongKey = await signedCallback("aurora", body, { secret: "not-the-secret" });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.error.message).toBe("invoices.errors.callback-rejected");
    expect((await signedCallback("aurora", body, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    // Signed with another site's key.
    expect((await signedCallback("aurora", body, { secret: sandboxSigningSecret("laane") })).status).toBe(401);
    // Tampered after signing.
    const raw = JSON.stringify(body);
    const tampered = await new ApiClient("aurora.localhost", { origin: null }).call("POST", "/api/payments/callback/sandbox", raw.replace("forged-1", "forged-2"), {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signSandboxCallback(sandboxSigningSecret("aurora"), raw),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await new ApiClient("aurora.localhost", { origin: null }).call("POST", "/api/payments/callback/sandbox", raw, { "content-type": "application/json" });
    expect(unsigned.status).toBe(401);
    // The documented path answers alike, with no Origin.
    const unsignedAtDocumented = await new ApiClient("aurora.localhost", { origin: null }).call("POST", "/api/payment-callbacks/sandbox", raw, { "content-type": "application/json" });
    expect(unsignedAtDocumented.status).toBe(401);
    expect(unsignedAtDocumented.body.error.message).toBe("invoices.errors.callback-rejected");
    // Authentic, but about a payment that is not ours, or pointing at another payment.
    expect((await signedCallback("aurora", { ...body, token: "x".repeat(43) })).status).toBe(404);
    expect((await signedCallback("aurora", { ...body, eventId: "forged-3", merchantReference: "8e3c5a52-1111-4111-8111-111111111111" })).status).toBe(401);
    expect((await new ApiClient("aurora.localhost", { origin: null }).call("POST", "/api/payments/callback/nobody", raw)).status).toBe(404);

    expect((await invoiceStatus(inv.id)).status).toBe("open");
    expect((await api.get(`/api/payments/${started.body.paymentId}`)).body.status).toBe("created");
    const events = await listPaymentEvents("aurora", started.body.paymentId);
    expect(events.filter((e) => e.kind === "callback")).toHaveLength(0);
  });

  it("fails a declined payment and leaves the invoice open", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "solar-household");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank" });
    await decideSandboxPayment(tokenOf(started.body.redirectUrl), "decline", { siteId: "aurora", callbackDelayMs: 0 });
    await flushSandboxCallbacks();
    const res = await api.get(`/api/payments/${started.body.paymentId}`);
    expect(res.body).toMatchObject({ status: "failed", nextPath: `/invoices/${inv.invoiceNumber}/failed?payment=${started.body.paymentId}` });
    expect((await invoiceStatus(inv.id)).status).toBe("open");
    // A new attempt is a new payment.
    const retry = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank" });
    expect(retry.body.paymentId).not.toBe(started.body.paymentId);
  });

  it("reconciles a payment whose callback never came, and one left pending at the bank", async () => {
    const c = customerOf("aurora", "apartment");
    const lost = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const slow = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "apartment");
    const a = await api.post(`/api/invoices/${lost.invoiceNumber}/payments`, { method: "card" });
    const b = await api.post(`/api/invoices/${slow.invoiceNumber}/payments`, { method: "bank", bankBic: "OKOYFIHH" });
    await decideSandboxPayment(tokenOf(a.body.redirectUrl), "approve", { siteId: "aurora", callback: "drop" });
    await decideSandboxPayment(tokenOf(b.body.redirectUrl), "leave-pending", { siteId: "aurora", callbackDelayMs: 0, settleAfterSeconds: 1 });
    await flushSandboxCallbacks();
    const db = await getDb();
    const status = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0].status;
    expect(await status(a.body.paymentId)).toBe("created");
    expect(await status(b.body.paymentId)).toBe("pending");
    expect((await invoiceStatus(lost.id)).status).toBe("open");

    const first = await reconcilePendingPayments({ olderThanMs: 0 });
    expect(first.byStatus.succeeded).toBeGreaterThanOrEqual(1);
    expect(await status(a.body.paymentId)).toBe("succeeded");
    expect((await invoiceStatus(lost.id)).status).toBe("paid");
    expect(await status(b.body.paymentId)).toBe("pending");

    await new Promise((r) => setTimeout(r, 1100));
    await reconcilePendingPayments({ olderThanMs: 0 });
    expect(await status(b.body.paymentId)).toBe("succeeded");
    expect((await invoiceStatus(slow.id)).status).toBe("paid");
    // Nothing left to do: a second run changes nothing.
    const again = await reconcilePendingPayments({ olderThanMs: 0 });
    expect(again.changed).toBe(0);
  });

  it("expires a payment nobody finished within an hour", async () => {
    const c = customerOf("aurora", "apartment");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "apartment");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank" });
    await reconcilePendingPayments({ olderThanMs: 0, now: new Date(Date.now() + 2 * 3600_000) });
    const res = await api.get(`/api/payments/${started.body.paymentId}`);
    expect(res.body.status).toBe("expired");
    expect((await invoiceStatus(inv.id)).status).toBe("open");
  });

  it("resumes the same payment when the payment page is reloaded, and honours idempotency keys", async () => {
    const c = customerOf("aurora", "apartment");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const other = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "apartment");
    const url = `/api/invoices/${inv.invoiceNumber}/payments`;
    const one = await api.post(url, { method: "bank", bankBic: "NDEAFIHH" });
    const two = await api.post(url, { method: "bank", bankBic: "NDEAFIHH" });
    expect(two.body.paymentId).toBe(one.body.paymentId);
    expect(two.body.redirectUrl).toBe(one.body.redirectUrl);
    const card = await api.post(url, { method: "card" });
    expect(card.body.paymentId).not.toBe(one.body.paymentId);

    const key = { "idempotency-key": "retry-key-0001" };
    const k1 = await api.call("POST", url, { method: "card" }, key);
    const k2 = await api.call("POST", url, { method: "card" }, key);
    expect(k1.status).toBe(200);
    expect(k2.body.paymentId).toBe(k1.body.paymentId);
    const reused = await api.call("POST", `/api/invoices/${other.invoiceNumber}/payments`, { method: "card" }, key);
    expect(reused.status).toBe(409);
    expect(reused.body.error.message).toBe("invoices.errors.idempotency-key-reused");
    expect((await api.call("POST", url, { method: "card" }, { "idempotency-key": "bad key!" })).status).toBe(422);
    // Postponing waits while a payment is in progress.
    const postpone = await api.put(`/api/invoices/${inv.invoiceNumber}/postpone`, { dueDate: addDays(inv.dueDate, 3) });
    expect(postpone.status).toBe(422);
    expect(postpone.body.error.details.fields[0].message).toBe("invoices.errors.payment-in-progress");
  });

  it("refuses outsourced invoices and another customer's payments", async () => {
    const c = customerOf("aurora", "solar-household");
    const outsourced = await createTestInvoice({ siteId: "aurora", customerId: c.id, status: "outsourced", dueInDays: -40 });
    const api = await signedIn("aurora", "solar-household");
    const res = await api.post(`/api/invoices/${outsourced.invoiceNumber}/payments`, { method: "bank" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("invoices.errors.payment-outsourced");

    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank" });
    const stranger = await signedIn("aurora", "apartment");
    expect((await stranger.get(`/api/payments/${started.body.paymentId}`)).status).toBe(404);
    expect((await stranger.get("/api/payments/not-a-uuid")).status).toBe(404);
    expect((await stranger.get("/api/payments/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const laane = await signedIn("laane", "solar-household");
    expect((await laane.get(`/api/payments/${started.body.paymentId}`)).status).toBe(404);
    expect((await new ApiClient("aurora.localhost").get(`/api/payments/${started.body.paymentId}`)).status).toBe(401);
  });

  it("sends the customer from the return URL to the waiting page", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "solar-household");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank" });
    const res = await new ApiClient("aurora.localhost").raw("GET", `/api/payments/${started.body.paymentId}/return`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/invoices/${inv.invoiceNumber}/waiting-confirmation?payment=${started.body.paymentId}`);
    const unknown = await new ApiClient("aurora.localhost").raw("GET", "/api/payments/garbage/return");
    expect(unknown.headers.get("location")).toBe("/invoices");
  });

  it("never fails with a server error on bad payment requests and starts nothing when it refuses (property)", async () => {
    const c = customerOf("aurora", "solar-household");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await signedIn("aurora", "solar-household");
    const known = new Set(["NDEAFIHH", "OKOYFIHH", "DABAFIHH", "SBANFIHH", "HELSFIHH", "ITELFIHH", "POPFFI22", "HANDFIHH", "AABAFI22", "OMASFI2X"]);
    const body = fc.oneof(
      fc.anything(),
      fc.record({ method: fc.string().filter((m) => m !== "bank" && m !== "card") }),
      fc.record({ method: fc.constant("bank"), bankBic: fc.stringMatching(/^[A-Z]{6}[A-Z0-9]{2}$/).filter((b) => !known.has(b)) }),
      fc.record({ method: fc.constantFrom("bank", "card"), provider: fc.string().filter((p) => !["sandbox", "everypay", "neonomics"].includes(p.toLowerCase())) }),
      fc.record({ method: fc.constantFrom("bank", "card"), provider: fc.constantFrom("EVERYPAY", "neonomics") }),
      fc.record({ method: fc.constantFrom("bank", "card"), extra: fc.string() }),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const raw = typeof b === "string" ? b : (JSON.stringify(b) ?? "null");
        const res = await api.call("POST", `/api/invoices/${inv.invoiceNumber}/payments`, raw, { "content-type": "application/json" });
        expect(res.status).toBeLessThan(500);
        expect(res.status).not.toBe(200);
      }),
      { numRuns: 80 },
    );
    expect(await paymentsOf(inv.id)).toHaveLength(0);
  });
});

describe("paying through EveryPay", () => {
  it("redirects to EveryPay, reads the state back on the callback, and marks paid once", async () => {
    const c = customerOf("laane", "solar-household");
    const inv = await createTestInvoice({ siteId: "laane", customerId: c.id });
    const api = await signedIn("laane", "solar-household");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "card", provider: "EVERYPAY" });
    expect(started.status).toBe(200);
    expect(started.body.provider).toBe("everypay");
    expect(started.body.redirectUrl).toContain(`${everypay.url}/lp/`);
    const [payment] = await paymentsOf(inv.id);
    const ref = payment.providerReference!;
    const oneoff = JSON.parse(everypay.requests.filter((r) => r.path === "/api/v4/payments/oneoff").at(-1)!.body);
    expect(oneoff).toMatchObject({ order_reference: payment.id, amount: Number(inv.totalCents) / 100, customer_url: `http://laane.localhost/api/payments/${payment.id}/return` });

    const callback = (query: string) => new ApiClient("laane.localhost", { origin: null }).call("POST", `/api/payments/callback/everypay?${query}`, "", {});
    // Without the shared token: refused.
    expect((await callback(`payment_reference=${ref}&order_reference=${payment.id}`)).status).toBe(401);
    // A callback while EveryPay still says "waiting": the payment is pending, nothing paid.
    everypay.setState(ref, "waiting_for_sca");
    expect((await callback(`token=ep-callback&payment_reference=${ref}&order_reference=${payment.id}`)).body.status).toBe("pending");
    expect((await invoiceStatus(inv.id)).status).toBe("open");
    everypay.setState(ref, "settled");
    const settled = await callback(`token=ep-callback&payment_reference=${ref}&order_reference=${payment.id}`);
    expect(settled.body).toMatchObject({ result: "processed", status: "succeeded" });
    expect((await callback(`token=ep-callback&payment_reference=${ref}&order_reference=${payment.id}`)).body.status).toBe("succeeded");
    expect((await invoiceStatus(inv.id)).status).toBe("paid");
    const events = await listPaymentEvents("laane", payment.id);
    expect(events.filter((e) => e.kind === "invoice-paid")).toHaveLength(1);
    // A callback naming another order is refused.
    expect((await callback(`token=ep-callback&payment_reference=${ref}&order_reference=someone-else`)).status).toBe(401);
  });

  it("turns an EveryPay outage into a clear error and a failed payment", async () => {
    const c = customerOf("laane", "apartment");
    const inv = await createTestInvoice({ siteId: "laane", customerId: c.id });
    const api = await signedIn("laane", "apartment");
    everypay.failWith = 503;
    try {
      const res = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "card", provider: "everypay" });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe("invoices.errors.payment-provider-unavailable");
    } finally {
      everypay.failWith = null;
    }
    const [p] = await paymentsOf(inv.id);
    expect(p.status).toBe("failed");
    expect((await invoiceStatus(inv.id)).status).toBe("open");
  });
});

describe("paying through Neonomics", () => {
  it("sends the customer to the bank, completes on return and polls to paid", async () => {
    const c = customerOf("laane", "house-gas");
    const inv = await createTestInvoice({ siteId: "laane", customerId: c.id });
    const api = await signedIn("laane", "house-gas");
    const noBank = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank", provider: "NEONOMICS" });
    expect(noBank.status).toBe(422);
    expect(noBank.body.error.details.fields[0]).toMatchObject({ path: "bankBic", message: "invoices.errors.bank-required" });

    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank", provider: "NEONOMICS", bankBic: "HABAEE2X" });
    expect(started.status).toBe(200);
    const payment = (await paymentsOf(inv.id)).find((p) => p.id === started.body.paymentId)!;
    expect(started.body.redirectUrl).toContain(`/sca/${payment.providerReference}`);
    expect(decodeURIComponent(started.body.redirectUrl)).toContain(`http://laane.localhost/api/payments/${payment.id}/return`);

    // The customer authorises at the bank and comes back.
    neonomics.authorize(payment.providerReference!, "ACSC");
    const back = await new ApiClient("laane.localhost").raw("GET", `/api/payments/${payment.id}/return`);
    expect(back.headers.get("location")).toBe(`/invoices/${inv.invoiceNumber}/waiting-confirmation?payment=${payment.id}`);
    expect(neonomics.requests.some((r) => r.path.endsWith(`${payment.providerReference}/complete`))).toBe(true);
    const res = await api.get(`/api/payments/${payment.id}`);
    expect(res.body.status).toBe("succeeded");
    expect((await invoiceStatus(inv.id)).status).toBe("paid");
  });

  it("accepts the webhook with its key and reads the status itself", async () => {
    const c = customerOf("laane", "apartment");
    const inv = await createTestInvoice({ siteId: "laane", customerId: c.id });
    const api = await signedIn("laane", "apartment");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "bank", provider: "neonomics", bankBic: "HABAEE2X" });
    expect(started.status).toBe(200);
    const payment = (await paymentsOf(inv.id))[0];
    const hook = (key: string, body: object) =>
      new ApiClient("laane.localhost", { origin: null }).call("POST", "/api/payments/callback/neonomics", JSON.stringify(body), { "content-type": "application/json", "x-api-key": key });
    // The body claims success, but the bank says it was rejected: the bank wins.
    neonomics.setStatus(payment.providerReference!, "RJCT");
    expect((await hook("wrong", { paymentId: payment.providerReference, status: "ACSC" })).status).toBe(401);
    const res = await hook("neo-hook", { paymentId: payment.providerReference, status: "ACSC" });
    expect(res.body).toMatchObject({ result: "processed", status: "failed" });
    expect((await api.get(`/api/payments/${started.body.paymentId}`)).body.status).toBe("failed");
    expect((await invoiceStatus(inv.id)).status).toBe("open");
  });
});

describe("coming back in the language the payment was started in", () => {
  beforeAll(async () => {
    // Lääne also speaks Finnish here, so that /fi is a prefixed locale of a site.
    const db = await getDb();
    await db.execute(sql`update sites set locales = array['et-EE', 'ru-RU', 'en-GB', 'fi-FI']::text[] where id = 'laane'`);
    invalidateSiteCache();
  });

  /** A signed-in browser of its own, so that its locale cookie touches no other test. */
  async function browser(site: string, persona: string, locale?: string) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.31.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: `${site}-${persona}` });
    if (locale) api.cookies.set("NEXT_LOCALE", locale);
    return api;
  }
  const waitingPath = (prefix: string, invoiceNumber: string, paymentId: string) => `${prefix}/invoices/${invoiceNumber}/waiting-confirmation?payment=${paymentId}`;
  const returnOf = async (site: string, paymentId: string) => {
    const res = await new ApiClient(`${site}.localhost`).raw("GET", `/api/payments/${paymentId}/return`);
    expect(res.status).toBe(302);
    return res.headers.get("location");
  };
  const storedLocale = async (paymentId: string) => {
    const db = await getDb();
    return (await db.select({ locale: payments.locale }).from(payments).where(eq(payments.id, paymentId)))[0].locale;
  };

  it("sends a customer who paid from /fi back to /fi pages, and one who paid in the default locale to unprefixed pages", async () => {
    const c = customerOf("laane", "solar-household");
    const fiInvoice = await createTestInvoice({ siteId: "laane", customerId: c.id });
    const etInvoice = await createTestInvoice({ siteId: "laane", customerId: c.id });

    const fi = await browser("laane", "solar-household", "fi-FI");
    const started = await fi.post(`/api/invoices/${fiInvoice.invoiceNumber}/payments`, { method: "card", provider: "everypay" });
    expect(started.status).toBe(200);
    expect(await storedLocale(started.body.paymentId)).toBe("fi-FI");
    const oneoff = JSON.parse(everypay.requests.filter((r) => r.path === "/api/v4/payments/oneoff").at(-1)!.body);
    // The provider's own page speaks Finnish; its return URL is the API's, which knows the locale.
    expect(oneoff).toMatchObject({ locale: "fi", customer_url: `http://laane.localhost/api/payments/${started.body.paymentId}/return` });
    expect(await returnOf("laane", started.body.paymentId)).toBe(waitingPath("/fi", fiInvoice.invoiceNumber, started.body.paymentId));

    const et = await browser("laane", "solar-household", "et-EE");
    const plain = await et.post(`/api/invoices/${etInvoice.invoiceNumber}/payments`, { method: "card", provider: "everypay" });
    expect(plain.status).toBe(200);
    expect(await storedLocale(plain.body.paymentId)).toBe("et-EE");
    expect(await returnOf("laane", plain.body.paymentId)).toBe(waitingPath("", etInvoice.invoiceNumber, plain.body.paymentId));
  });

  it("gives the sandbox provider a return path in the customer's locale and takes the locale from the page that started the payment", async () => {
    const c = customerOf("aurora", "house-gas");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const other = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const third = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    // The cookie says Swedish, but the page the request came from is the English one.
    const api = await browser("aurora", "house-gas", "sv-FI");
    const fromEnglishPage = await api.call(
      "POST",
      `/api/invoices/${inv.invoiceNumber}/payments`,
      { method: "bank", bankBic: "NDEAFIHH" },
      {
        referer: `http://aurora.localhost/en/invoices/${inv.invoiceNumber}/payment-processing?method=bank`,
      },
    );
    expect(fromEnglishPage.status).toBe(200);
    const id = fromEnglishPage.body.paymentId;
    expect(await storedLocale(id)).toBe("en-GB");
    const token = tokenOf(fromEnglishPage.body.redirectUrl);
    const page = await getSandboxPayment(token, { siteId: "aurora" });
    expect(page).toMatchObject({ returnUrl: waitingPath("/en", inv.invoiceNumber, id), reference: inv.referenceNumber, amountCents: Number(inv.totalCents), merchantName: "Aurora Energia Oy" });
    expect(await returnOf("aurora", id)).toBe(waitingPath("/en", inv.invoiceNumber, id));
    const decided = await decideSandboxPayment(token, "approve", { siteId: "aurora", callbackDelayMs: 0 });
    expect(decided.redirectUrl).toBe(waitingPath("/en", inv.invoiceNumber, id));
    await flushSandboxCallbacks();
    // What the pages poll stays free of a locale: the page showing it adds its own.
    expect((await api.get(`/api/payments/${id}`)).body).toMatchObject({ status: "succeeded", nextPath: `/invoices/${inv.invoiceNumber}/confirmation?payment=${id}` });

    // Without a Referer, the page locale the proxy set in the cookie.
    const bySv = await api.post(`/api/invoices/${other.invoiceNumber}/payments`, { method: "card" });
    expect(await storedLocale(bySv.body.paymentId)).toBe("sv-FI");
    expect((await getSandboxPayment(tokenOf(bySv.body.redirectUrl), { siteId: "aurora" }))!.returnUrl).toBe(waitingPath("/sv", other.invoiceNumber, bySv.body.paymentId));
    // A page of the default locale has no prefix, whatever the cookie says.
    const fromDefaultPage = await api.call(
      "POST",
      `/api/invoices/${third.invoiceNumber}/payments`,
      { method: "card" },
      {
        referer: `http://aurora.localhost/invoices/${third.invoiceNumber}/payment-processing`,
      },
    );
    expect(await storedLocale(fromDefaultPage.body.paymentId)).toBe("fi-FI");
    expect(await returnOf("aurora", fromDefaultPage.body.paymentId)).toBe(waitingPath("", third.invoiceNumber, fromDefaultPage.body.paymentId));
  });

  it("falls back to the site's default locale for unknown and disabled locales", async () => {
    const c = customerOf("aurora", "house-gas");
    for (const [i, locale] of ["ru-RU", "de-DE", "en-XA", "../../evil", ""].entries()) {
      const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
      const api = await browser("aurora", "house-gas", locale || undefined);
      const headers: Record<string, string> = i % 2 ? { "x-portal-locale": locale || "xx" } : { referer: `http://aurora.localhost/ru/invoices/${inv.invoiceNumber}` };
      const started = await api.call("POST", `/api/invoices/${inv.invoiceNumber}/payments`, { method: "card" }, headers);
      expect(started.status).toBe(200);
      expect(await storedLocale(started.body.paymentId)).toBe("fi-FI");
      expect((await getSandboxPayment(tokenOf(started.body.redirectUrl), { siteId: "aurora" }))!.returnUrl).toBe(waitingPath("", inv.invoiceNumber, started.body.paymentId));
      expect(await returnOf("aurora", started.body.paymentId)).toBe(waitingPath("", inv.invoiceNumber, started.body.paymentId));
    }
    // A Referer from another host says nothing about the page.
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await browser("aurora", "house-gas");
    const foreign = await api.call("POST", `/api/invoices/${inv.invoiceNumber}/payments`, { method: "card" }, { referer: `http://laane.localhost/en/invoices/${inv.invoiceNumber}` });
    expect(await storedLocale(foreign.body.paymentId)).toBe("fi-FI");
  });

  it("returns a payment to the default locale once the site stops offering its locale, and an unknown payment to the list in the cookie's locale", async () => {
    const c = customerOf("laane", "apartment");
    const inv = await createTestInvoice({ siteId: "laane", customerId: c.id });
    const api = await browser("laane", "apartment", "ru-RU");
    const started = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "card", provider: "everypay" });
    expect(await returnOf("laane", started.body.paymentId)).toBe(waitingPath("/ru", inv.invoiceNumber, started.body.paymentId));
    const db = await getDb();
    await db.execute(sql`update sites set locales = array['et-EE', 'en-GB', 'fi-FI']::text[] where id = 'laane'`);
    invalidateSiteCache();
    try {
      expect(await returnOf("laane", started.body.paymentId)).toBe(waitingPath("", inv.invoiceNumber, started.body.paymentId));
    } finally {
      await db.execute(sql`update sites set locales = array['et-EE', 'ru-RU', 'en-GB', 'fi-FI']::text[] where id = 'laane'`);
      invalidateSiteCache();
    }
    const lost = new ApiClient("laane.localhost");
    lost.cookies.set("NEXT_LOCALE", "ru-RU");
    expect((await lost.raw("GET", "/api/payments/garbage/return")).headers.get("location")).toBe("/ru/invoices");
  });

  it("resumes a payment only in the locale it was started in", async () => {
    const c = customerOf("aurora", "house-gas");
    const inv = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const api = await browser("aurora", "house-gas", "sv-FI");
    const url = `/api/invoices/${inv.invoiceNumber}/payments`;
    const sv = await api.post(url, { method: "bank", bankBic: "OKOYFIHH" });
    expect((await api.post(url, { method: "bank", bankBic: "OKOYFIHH" })).body.paymentId).toBe(sv.body.paymentId);
    api.cookies.set("NEXT_LOCALE", "en-GB");
    const en = await api.post(url, { method: "bank", bankBic: "OKOYFIHH" });
    expect(en.body.paymentId).not.toBe(sv.body.paymentId);
    expect((await getSandboxPayment(tokenOf(en.body.redirectUrl), { siteId: "aurora" }))!.returnUrl).toBe(waitingPath("/en", inv.invoiceNumber, en.body.paymentId));
  });
});

describe("site configuration", () => {
  it("does not reveal payment credentials through the external services list", async () => {
    const res = await new ApiClient("laane.localhost").get("/api/external-services?type=PAYMENT");
    expect(res.body.services).toHaveLength(2);
    expect(JSON.stringify(res.body)).not.toContain("secret");
    const site = await getSiteById("laane");
    expect(site!.externalServices.some((s) => s.settings?.apiSecret === EP.apiSecret)).toBe(true);
  });
});
