import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient, httpRequest } from "@/test/api-client";
import { demoPlans } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { apiTokens, apiTokenUses, auditLog, customerAccess } from "@/server/db/schema";
import { personSessionsChanged } from "@/server/auth/session-cache";
import { TOKEN_RATE_LIMIT } from "@/server/tokens/scopes";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ full: true }));
}, 600_000);
afterAll(async () => cleanup());

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;
const ownCustomer = (site: string, persona: string) => plan(site).customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;

const clients = new Map<string, ApiClient>();
let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.31.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}

async function newToken(site: string, persona: string, scopes: string[], name = "Home hub", expiresInDays = 90) {
  const api = await signedIn(site, persona);
  const res = await api.post<{ token: string; apiToken: { id: string; hint: string } }>("/api/me/api-tokens", { name, scopes, expiresInDays });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A call with only the token: no cookies, as a script or a home-automation hub makes it. */
async function withToken(token: string, path: string, opts: { host?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { host: opts.host ?? "aurora.localhost", authorization: `Bearer ${token}`, ...opts.headers };
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  const res = await httpRequest(opts.method ?? "GET", path, headers, body);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed as any };
}

const month = () => {
  const d = new Date();
  const from = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-01`;
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  return `from=${from}&to=${next.toISOString().slice(0, 10)}`;
};

describe("personal API tokens", () => {
  it("creates a prefixed random token, shows it once and stores only its hash", async () => {
    const { token, apiToken } = await newToken("aurora", "solar-household", ["read-consumption"]);
    expect(token).toMatch(/^eppat_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(apiToken.hint)).toBe(true);
    const db = await getDb();
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(row.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(row.customerId).toBe(ownCustomer("aurora", "solar-household").id);
    expect(row.siteId).toBe("aurora");
    // The secret is nowhere in the database.
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from api_tokens where position(${token} in row_to_json(api_tokens.*)::text) > 0`);
    expect(Number(n)).toBe(0);
    const list = await (await signedIn("aurora", "solar-household")).get("/api/me/api-tokens");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(list.body.tokens.find((t: { id: string }) => t.id === apiToken.id)).toMatchObject({ name: "Home hub", scopes: ["read-consumption"], lastUsedAt: null, expired: false });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, "aurora"), eq(auditLog.action, "api-token.created")));
    expect(JSON.stringify(audit.details)).not.toContain(token);
  });

  it("reads what its scope allows, like the session does, and nothing else (403)", async () => {
    const api = await signedIn("aurora", "solar-household");
    const { token } = await newToken("aurora", "solar-household", ["read-consumption"]);
    const stats = `/api/dashboard/statistics/consumption?${month()}`;
    const bySession = await api.get(stats);
    const byToken = await withToken(token, stats);
    expect(byToken.status).toBe(200);
    expect(byToken.body).toEqual(bySession.body);
    expect((await withToken(token, "/api/usage-points/me")).status).toBe(200);
    expect((await withToken(token, `/api/dashboard/statistics/production?${month()}`)).status).toBe(200);
    expect((await withToken(token, `/api/charts/readings?${month()}&series[]=consumption`)).status).toBe(200);
    // Other scopes' endpoints, and everything else.
    for (const path of ["/api/invoices", "/api/dashboard/statistics/spot", "/api/me", "/api/me/api-tokens", "/api/dashboard/locations", "/api/session", "/api/me/export"]) {
      const res = await withToken(token, path);
      expect(res.status, path).toBe(403);
      expect(res.body.error.message).toBe("tokens.errors.not-allowed");
    }
    // Writes: refused even though a bearer request needs no Origin.
    const invoices = await api.get("/api/invoices");
    const number = invoices.body.invoices[0].invoiceNumber;
    for (const [method, path, body] of [
      ["POST", "/api/me/api-tokens", { name: "x", scopes: ["read-invoices"], expiresInDays: 30 }],
      ["PUT", `/api/invoices/${number}/postpone`, {}],
      ["PUT", "/api/me", {}],
      ["PUT", "/api/me/active-customer", { customerId: ownCustomer("aurora", "apartment").id }],
    ] as const) {
      const res = await withToken(token, path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("reads the invoices and spot prices with those scopes", async () => {
    const api = await signedIn("aurora", "solar-household");
    const { token } = await newToken("aurora", "solar-household", ["read-invoices", "read-prices"]);
    const list = await withToken(token, "/api/invoices");
    expect(list.status).toBe(200);
    expect(list.body).toEqual((await api.get("/api/invoices")).body);
    const number = list.body.invoices[0].invoiceNumber;
    const detail = await withToken(token, `/api/invoices/${number}`);
    expect(detail.status).toBe(200);
    expect(detail.body.invoiceNumber ?? detail.body.invoice?.invoiceNumber).toBe(number);
    expect((await withToken(token, "/api/dashboard/statistics/spot")).status).toBe(200);
    expect((await withToken(token, `/api/invoices/${number}/download`)).status).toBe(403);
    expect((await withToken(token, `/api/dashboard/statistics/consumption?${month()}`)).status).toBe(403);
  });

  it("keeps to its own customer: another customer's invoice is not found, nothing of theirs leaks", async () => {
    const other = await signedIn("aurora", "apartment");
    const otherNumber = (await other.get("/api/invoices")).body.invoices[0].invoiceNumber;
    const { token } = await newToken("aurora", "solar-household", ["read-invoices", "read-consumption"]);
    expect((await withToken(token, `/api/invoices/${otherNumber}`)).status).toBe(404);
    const list = await withToken(token, "/api/invoices");
    expect(JSON.stringify(list.body)).not.toContain(ownCustomer("aurora", "apartment").id);
    const points = await withToken(token, "/api/usage-points/me");
    expect(JSON.stringify(points.body)).not.toContain(ownCustomer("aurora", "apartment").id);
  });

  it("is refused on any other site, and when unknown, malformed or with cookies of another person", async () => {
    const { token } = await newToken("aurora", "solar-household", ["read-invoices"]);
    for (const host of ["laane.localhost", "daugava.localhost"]) {
      const res = await withToken(token, "/api/invoices", { host });
      expect(res.status, host).toBe(401);
      expect(res.body.error.message).toBe("tokens.errors.invalid-token");
    }
    expect((await withToken(`eppat_${"A".repeat(43)}`, "/api/invoices")).status).toBe(401);
    // The token decides, never a cookie sent along with it.
    const other = await signedIn("aurora", "apartment");
    const res = await withToken(token, "/api/invoices", { headers: { cookie: other.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(ownCustomer("aurora", "apartment").id);
  });

  it("stops working at once when revoked, and when expired", async () => {
    const api = await signedIn("aurora", "solar-household");
    const { token, apiToken } = await newToken("aurora", "solar-household", ["read-invoices"]);
    expect((await withToken(token, "/api/invoices")).status).toBe(200);
    expect((await api.call("DELETE", `/api/me/api-tokens/${apiToken.id}`)).status).toBe(200);
    expect((await withToken(token, "/api/invoices")).status).toBe(401);
    expect((await api.call("DELETE", `/api/me/api-tokens/${apiToken.id}`)).status).toBe(404);
    const list = await api.get("/api/me/api-tokens");
    expect(list.body.tokens.some((t: { id: string }) => t.id === apiToken.id)).toBe(false);

    const expiring = await newToken("aurora", "solar-household", ["read-invoices"]);
    const db = await getDb();
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.apiToken.id));
    expect((await withToken(expiring.token, "/api/invoices")).status).toBe(401);
    const listed = (await api.get("/api/me/api-tokens")).body.tokens.find((t: { id: string }) => t.id === expiring.apiToken.id);
    expect(listed.expired).toBe(true);
  });

  it("cannot be revoked by another person, nor from another site (404, unchanged)", async () => {
    const { token, apiToken } = await newToken("aurora", "solar-household", ["read-invoices"]);
    const other = await signedIn("aurora", "apartment");
    expect((await other.call("DELETE", `/api/me/api-tokens/${apiToken.id}`)).status).toBe(404);
    const foreign = await signedIn("laane", "solar-household");
    expect((await foreign.call("DELETE", `/api/me/api-tokens/${apiToken.id}`)).status).toBe(404);
    expect((await withToken(token, "/api/invoices")).status).toBe(200);
  });

  it("of a representative ends when the representation ends", async () => {
    const rep = await signedIn("aurora", "representative");
    const session = await rep.get("/api/me/representatives");
    const represented = session.body.customers.find((c: { role: string }) => c.role === "representative");
    expect(represented).toBeTruthy();
    expect((await rep.call("PUT", "/api/me/active-customer", { customerId: represented.id })).status).toBe(200);
    const { token } = await newToken("aurora", "representative", ["read-invoices"]);
    const first = await withToken(token, "/api/invoices");
    expect(first.status).toBe(200);
    const db = await getDb();
    const [access] = await db
      .select()
      .from(customerAccess)
      .where(and(eq(customerAccess.customerId, represented.id), eq(customerAccess.role, "representative")));
    await db.delete(customerAccess).where(and(eq(customerAccess.personId, access.personId), eq(customerAccess.customerId, represented.id)));
    await personSessionsChanged(access.personId);
    expect((await withToken(token, "/api/invoices")).status).toBe(401);
  });

  it("records each use in the day's audit roll-up and shows the last use", async () => {
    const api = await signedIn("aurora", "solar-household");
    const { token, apiToken } = await newToken("aurora", "solar-household", ["read-prices"]);
    for (let i = 0; i < 3; i++) expect((await withToken(token, "/api/dashboard/statistics/spot")).status).toBe(200);
    // Counted in memory, written in a batch within a second (without being asked).
    const db = await getDb();
    await expect.poll(async () => (await db.select().from(apiTokenUses).where(eq(apiTokenUses.tokenId, apiToken.id)))[0]?.count, { timeout: 5_000, interval: 50 }).toBe(3);
    const days = await db.select().from(apiTokenUses).where(eq(apiTokenUses.tokenId, apiToken.id));
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ count: 3, lastPath: "/api/dashboard/statistics/spot", siteId: "aurora" });
    const listed = (await api.get("/api/me/api-tokens")).body.tokens.find((t: { id: string }) => t.id === apiToken.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it("has its own rate limit with Retry-After", async () => {
    const { token } = await newToken("aurora", "solar-household", ["read-prices"]);
    const other = await newToken("aurora", "solar-household", ["read-prices"]);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof withToken>> | undefined;
    for (let i = 0; i < TOKEN_RATE_LIMIT.max + 1; i++) {
      const res = await withToken(token, "/api/usage-points/me");
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, TOKEN_RATE_LIMIT.max).every((s) => s === 403)).toBe(true);
    expect(limited).toBeTruthy();
    const retryAfter = Number(limited!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(TOKEN_RATE_LIMIT.windowSeconds);
    // Another token, and the session, are not limited by it.
    expect((await withToken(other.token, "/api/dashboard/statistics/spot")).status).toBe(200);
    expect((await (await signedIn("aurora", "solar-household")).get("/api/dashboard/statistics/spot")).status).toBe(200);
  });

  it("keeps CORS closed", async () => {
    const { token } = await newToken("aurora", "solar-household", ["read-invoices"]);
    const res = await withToken(token, "/api/invoices", { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await httpRequest("OPTIONS", "/api/invoices", {
      host: "aurora.localhost",
      origin: "https://evil.example",
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization",
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-headers")).toBeNull();
  });

  it("cannot be managed by customer service acting for the customer", async () => {
    const cs = new ApiClient("aurora.localhost", { ip: "10.31.1.1" });
    await cs.signInSandbox("aurora", { identityId: "aurora-customer-service" });
    const opened = await cs.post("/api/customer-service/open", { clientCode: ownCustomer("aurora", "solar-household").clientCode });
    expect(opened.status).toBe(200);
    expect((await cs.get("/api/me/api-tokens")).status).toBe(403);
    expect((await cs.post("/api/me/api-tokens", { name: "x", scopes: ["read-invoices"], expiresInDays: 30 })).status).toBe(403);
  });

  it('is part of "my data", without the secret or its hash', async () => {
    const api = await signedIn("aurora", "solar-household");
    const { token, apiToken } = await newToken("aurora", "solar-household", ["read-prices"], "Export check");
    expect((await withToken(token, "/api/dashboard/statistics/spot")).status).toBe(200);
    const res = await api.get("/api/me/export");
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    const section = res.body.sections.apiAccess;
    expect(section.tokens.find((t: { name: string }) => t.name === "Export check")).toMatchObject({ scopes: ["read-prices"], use: [expect.objectContaining({ count: 1 })] });
    expect(text).not.toContain(token);
    const db = await getDb();
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(text).not.toContain(row.tokenHash);
  });

  it("marks the operations a token may call in the OpenAPI document", async () => {
    const doc = (await new ApiClient("aurora.localhost").get("/api/openapi.json")).body as {
      paths: Record<string, Record<string, { "x-token-scope"?: string; security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    const marked = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op["x-token-scope"]] as const))
      .filter(([, scope]) => scope)
      .sort();
    expect(Object.fromEntries(marked)).toEqual({
      "GET /api/charts/readings": "read-consumption",
      "GET /api/dashboard/statistics/consumption": "read-consumption",
      "GET /api/dashboard/statistics/expenses": "read-consumption",
      "GET /api/dashboard/statistics/production": "read-consumption",
      "GET /api/dashboard/statistics/spot": "read-prices",
      "GET /api/invoices": "read-invoices",
      "GET /api/invoices/{invoiceNumber}": "read-invoices",
      "GET /api/usage-points/me": "read-consumption",
    });
    expect(doc.paths["/api/invoices"].get.security).toContainEqual({ personalToken: [] });
    expect(doc.paths["/api/me"].get.security).not.toContainEqual({ personalToken: [] });
    expect(doc.components.securitySchemes.personalToken).toMatchObject({ type: "http", scheme: "bearer" });
  });
});
