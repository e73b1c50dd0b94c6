import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { getDb, queryRows } from "@/server/db/client";
import { authVerification, outboundMail } from "@/server/db/schema";
import { createSite, getSiteById } from "@/server/sites/sites";
import { issueSandboxCode } from "./sandbox-broker";
import { getAuth } from "./auth";
import { OFF_SITE, staysOnSite } from "@/lib/redirect-vectors";

/**
 * Sign-in and sessions as an attacker tries them: redirects off the site after sign-in, better-auth
 * endpoints the portal does not use, callbacks with a state from another browser, a cross-scheme
 * Origin, and secrets in what the browser can read. docs/security.md lists what each test covers.
 */

let cleanup: () => Promise<void>;
let broker: http.Server;
let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

/** A stand-in OIDC broker: discovery only, and a token endpoint that refuses every code. */
async function startBroker(): Promise<string> {
  broker = http.createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(broker.address() as AddressInfo).port}`;
    if (req.url === "/.well-known/openid-configuration") {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
        }),
      );
      return;
    }
    res.statusCode = 400;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ error: "invalid_grant" }));
  });
  await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(broker.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
  const issuer = await startBroker();
  await createSite({
    id: "oidc-sec",
    companyName: "Pohjoisvirta Oy",
    country: "FI",
    timezone: "Europe/Helsinki",
    defaultLocaleId: "fi-FI",
    locales: ["fi-FI", "en-GB"],
    themeId: "aalto",
    features: ["dashboard", "sign-in.email-only"],
    domains: ["oidc-sec.localhost"],
    auth: {
      sandboxEid: true,
      oidc: [{ id: "test-idp", name: "Test broker", issuer, clientId: "portal", clientSecret: "portal-secret", scopes: ["openid", "profile"], ssnClaim: "personal_identity_code" }],
    },
  });
});
afterAll(async () => {
  broker?.close();
  await cleanup();
});

async function oidcStart(client: ApiClient, callbackUrl: string) {
  const res = await client.raw("GET", `/api/sign-in/oidc/test-idp/start?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  const location = res.headers.get("location") ?? "";
  const state = location.startsWith("http://127.0.0.1") ? new URL(location).searchParams.get("state") : null;
  return { res, location, state };
}

async function storedOidcState(state: string): Promise<{ callbackURL: string; errorURL?: string }> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(authVerification)
    .where(like(authVerification.value, `%"oauthState":"${state}"%`));
  return JSON.parse(row.value);
}

async function mailedLink(to: string): Promise<URL> {
  const db = await getDb();
  for (let i = 0; i < 100; i++) {
    const [mail] = await db
      .select()
      .from(outboundMail)
      .where(and(eq(outboundMail.siteId, "aurora"), eq(outboundMail.to, to)));
    if (mail) return new URL(/https?:\/\/\S+magic-link\/verify\S+/.exec(mail.text)![0].replace(/[).,]+$/, ""));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in mail to ${to}`);
}

describe("redirects after sign-in stay on the site", () => {
  it("sandbox e-ID: every off-site target falls back to the locale's home, a same-site path is kept", async () => {
    const wrong: string[] = [];
    for (const target of OFF_SITE) {
      const api = new ApiClient("aurora.localhost", { ip: nextIp() });
      const location = await api.signInSandbox("aurora", { identityId: "aurora-apartment" }, target);
      if (location !== "/") wrong.push(`${JSON.stringify(target)} → ${JSON.stringify(location)}`);
    }
    expect(wrong).toEqual([]);
    const api = new ApiClient("aurora.localhost", { ip: nextIp() });
    expect(await api.signInSandbox("aurora", { identityId: "aurora-apartment" }, "/invoices?year=2025#open")).toBe("/invoices?year=2025#open");
  });

  it("sandbox e-ID: the fallback is the home of the locale the person uses", async () => {
    const api = new ApiClient("oidc-sec.localhost", { ip: nextIp() });
    api.cookies.set("NEXT_LOCALE", "en-GB");
    const start = await api.raw("GET", `/api/auth/sandbox-eid/authorize?callbackURL=${encodeURIComponent("//evil.example")}`);
    const state = new URL(start.headers.get("location")!, "http://x").searchParams.get("state")!;
    const { code } = await issueSandboxCode((await getSiteById("oidc-sec"))!, state, { ssn: "131052-308T", name: "Testi Henkilö" });
    const done = await api.raw("GET", `/api/auth/sandbox-eid/callback?state=${state}&code=${code}`);
    expect(done.headers.get("location")).toBe("/en");
  });

  it("OIDC start: the place to return to is stored only when it is on the site", async () => {
    const wrong: string[] = [];
    for (const target of OFF_SITE) {
      const { res, state } = await oidcStart(new ApiClient("oidc-sec.localhost", { ip: nextIp() }), target);
      if (res.status !== 302 || !state) {
        wrong.push(`${JSON.stringify(target)} → ${res.status}`);
        continue;
      }
      const stored = await storedOidcState(state);
      if (stored.callbackURL !== "/") wrong.push(`${JSON.stringify(target)} → ${JSON.stringify(stored.callbackURL)}`);
      if (!staysOnSite(stored.errorURL ?? null, "oidc-sec.localhost")) wrong.push(`${JSON.stringify(target)} error → ${stored.errorURL}`);
    }
    expect(wrong).toEqual([]);
    const { state } = await oidcStart(new ApiClient("oidc-sec.localhost", { ip: nextIp() }), "/en/invoices");
    expect((await storedOidcState(state!)).callbackURL).toBe("/en/invoices");
  });

  it("magic link request: the link in the mail returns only to the site", async () => {
    const wrong: string[] = [];
    for (const [i, target] of ["/%09/evil.example", "/%2F%2Fevil.example", "https://evil.example"].entries()) {
      const email = `redirect-${i}@example.com`;
      const res = await new ApiClient("aurora.localhost", { ip: nextIp() }).post("/api/sign-in/email", { email, callbackUrl: target });
      expect(res.status).toBe(200);
      const link = await mailedLink(email);
      if (link.searchParams.get("callbackURL") !== "/") wrong.push(`${JSON.stringify(target)} → ${link.searchParams.get("callbackURL")}`);
      for (const name of ["errorCallbackURL", "newUserCallbackURL"]) {
        const value = link.searchParams.get(name);
        if (value !== null && !staysOnSite(value, "aurora.localhost")) wrong.push(`${JSON.stringify(target)} ${name}=${JSON.stringify(value)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("magic link verify and better-auth's own callback parameters never redirect off the site", async () => {
    const wrong: string[] = [];
    for (const target of OFF_SITE) {
      for (const name of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
        const api = new ApiClient("aurora.localhost", { ip: nextIp() });
        const res = await api.raw("GET", `/api/auth/magic-link/verify?token=not-a-token&${name}=${encodeURIComponent(target)}`);
        const location = res.headers.get("location");
        if (res.status !== 302 || !staysOnSite(location, "aurora.localhost")) wrong.push(`${name}=${JSON.stringify(target)} → ${res.status} ${location}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** The better-auth endpoints the portal's pages and tests call over HTTP; every other one is closed. */
const OPEN_AUTH_ENDPOINTS = [
  "GET /sandbox-eid/authorize",
  "GET /sandbox-eid/callback",
  "GET /magic-link/verify",
  "GET /callback/:id",
  "POST /callback/:id",
  "POST /sign-out",
  "POST /revoke-other-sessions",
];

describe("better-auth endpoints the portal does not use are closed", () => {
  it("answers 404 in the API's error shape to every other endpoint, signed in or not", async () => {
    const site = (await getSiteById("aurora"))!;
    const auth = await getAuth(site, "http://aurora.localhost");
    const endpoints = new Set<string>();
    for (const endpoint of Object.values(auth.api) as { path?: string; options?: { method?: string | string[] } }[]) {
      if (!endpoint?.path) continue;
      const methods = [endpoint.options?.method ?? "GET"].flat().filter((m) => m === "GET" || m === "POST" || m === "*");
      for (const method of methods.flatMap((m) => (m === "*" ? ["GET", "POST"] : [m]))) endpoints.add(`${method} ${endpoint.path}`);
    }
    const closed = [...endpoints].filter((e) => !OPEN_AUTH_ENDPOINTS.includes(e)).sort();
    expect(closed).toEqual(
      expect.arrayContaining(["POST /update-user", "GET /get-session", "GET /list-sessions", "POST /delete-user", "POST /change-email", "POST /sign-in/social", "POST /sign-in/magic-link"]),
    );
    const signedIn = new ApiClient("aurora.localhost", { ip: nextIp() });
    await signedIn.signInSandbox("aurora", { identityId: "aurora-apartment" });
    const wrong: string[] = [];
    for (const endpoint of closed) {
      const [method, path] = endpoint.split(" ");
      for (const client of [signedIn, new ApiClient("aurora.localhost", { ip: nextIp() })]) {
        const res = await client.call(method, `/api/auth${path.replace(/:[a-zA-Z]+/g, "x")}`, method === "POST" ? { name: "Mallory" } : undefined);
        if (res.status !== 404 || (res.body as { error?: { code?: string } })?.error?.code !== "not_found") wrong.push(`${endpoint} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the verified name: update-user cannot change it, with any body", async () => {
    const api = new ApiClient("aurora.localhost", { ip: nextIp() });
    await api.signInSandbox("aurora", { identityId: "aurora-apartment" });
    const before = (await api.get("/api/session")).body.user.name;
    for (const body of [{ name: "Mallory" }, { image: "https://evil.example/x.png" }, null]) {
      const res = await api.call("POST", "/api/auth/update-user", JSON.stringify(body));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { code: "not_found", status: 404 } });
    }
    // A 1 MiB name: closed, or refused earlier by the request body limit; never stored.
    const huge = await api.call("POST", "/api/auth/update-user", JSON.stringify({ name: "x".repeat(1024 * 1024) }));
    expect([404, 413]).toContain(huge.status);
    expect(huge.body).toMatchObject({ error: { status: huge.status } });
    expect((await api.get("/api/session")).body.user.name).toBe(before);
  });

  it("never hands the national code's hash, its ciphertext or the session token to the browser", async () => {
    const api = new ApiClient("aurora.localhost", { ip: nextIp() });
    await api.signInSandbox("aurora", { identityId: "aurora-apartment" });
    const token = [...api.cookies.entries()].find(([k]) => k.includes("session_token"))![1].split(".")[0];
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/session"]) {
      const res = await api.raw("GET", path);
      const text = await res.text();
      expect(text).not.toMatch(/ssnHash|ssnCiphertext|ssn_hash|ssn_ciphertext/);
      expect(text).not.toContain(token);
    }
  });
});

describe("sign-in state is bound to the browser that started it", () => {
  it("sandbox e-ID: sets the state cookie HttpOnly and SameSite=Lax at the start", async () => {
    const api = new ApiClient("aurora.localhost", { ip: nextIp() });
    const start = await api.raw("GET", "/api/auth/sandbox-eid/authorize?callbackURL=/");
    const cookie = start.headers.getSetCookie().find((c) => c.includes("sandbox_eid_state"));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("sandbox e-ID: refuses a callback in another browser, with the state and code of someone else's flow", async () => {
    const attacker = new ApiClient("aurora.localhost", { ip: nextIp() });
    const start = await attacker.raw("GET", "/api/auth/sandbox-eid/authorize?callbackURL=/");
    const state = new URL(start.headers.get("location")!, "http://x").searchParams.get("state")!;
    const { code } = await issueSandboxCode({ id: "aurora", country: "FI" }, state, { identityId: "aurora-apartment" });
    const fresh = new ApiClient("aurora.localhost", { ip: nextIp() });
    // This one has started a sign-in of their own: a state cookie, but not this flow's.
    const midFlow = new ApiClient("aurora.localhost", { ip: nextIp() });
    await midFlow.raw("GET", "/api/auth/sandbox-eid/authorize?callbackURL=/");
    for (const victim of [fresh, midFlow]) {
      const done = await victim.raw("GET", `/api/auth/sandbox-eid/callback?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`);
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toMatch(/\/auth\/error\?error=StateMismatch$/);
      expect([...victim.cookies.keys()].some((k) => k.includes("session_token"))).toBe(false);
    }
    // The browser that started the flow still completes it.
    const done = await attacker.raw("GET", `/api/auth/sandbox-eid/callback?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`);
    expect(done.headers.get("location")).toBe("/");
    expect([...attacker.cookies.keys()].some((k) => k.includes("session_token"))).toBe(true);
  });

  it("OIDC broker: refuses a callback without the browser's state cookie before redeeming the code (PKCE verifier stays server-side)", async () => {
    const starter = new ApiClient("oidc-sec.localhost", { ip: nextIp() });
    const { location, state } = await oidcStart(starter, "/");
    expect(new URL(location).searchParams.get("code_challenge_method")).toBe("S256");
    expect(starter.cookies.size).toBeGreaterThan(0);
    const other = new ApiClient("oidc-sec.localhost", { ip: nextIp() });
    const forged = await other.raw("GET", `/api/auth/callback/test-idp?state=${encodeURIComponent(state!)}&code=stolen`);
    expect(forged.status).toBe(302);
    const forgedTo = new URL(forged.headers.get("location")!, "http://oidc-sec.localhost");
    expect(forgedTo.pathname).toMatch(/\/auth\/error$/);
    expect(forgedTo.searchParams.get("error")).toMatch(/state/i);
    expect([...other.cookies.keys()].some((k) => k.includes("session_token"))).toBe(false);
    // With the cookie the state is accepted, and the (refused) code exchange is what fails.
    const { state: own } = await oidcStart(starter, "/");
    const mine = await starter.raw("GET", `/api/auth/callback/test-idp?state=${encodeURIComponent(own!)}&code=refused`);
    const mineTo = new URL(mine.headers.get("location")!, "http://oidc-sec.localhost");
    expect(mineTo.pathname).toMatch(/\/auth\/error$/);
    expect(mineTo.searchParams.get("error")).not.toMatch(/state/i);
  });
});

describe("CSRF check compares the scheme, not only the host", () => {
  it("refuses an https Origin on an http site and an http Origin on an https site", async () => {
    const api = new ApiClient("aurora.localhost", { ip: nextIp() });
    await api.signInSandbox("aurora", { identityId: "aurora-apartment" });
    const post = (origin: string, proto?: string) =>
      api.raw("POST", "/api/logs", { body: { message: "csrf probe", level: "info" }, headers: { origin, ...(proto ? { "x-forwarded-proto": proto } : {}) } });
    expect((await post("https://aurora.localhost")).status).toBe(403);
    expect((await post("http://aurora.localhost", "https")).status).toBe(403);
    expect((await post("http://aurora.localhost")).status).toBe(201);
    expect((await post("https://aurora.localhost", "https")).status).toBe(201);
    const withPort = new ApiClient("aurora.localhost:8443", { ip: nextIp() });
    expect((await withPort.raw("POST", "/api/logs", { body: { message: "x", level: "info" }, headers: { origin: "https://aurora.localhost:8443" } })).status).toBe(403);
    expect((await withPort.raw("POST", "/api/logs", { body: { message: "x", level: "info" }, headers: { origin: "http://aurora.localhost:8443" } })).status).toBe(201);
  });
});

describe("sign-out", () => {
  it("clears the customer-service cookie with the session", async () => {
    const api = new ApiClient("aurora.localhost", { ip: nextIp() });
    await api.signInSandbox("aurora", { identityId: "aurora-customer-service" });
    const db = await getDb();
    const [{ client_code }] = await queryRows<{ client_code: string }>(db, sql`select client_code from customers where site_id = 'aurora' order by client_code limit 1`);
    expect((await api.post("/api/customer-service/open", { clientCode: client_code })).status).toBe(200);
    expect(api.cookies.get("cs-representative-code")).toBe(client_code);
    const out = await api.raw("POST", "/api/auth/sign-out", { body: {} });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith("cs-representative-code="));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(cleared).toMatch(/HttpOnly/i);
    expect(api.cookies.has("cs-representative-code")).toBe(false);
  });
});
