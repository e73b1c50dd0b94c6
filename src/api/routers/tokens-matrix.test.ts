import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { ApiClient, httpRequest } from "@/test/api-client";
import { demoPlans } from "@/server/demo/seed";
import { fixtureFor } from "@/api/matrix/fixtures";
import { TOKEN_RATE_LIMIT, TOKEN_SCOPES, type TokenScope } from "@/server/tokens/scopes";

/**
 * The authorization matrix for personal API tokens: reads the OpenAPI document and calls EVERY
 * endpoint with a token of each scope, from the owner of the resources, from another customer of
 * the same site and from a customer of another site. A token reaches only the operations marked
 * with its scope (403 elsewhere), never another customer's data, and nothing on another site.
 */
interface Operation {
  method: string;
  path: string;
  scope?: string;
  params: string[];
}

let cleanup: () => Promise<void>;
let operations: Operation[] = [];
const plan = () => demoPlans().find((p) => p.site.id === "aurora")!;
const owner = new ApiClient("aurora.localhost", { ip: "10.33.0.1" });
const sameSiteOther = new ApiClient("aurora.localhost", { ip: "10.33.0.2" });
const otherSite = new ApiClient("laane.localhost", { ip: "10.33.0.3" });

beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ full: true }));
  const doc = (await new ApiClient("aurora.localhost").get("/api/openapi.json")).body as {
    paths: Record<string, Record<string, { "x-token-scope"?: string; parameters?: { in: string; name: string }[] }>>;
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      operations.push({ method: method.toUpperCase(), path, scope: op["x-token-scope"], params: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name) });
    }
  }
  operations = operations.sort((a, b) => `${a.path}${a.method}`.localeCompare(`${b.path}${b.method}`));
  await owner.signInSandbox("aurora", { identityId: "aurora-solar-household" });
  await sameSiteOther.signInSandbox("aurora", { identityId: "aurora-apartment" });
  await otherSite.signInSandbox("laane", { identityId: "laane-solar-household" });
}, 600_000);
afterAll(async () => cleanup());

/** A token is refused before any parameter is looked at, except by the operations of its scope: those need the real fixture. */
const PLACEHOLDER = "00000000-0000-4000-8000-000000000000";
async function url(op: Operation): Promise<string> {
  let path = op.path;
  for (const name of op.params) {
    const value = op.scope ? await fixtureFor(name, { siteId: "aurora", plan: plan() }) : await fixtureFor(name, { siteId: "aurora", plan: plan() }).catch(() => PLACEHOLDER);
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  return path;
}

/** Tokens of one person and scope, a fresh one before the rate limit of the last is reached. */
function tokenSource(client: ApiClient, scope: TokenScope) {
  let current: { token: string; id: string; used: number } | undefined;
  return async () => {
    if (!current || current.used >= TOKEN_RATE_LIMIT.max - 5) {
      if (current) await client.call("DELETE", `/api/me/api-tokens/${current.id}`);
      const res = await client.post("/api/me/api-tokens", { name: `matrix ${scope}`, scopes: [scope], expiresInDays: 30 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      current = { token: res.body.token, id: res.body.apiToken.id, used: 0 };
    }
    current.used++;
    return current.token;
  };
}

async function call(token: string, op: Operation, host = "aurora.localhost") {
  const write = !["GET", "HEAD", "OPTIONS"].includes(op.method);
  const headers: Record<string, string> = { host, authorization: `Bearer ${token}` };
  if (write) headers["content-type"] = "application/json";
  const res = await httpRequest(op.method, await url(op), headers, write ? "{}" : undefined);
  return { status: res.status, text: await res.text() };
}

describe("authorization matrix with personal API tokens", () => {
  it("finds the operations a token may call", () => {
    expect(operations.filter((o) => o.scope).length).toBeGreaterThanOrEqual(8);
    expect(operations.every((o) => !o.scope || (TOKEN_SCOPES as readonly string[]).includes(o.scope))).toBe(true);
    // Only reads accept a token.
    expect(operations.filter((o) => o.scope && o.method !== "GET").map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  for (const scope of TOKEN_SCOPES) {
    it(`a ${scope} token of the owner reaches exactly the operations of its scope`, async () => {
      const next = tokenSource(owner, scope);
      const wrong: string[] = [];
      for (const op of operations) {
        const res = await call(await next(), op);
        if (op.scope === scope) {
          if (res.status === 401 || res.status === 403 || res.status >= 500) wrong.push(`${op.method} ${op.path} → ${res.status}`);
        } else if (res.status !== 403) wrong.push(`${op.method} ${op.path} → ${res.status} (expected 403)`);
      }
      expect(wrong).toEqual([]);
    }, 300_000);

    it(`a ${scope} token of another customer gets nothing of the owner's`, async () => {
      const next = tokenSource(sameSiteOther, scope);
      const a = plan().customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;
      const wrong: string[] = [];
      for (const op of operations.filter((o) => o.scope === scope)) {
        const res = await call(await next(), op);
        if (op.params.length > 0 && ![403, 404].includes(res.status)) wrong.push(`${op.method} ${op.path} → ${res.status}`);
        if (res.status < 300 && (res.text.includes(a.id) || res.text.includes(`"${a.clientCode}"`))) wrong.push(`${op.method} ${op.path} leaked the owner's data`);
      }
      expect(wrong).toEqual([]);
    }, 300_000);

    it(`a ${scope} token of another site is refused on every operation (401)`, async () => {
      const next = tokenSource(otherSite, scope);
      const wrong: string[] = [];
      for (const op of operations) {
        const res = await call(await next(), op);
        if (res.status !== 401) wrong.push(`${op.method} ${op.path} → ${res.status}`);
      }
      expect(wrong).toEqual([]);
    }, 300_000);
  }
});
