import "server-only";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local HTTP servers that answer as EveryPay (API v4) and Neonomics (payment initiation) do
 * according to their public documentation, for tests of the real adapters. They check
 * credentials and required headers like the real services and keep their own payment states.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function listen(handler: (req: RecordedRequest, res: http.ServerResponse, base: string) => void): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let base = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const recorded = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(recorded);
      try {
        handler(recorded, res, base);
      } catch (err) {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: (err as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/* ------------------------------------------------------------------------------------------ */

export interface FakeEveryPay extends FakeServer {
  apiBase: string;
  payments: Map<string, { order_reference: string; payment_state: string; initial_amount: number; account_name: string }>;
  setState(paymentReference: string, state: string): void;
  /** Answer every request with this status (to test outages); null for normal service. */
  failWith: number | null;
}

export async function startFakeEveryPay(creds: { apiUsername: string; apiSecret: string; accountName: string }): Promise<FakeEveryPay> {
  const payments: FakeEveryPay["payments"] = new Map();
  const nonces = new Set<string>();
  const state = { failWith: null as number | null };
  const expectedAuth = `Basic ${Buffer.from(`${creds.apiUsername}:${creds.apiSecret}`).toString("base64")}`;
  const server = await listen((req, res, base) => {
    if (state.failWith) return json(res, state.failWith, { error: { code: 5000, message: "Service unavailable" } });
    if (req.headers.authorization !== expectedAuth) return json(res, 401, { error: { code: 4001, message: "Unauthorized" } });
    if (req.method === "POST" && req.path === "/api/v4/payments/oneoff") {
      const body = JSON.parse(req.body) as Record<string, unknown>;
      const missing = ["api_username", "account_name", "amount", "order_reference", "nonce", "timestamp", "customer_url"].filter((k) => body[k] === undefined);
      if (missing.length) return json(res, 422, { error: { code: 4024, message: `Missing: ${missing.join(", ")}` } });
      if (body.api_username !== creds.apiUsername || body.account_name !== creds.accountName) return json(res, 422, { error: { code: 4018, message: "Invalid account" } });
      if (nonces.has(String(body.nonce))) return json(res, 422, { error: { code: 4999, message: "Nonce already used" } });
      nonces.add(String(body.nonce));
      if (Math.abs(Date.parse(String(body.timestamp)) - Date.now()) > 5 * 60_000) return json(res, 422, { error: { code: 4999, message: "Timestamp out of range" } });
      if (typeof body.amount !== "number" || body.amount <= 0) return json(res, 422, { error: { code: 4999, message: "Invalid amount" } });
      const ref = crypto.randomBytes(32).toString("hex");
      payments.set(ref, { order_reference: String(body.order_reference), payment_state: "initial", initial_amount: body.amount, account_name: creds.accountName });
      return json(res, 201, {
        account_name: creds.accountName,
        order_reference: body.order_reference,
        email: body.email ?? null,
        customer_ip: body.customer_ip ?? null,
        customer_url: body.customer_url,
        payment_created_at: new Date().toISOString(),
        initial_amount: body.amount,
        standing_amount: body.amount,
        payment_reference: ref,
        payment_link: `${base}/lp/${ref}`,
        api_username: creds.apiUsername,
        currency: "EUR",
        payment_state: "initial",
        payment_methods: [
          { source: "card", display_name: "VISA/MasterCard", country_code: null, payment_link: `${base}/lp/${ref}?method_source=card` },
          { source: "swed_ee", display_name: "Swedbank", country_code: "EE", payment_link: `${base}/lp/${ref}?method_source=swed_ee` },
        ],
      });
    }
    const match = /^\/api\/v4\/payments\/([0-9a-f]+)$/.exec(req.path);
    if (req.method === "GET" && match) {
      if (req.query.get("api_username") !== creds.apiUsername) return json(res, 422, { error: { code: 4018, message: "api_username" } });
      const p = payments.get(match[1]);
      if (!p) return json(res, 404, { error: { code: 4040, message: "Payment not found" } });
      return json(res, 200, {
        account_name: p.account_name,
        order_reference: p.order_reference,
        payment_reference: match[1],
        payment_state: p.payment_state,
        initial_amount: p.initial_amount,
        standing_amount: p.payment_state === "settled" ? 0 : p.initial_amount,
        currency: "EUR",
      });
    }
    return json(res, 404, { error: { code: 4040, message: "Not found" } });
  });
  const fake = Object.assign(server, {
    apiBase: `${server.url}/api/v4`,
    payments,
    setState(ref: string, s: string) {
      const p = payments.get(ref);
      if (!p) throw new Error(`no payment ${ref}`);
      p.payment_state = s;
    },
  });
  return Object.defineProperty(fake, "failWith", {
    get: () => state.failWith,
    set: (v: number | null) => (state.failWith = v),
    enumerable: true,
  }) as FakeEveryPay;
}

/* ------------------------------------------------------------------------------------------ */

export interface FakeNeonomics extends FakeServer {
  payments: Map<string, { status: string; sessionId: string; deviceId: string; amount: string; creditorIban: string; authorized: boolean }>;
  tokensIssued: number;
  /** The customer approves (or not) at the bank: the status the payment gets after completion. */
  authorize(paymentId: string, outcome: "ACSC" | "RJCT" | "CANC" | "ACCP"): void;
  setStatus(paymentId: string, status: string): void;
}

export const NEONOMICS_BANKS = [
  { id: "TkRFQUZJSEg=", bic: "NDEAFIHH", countryCode: "FI", bankDisplayName: "Nordea" },
  { id: "T0tPWUZJSEg=", bic: "OKOYFIHH", countryCode: "FI", bankDisplayName: "OP" },
  { id: "SEFCQUVFMlg=", bic: "HABAEE2X", countryCode: "EE", bankDisplayName: "Swedbank" },
];

export async function startFakeNeonomics(creds: { clientId: string; clientSecret: string; realm: string }): Promise<FakeNeonomics> {
  const tokens = new Set<string>();
  const sessions = new Map<string, { bankId: string; deviceId: string }>();
  const payments: FakeNeonomics["payments"] = new Map();
  const outcomes = new Map<string, string>();
  const counters = { tokensIssued: 0 };
  const server = await listen((req, res, base) => {
    if (req.method === "POST" && req.path === `/auth/realms/${creds.realm}/protocol/openid-connect/token`) {
      const form = new URLSearchParams(req.body);
      if (form.get("grant_type") !== "client_credentials" || form.get("client_id") !== creds.clientId || form.get("client_secret") !== creds.clientSecret) {
        return json(res, 401, { error: "unauthorized_client" });
      }
      const token = crypto.randomBytes(24).toString("hex");
      tokens.add(token);
      counters.tokensIssued += 1;
      return json(res, 200, { access_token: token, expires_in: 300, refresh_expires_in: 1800, refresh_token: "r", token_type: "bearer" });
    }
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!tokens.has(bearer)) return json(res, 401, { errorCode: "1001", message: "Invalid access token" });
    const deviceId = req.headers["x-device-id"];
    if (typeof deviceId !== "string" || !deviceId) return json(res, 400, { errorCode: "1010", message: "Missing x-device-id header" });

    if (req.method === "GET" && req.path === "/ics/v3/banks") {
      const country = req.query.get("countryCode");
      return json(
        res,
        200,
        NEONOMICS_BANKS.filter((b) => !country || b.countryCode === country),
      );
    }
    if (req.method === "POST" && req.path === "/ics/v3/session") {
      const body = JSON.parse(req.body || "{}") as { bankId?: string };
      if (!NEONOMICS_BANKS.some((b) => b.id === body.bankId)) return json(res, 400, { errorCode: "1004", message: "Invalid bankId" });
      const sessionId = crypto.randomUUID();
      sessions.set(sessionId, { bankId: body.bankId!, deviceId });
      return json(res, 200, { sessionId });
    }
    const sessionId = req.headers["x-session-id"];
    const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (!session) return json(res, 400, { errorCode: "1007", message: "Invalid or missing session" });
    if (req.method === "POST" && req.path === "/ics/v3/payments/sepa-credit") {
      if (!req.headers["x-psu-ip-address"]) return json(res, 400, { errorCode: "1011", message: "Missing x-psu-ip-address" });
      const body = JSON.parse(req.body) as { creditorAccount?: { iban?: string }; instrumentedAmount?: string; currency?: string; endToEndIdentification?: string; creditorName?: string };
      if (!body.creditorAccount?.iban || !body.instrumentedAmount || !body.currency || !body.creditorName) return json(res, 400, { errorCode: "1100", message: "Invalid payment" });
      if ((body.endToEndIdentification ?? "").length > 35) return json(res, 400, { errorCode: "1100", message: "endToEndIdentification too long" });
      const paymentId = crypto.randomUUID();
      payments.set(paymentId, { status: "RCVD", sessionId: sessionId as string, deviceId, amount: body.instrumentedAmount, creditorIban: body.creditorAccount.iban, authorized: false });
      return json(res, 201, { paymentId, status: "RCVD" });
    }
    const m = /^\/ics\/v3\/payments\/sepa-credit\/([0-9a-f-]+)(\/authorize|\/complete|\/status)?$/.exec(req.path);
    const payment = m ? payments.get(m[1]) : undefined;
    if (!m || !payment) return json(res, 404, { errorCode: "1404", message: "Payment not found" });
    if (payment.sessionId !== sessionId) return json(res, 400, { errorCode: "1007", message: "Session mismatch" });
    if (req.method === "POST" && m[2] === "/authorize") {
      const redirect = req.headers["x-redirect-url"];
      if (typeof redirect !== "string" || !redirect) return json(res, 400, { errorCode: "1012", message: "Missing x-redirect-url" });
      // Neonomics answers SCA-required as HTTP 510 with the link to the bank.
      return json(res, 510, {
        errorCode: "1426",
        message: "Payment authorization required",
        links: [{ type: "GET", rel: "payment", href: `${base}/sca/${m[1]}?redirect=${encodeURIComponent(redirect)}`, meta: { id: m[1] } }],
      });
    }
    if (req.method === "POST" && m[2] === "/complete") {
      const outcome = outcomes.get(m[1]);
      if (!outcome) return json(res, 400, { errorCode: "1428", message: "Payment is not authorized" });
      payment.status = outcome;
      return json(res, 200, { paymentId: m[1], status: payment.status });
    }
    if (req.method === "GET" && m[2] === "/status") return json(res, 200, { paymentId: m[1], status: payment.status });
    return json(res, 405, { errorCode: "1405", message: "Method not allowed" });
  });
  const fake = Object.assign(server, {
    payments,
    authorize(paymentId: string, outcome: "ACSC" | "RJCT" | "CANC" | "ACCP") {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`no payment ${paymentId}`);
      p.authorized = true;
      outcomes.set(paymentId, outcome);
    },
    setStatus(paymentId: string, status: string) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`no payment ${paymentId}`);
      p.status = status;
    },
  });
  return Object.defineProperty(fake, "tokensIssued", { get: () => counters.tokensIssued, enumerable: true }) as FakeNeonomics;
}
