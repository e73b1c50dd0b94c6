import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEveryPayProvider, mapEveryPayState } from "./everypay";
import { clearNeonomicsTokens, createNeonomicsProvider, mapNeonomicsStatus, neonomicsDeviceId } from "./neonomics";
import { startFakeEveryPay, startFakeNeonomics, type FakeEveryPay, type FakeNeonomics } from "./fake-providers";
import { CallbackRejected, ProviderError, ProviderInputError, type StartPaymentInput } from "./types";

const input = (over: Partial<StartPaymentInput> = {}): StartPaymentInput => ({
  paymentId: "7b0c3c1e-1d7a-4c62-9a55-3f0f3e0b8d11",
  siteId: "aurora",
  customerId: "0e7d5f7c-9d87-4c1b-8f25-4b6d8ee0d6b2",
  invoiceNumber: "2025000123",
  reference: "1000010001234",
  amountCents: 12_345,
  currency: "EUR",
  method: "bank",
  bankBic: "NDEAFIHH",
  description: "Aurora Energia Oy 2025000123",
  returnUrl: "http://aurora.localhost/api/payments/7b0c3c1e-1d7a-4c62-9a55-3f0f3e0b8d11/return",
  waitingPath: "/invoices/2025000123/waiting-confirmation?payment=7b0c3c1e-1d7a-4c62-9a55-3f0f3e0b8d11",
  callbackUrl: "http://aurora.localhost/api/payments/callback/everypay",
  locale: "fi-FI",
  country: "FI",
  customerEmail: "aino@example.com",
  customerIp: "192.0.2.10",
  ...over,
});

describe("EveryPay adapter against a local EveryPay", () => {
  let fake: FakeEveryPay;
  const creds = { apiUsername: "4c9a1b2d3e4f", apiSecret: "s3cr3t-key", accountName: "EUR3D1" };
  beforeAll(async () => {
    fake = await startFakeEveryPay(creds);
  });
  afterAll(async () => fake.close());
  const provider = () => createEveryPayProvider({ baseUrl: fake.apiBase, apiUsername: creds.apiUsername, apiSecret: creds.apiSecret, accountName: creds.accountName, callbackToken: "cb-token" });

  it("creates a one-off payment with Basic auth, nonce and timestamp, and sends the customer to its link", async () => {
    const started = await provider().startPayment(input());
    const req = fake.requests.find((r) => r.path === "/api/v4/payments/oneoff")!;
    const body = JSON.parse(req.body);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${creds.apiUsername}:${creds.apiSecret}`).toString("base64")}`);
    expect(body).toMatchObject({
      api_username: creds.apiUsername,
      account_name: "EUR3D1",
      amount: 123.45,
      order_reference: input().paymentId,
      customer_url: input().returnUrl,
      locale: "fi",
      preferred_country: "FI",
      email: "aino@example.com",
      customer_ip: "192.0.2.10",
    });
    expect(body.nonce).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(body.timestamp) - Date.now())).toBeLessThan(10_000);
    expect(started.providerReference).toMatch(/^[0-9a-f]{64}$/);
    expect(started.redirectUrl).toBe(`${fake.url}/lp/${started.providerReference}`);
    expect(started.status).toBe("created");
    const card = await provider().startPayment(input({ method: "card" }));
    expect(card.redirectUrl).toContain("method_source=card");
  });

  it("reads the payment state back over the API and maps it", async () => {
    const p = provider();
    const started = await p.startPayment(input());
    const payment = { id: input().paymentId, siteId: "aurora", providerReference: started.providerReference, providerData: {}, amountCents: 12_345, currency: "EUR" };
    expect(await p.fetchStatus(payment)).toEqual({ status: "created", raw: "initial" });
    fake.setState(started.providerReference, "waiting_for_sca");
    expect((await p.fetchStatus(payment)).status).toBe("pending");
    fake.setState(started.providerReference, "settled");
    expect(await p.fetchStatus(payment)).toEqual({ status: "succeeded", raw: "settled" });
    const status = fake.requests.filter((r) => r.method === "GET").at(-1)!;
    expect(status.query.get("api_username")).toBe(creds.apiUsername);
    // A payment of another order is never taken for ours.
    await expect(p.fetchStatus({ ...payment, id: "00000000-0000-4000-8000-000000000000" })).rejects.toBeInstanceOf(ProviderError);
    // Nor a settlement of another amount.
    await expect(p.fetchStatus({ ...payment, amountCents: 99 })).rejects.toBeInstanceOf(ProviderError);
    expect(["settled", "failed", "abandoned", "voided", "initial", "sent_for_processing"].map(mapEveryPayState)).toEqual(["succeeded", "failed", "expired", "cancelled", "created", "pending"]);
  });

  it("accepts a callback only with the shared token, and only as a hint", async () => {
    const p = provider();
    const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
    const ok = await p.verifyCallback({ method: "POST", headers, query: new URLSearchParams("token=cb-token"), body: "payment_reference=abc123&order_reference=xyz" });
    expect(ok).toEqual({ providerReference: "abc123", eventId: null, status: null, orderReference: "xyz" });
    const get = await p.verifyCallback({ method: "POST", headers: new Headers(), query: new URLSearchParams("token=cb-token&payment_reference=abc&order_reference=o"), body: "" });
    expect(get.providerReference).toBe("abc");
    await expect(p.verifyCallback({ method: "POST", headers, query: new URLSearchParams("token=wrong"), body: "payment_reference=abc123" })).rejects.toBeInstanceOf(CallbackRejected);
    await expect(p.verifyCallback({ method: "POST", headers, query: new URLSearchParams("token=cb-token"), body: "order_reference=only" })).rejects.toBeInstanceOf(CallbackRejected);
  });

  it("reports refusals and outages as provider errors", async () => {
    const wrong = createEveryPayProvider({ baseUrl: fake.apiBase, apiUsername: creds.apiUsername, apiSecret: "wrong", accountName: "EUR3D1" });
    await expect(wrong.startPayment(input())).rejects.toMatchObject({ status: 401 });
    fake.failWith = 503;
    try {
      await expect(provider().startPayment(input())).rejects.toBeInstanceOf(ProviderError);
    } finally {
      fake.failWith = null;
    }
    const unreachable = createEveryPayProvider({ baseUrl: "http://127.0.0.1:9/api/v4", apiUsername: "u", apiSecret: "s", accountName: "a" });
    await expect(unreachable.startPayment(input())).rejects.toBeInstanceOf(ProviderError);
  });
});

describe("Neonomics adapter against a local Neonomics", () => {
  let fake: FakeNeonomics;
  const creds = { clientId: "portal-client", clientSecret: "portal-secret", realm: "sandbox" };
  const settings = () => ({
    baseUrl: fake.url,
    realm: "sandbox",
    clientId: creds.clientId,
    clientSecret: creds.clientSecret,
    creditorIban: "FI21 1234 5600 0007 85",
    creditorName: "Aurora Energia Oy",
    paymentProduct: "sepa-credit",
    webhookApiKey: "hook-key",
  });
  beforeAll(async () => {
    clearNeonomicsTokens();
    fake = await startFakeNeonomics(creds);
  });
  afterAll(async () => fake.close());

  it("initiates a SEPA payment: token, bank by BIC, session, payment, SCA link", async () => {
    const p = createNeonomicsProvider(settings());
    const started = await p.startPayment(input());
    expect(started.redirectUrl).toContain(`${fake.url}/sca/${started.providerReference}`);
    expect(started.redirectUrl).toContain(encodeURIComponent(input().returnUrl));
    expect(started.providerData).toMatchObject({ bankId: "TkRFQUZJSEg=", product: "sepa-credit", deviceId: neonomicsDeviceId("aurora", input().customerId) });
    const created = fake.payments.get(started.providerReference)!;
    expect(created).toMatchObject({ amount: "123.45", creditorIban: "FI2112345600000785" });
    const api = fake.requests.filter((r) => r.path.startsWith("/ics/"));
    expect(api.every((r) => r.headers["x-device-id"] === started.providerData!.deviceId)).toBe(true);
    expect(api.every((r) => /^Bearer [0-9a-f]+$/.test(String(r.headers.authorization)))).toBe(true);
    const payment = fake.requests.find((r) => r.path === "/ics/v3/payments/sepa-credit")!;
    expect(JSON.parse(payment.body)).toMatchObject({ currency: "EUR", creditorName: "Aurora Energia Oy", endToEndIdentification: input().paymentId.replace(/-/g, "") });
    expect(payment.headers["x-psu-ip-address"]).toBe("192.0.2.10");
    // One token serves the whole flow.
    expect(fake.tokensIssued).toBe(1);
  });

  it("completes the payment when the customer is back and polls its status", async () => {
    const p = createNeonomicsProvider(settings());
    const started = await p.startPayment(input());
    const payment = { id: input().paymentId, siteId: "aurora", providerReference: started.providerReference, providerData: started.providerData!, amountCents: 12_345, currency: "EUR" };
    expect(await p.fetchStatus(payment)).toEqual({ status: "pending", raw: "RCVD" });
    // Back without authorising: the bank refuses completion; the status stays pending.
    expect(await p.onCustomerReturn!(payment, new URLSearchParams())).toEqual({ completeRefused: 400 });
    fake.authorize(started.providerReference, "ACCP");
    expect(await p.onCustomerReturn!(payment, new URLSearchParams())).toMatchObject({ completedAt: expect.any(String) });
    expect((await p.fetchStatus(payment)).status).toBe("pending");
    fake.setStatus(started.providerReference, "ACSC");
    expect(await p.fetchStatus(payment)).toEqual({ status: "succeeded", raw: "ACSC" });
    expect(["ACSC", "ACCC", "RJCT", "CANC", "ACSP", "PDNG"].map(mapNeonomicsStatus)).toEqual(["succeeded", "succeeded", "failed", "cancelled", "pending", "pending"]);
  });

  it("needs a bank the service knows, and a bank payment", async () => {
    const p = createNeonomicsProvider(settings());
    await expect(p.startPayment(input({ bankBic: null }))).rejects.toMatchObject({ field: "bankBic", messageKey: "invoices.errors.bank-required" });
    await expect(p.startPayment(input({ bankBic: "HANDFIHH" }))).rejects.toBeInstanceOf(ProviderInputError);
    await expect(p.startPayment(input({ method: "card" }))).rejects.toMatchObject({ field: "method" });
    const wrong = createNeonomicsProvider({ ...settings(), clientSecret: "nope", clientId: "other" });
    await expect(wrong.startPayment(input())).rejects.toMatchObject({ status: 401 });
  });

  it("authenticates its webhook by API key", async () => {
    const p = createNeonomicsProvider(settings());
    const body = JSON.stringify({ paymentId: "0b7f0a2e-5a8e-4d1f-9c43-1b2f3c4d5e6f", status: "ACSC" });
    const ok = await p.verifyCallback({ method: "POST", headers: new Headers({ "x-api-key": "hook-key" }), query: new URLSearchParams(), body });
    // The status in the body is not trusted: it is read back from the API.
    expect(ok).toEqual({ providerReference: "0b7f0a2e-5a8e-4d1f-9c43-1b2f3c4d5e6f", eventId: null, status: null, orderReference: null });
    await expect(p.verifyCallback({ method: "POST", headers: new Headers({ "x-api-key": "hook-kez" }), query: new URLSearchParams(), body })).rejects.toBeInstanceOf(CallbackRejected);
    await expect(p.verifyCallback({ method: "POST", headers: new Headers(), query: new URLSearchParams(), body })).rejects.toBeInstanceOf(CallbackRejected);
  });
});
