import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient, httpRequest } from "@/test/api-client";
import { getDb, queryRows } from "@/server/db/client";
import { OFF_SITE, staysOnSite } from "@/lib/redirect-vectors";

let cleanup: () => Promise<void>;
const api = new ApiClient("aurora.localhost");
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
  await api.signInSandbox("aurora", { identityId: "aurora-solar-household" });
});
afterAll(async () => cleanup());

const customerRow = async () => {
  const db = await getDb();
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select email, phone, locale, marketing, updated_at from customers where client_code = '100001' and site_id = 'aurora'`);
  return JSON.stringify(row);
};
const logCount = async () => {
  const db = await getDb();
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from client_logs`);
  return Number(row.n);
};

/** Values that are not a valid profile update: wrong types, unknown keys, bad formats, odd strings. */
const badProfile = fc.oneof(
  fc.anything(),
  fc.record({ email: fc.oneof(fc.string(), fc.integer(), fc.constant("not-an-email"), fc.constant("a@b")) }),
  fc.record({
    phone: fc.oneof(
      fc.string({ maxLength: 40 }).filter((s) => !/^\+?[0-9][0-9 ()-]{5,19}$/.test(s.trim())),
      fc.integer(),
      fc.boolean(),
    ),
  }),
  fc.record({ locale: fc.oneof(fc.constant("de-DE"), fc.string({ maxLength: 20 }), fc.integer()) }),
  fc.record({ marketing: fc.oneof(fc.anything(), fc.record({ email: fc.string(), phone: fc.boolean() })) }),
  fc.dictionary(
    fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !["email", "phone", "locale", "marketing"].includes(k)),
    fc.anything(),
    { minKeys: 1 },
  ),
);

describe("bad input never breaks the API or changes anything", () => {
  it("PUT /api/me: rejected with 422 (or 400 for unreadable JSON), never a 5xx, nothing stored", async () => {
    let before = await customerRow();
    await fc.assert(
      fc.asyncProperty(badProfile, async (body) => {
        const res = await api.call("PUT", "/api/me", body === undefined ? "" : (JSON.stringify(body) ?? "null"));
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) {
          // A random value can happen to be a valid update ({} or a well-formed address): it is kept.
          before = await customerRow();
          return;
        }
        expect([400, 422]).toContain(res.status);
        expect(res.body.error).toMatchObject({ status: res.status });
        expect(await customerRow()).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it("PUT /api/me with field errors names the fields", async () => {
    const res = await api.put("/api/me", { email: "nope", locale: "de-DE" });
    expect(res.status).toBe(422);
    const paths = res.body.error.details.fields.map((f: { path: string }) => f.path);
    expect(paths).toContain("email");
  });

  it("PUT /api/me accepts a valid update and refuses a language the site does not offer", async () => {
    const ok = await api.put("/api/me", { email: "veikko@example.fi", phone: "+358 40 1234567", marketing: { email: true, phone: false } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: "veikko@example.fi", phone: "+358 40 1234567", marketing: { email: true, phone: false } });
    const before = await customerRow();
    const bad = await api.put("/api/me", { locale: "lv-LV" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: "locale", message: "errors.locale-not-available" });
    expect(await customerRow()).toBe(before);
  });

  it("POST /api/logs: bad records are refused and nothing is stored", async () => {
    const before = await logCount();
    const badLog = fc.oneof(
      fc.anything(),
      fc.record({
        // Too long even after trimming: a long string with spaces at its ends may trim to a valid one.
        message: fc.oneof(
          fc.constant(""),
          fc.integer(),
          fc.string({ minLength: 2001, maxLength: 2100 }).map((s) => `x${s.slice(1, -1)}x`),
        ),
        level: fc.constantFrom("info", "error"),
      }),
      fc.record({ message: fc.string({ minLength: 1 }), level: fc.string().filter((l) => !["debug", "info", "warn", "error"].includes(l)) }),
      fc.record({ message: fc.constant("x"), level: fc.constant("info"), extra: fc.anything().filter((v) => v !== undefined) }),
    );
    await fc.assert(
      fc.asyncProperty(badLog, async (body) => {
        const res = await api.call("POST", "/api/logs", JSON.stringify(body) ?? "null");
        expect(res.status).toBeLessThan(500);
        expect(res.status).not.toBe(201);
        expect(await logCount()).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it("POST /api/logs stores a valid record with the client id from the user-id cookie", async () => {
    const client = new ApiClient("aurora.localhost");
    client.cookies.set("user-id", "client-abc-123");
    const res = await client.post("/api/logs", { message: "Render failed", level: "error", payload: { stack: "x" } });
    expect(res.status).toBe(201);
    const db = await getDb();
    const [row] = await queryRows<{ client_id: string; message: string }>(db, sql`select client_id, message from client_logs where id = ${res.body.id}`);
    expect(row).toMatchObject({ client_id: "client-abc-123", message: "Render failed" });
  });

  it("places to return to after sign-in: any value leads to a path on the site, never a 5xx", async () => {
    const piece = fc.constantFrom("/", "//", "\\", "%2F", "%5C", "%25", "%09", "\t", "\n", "..", "%2e", "evil.example", "@", ":", "?", "#", "https:", " ");
    const target = fc.oneof(
      fc.constantFrom(...OFF_SITE),
      fc.string(),
      fc.array(piece, { maxLength: 8 }).map((p) => p.join("")),
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(target, fc.constantFrom("callbackURL", "errorCallbackURL", "newUserCallbackURL"), async (value, name) => {
        // A client address per run: the sign-in rate limit is not what is tested here.
        const client = new ApiClient("aurora.localhost", { ip: `192.0.2.${(n++ % 250) + 1}` });
        const res = await client.raw("GET", `/api/auth/magic-link/verify?token=not-a-token&${name}=${encodeURIComponent(value)}`);
        expect(res.status).toBe(302);
        expect(staysOnSite(res.headers.get("location"), "aurora.localhost")).toBe(true);
      }),
      { numRuns: 120 },
    );
  });

  it("POST /api/auth/update-user: closed (404 in the API's error shape) whatever the body, nothing changed", async () => {
    const before = (await api.get("/api/session")).body.user.name;
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ name: fc.oneof(fc.string(), fc.constant(null)), image: fc.oneof(fc.string(), fc.constant(null)) })), async (body) => {
        const res = await api.call("POST", "/api/auth/update-user", JSON.stringify(body) ?? "null");
        expect(res.status).toBe(404);
        expect(res.body.error).toMatchObject({ code: "not_found", status: 404 });
      }),
      { numRuns: 60 },
    );
    // A body over the API's limit (1 MiB) is refused with 413 before any route is looked up.
    expect([404, 413]).toContain((await api.post("/api/auth/update-user", { name: "x".repeat(1024 * 1024) })).status);
    expect((await api.get("/api/session")).body.user.name).toBe(before);
  });
});

interface Operation {
  method: string;
  path: string;
  operationId: string;
  pathParams: string[];
  queryParams: string[];
  body: unknown;
}
type SchemaObject = { $ref?: string; type?: string | string[]; properties?: Record<string, SchemaObject>; items?: SchemaObject; enum?: unknown[]; anyOf?: SchemaObject[]; oneOf?: SchemaObject[] };

/** A body shaped like the operation's request schema whose every free string is `bad`, so it gets past the parser to the service. */
function shapedBody(schema: SchemaObject | undefined, components: Record<string, SchemaObject>, bad: string, depth = 0): unknown {
  if (!schema || depth > 5) return bad;
  if (schema.$ref) return shapedBody(components[schema.$ref.split("/").pop()!], components, bad, depth + 1);
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alt) return shapedBody(alt, components, bad, depth + 1);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, shapedBody(v, components, bad, depth + 1)]));
  }
  if (type === "array") return [shapedBody(schema.items, components, bad, depth + 1)];
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  return bad;
}

const nested = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
/** Broken values for path and query parameters: invalid UTF-8, NUL, a lone surrogate, a bare percent sign. */
const BAD_PARAMS = ["%ff", "%00", "a%00b", "%ED%A0%80", "%", "%C0%AF"];
/** Broken bodies: [content type (undefined: none), body]. */
const brokenBodies = (op: Operation): [string | undefined, string | Buffer][] => [
  ["application/json", JSON.stringify(op.body ?? {})],
  ["application/json", JSON.stringify({ value: "a\u0000b" })],
  ["application/json", '{"value":"\\ud800x","\\udc00":"\\u0000"}'],
  ["application/json", "[".repeat(5000) + "]".repeat(5000)],
  ["application/json", nested(5000)],
  ["application/json", Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d])],
  // A raw NUL byte inside a string.
  ["application/json", Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x00, 0x22, 0x7d])],
  ["application/json", "{not json"],
  ["text/plain", JSON.stringify(op.body ?? {})],
  ["application/xml", "<a>b</a>"],
  ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--\r\n'],
  ["text/csv", "gsrn,timestamp\n\u0000,%ff\n"],
  [undefined, JSON.stringify(op.body ?? {})],
];

describe("every endpoint of the OpenAPI document takes broken bytes without a 5xx", () => {
  let operations: Operation[] = [];
  beforeAll(async () => {
    const doc = (await new ApiClient("aurora.localhost").get("/api/openapi.json")).body as {
      paths: Record<string, Record<string, { operationId: string; parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: SchemaObject }> } }>>;
      components: { schemas: Record<string, SchemaObject> };
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.["application/json"]?.schema;
        operations.push({
          method: method.toUpperCase(),
          path,
          operationId: op.operationId,
          pathParams: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
          queryParams: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
          body: schema ? shapedBody(schema, doc.components.schemas, "a\u0000b\ud800") : { value: "a\u0000b" },
        });
      }
    }
    // Signing out ends the callers' sessions: those go last, so the rest run signed in.
    const last = (o: Operation) => (/sign-?out|revoke|delete/i.test(o.operationId) ? 1 : 0);
    operations = operations.sort((a, b) => last(a) - last(b) || `${a.path}${a.method}`.localeCompare(`${b.path}${b.method}`));
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.every((o) => o.path.startsWith("/api/"))).toBe(true);
  });

  async function send(client: ApiClient | null, method: string, path: string, contentType?: string, body?: string | Buffer) {
    const headers: Record<string, string> = { host: "aurora.localhost", origin: "http://aurora.localhost", "x-forwarded-for": "10.9.8.7" };
    if (client?.cookieHeader()) headers.cookie = client.cookieHeader();
    if (contentType) headers["content-type"] = contentType;
    return httpRequest(method, path, headers, body);
  }

  async function expectNo5xx(res: Response, what: string) {
    expect(res.status, what).toBeLessThan(500);
    if (res.status >= 400) {
      const text = await res.text();
      let body: { error?: { code?: unknown; message?: unknown; status?: unknown } } | null = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      expect(body?.error, `${what}: ${text.slice(0, 200)}`).toMatchObject({ code: expect.any(String), message: expect.any(String), status: res.status });
    } else await res.arrayBuffer();
  }

  it("as anonymous, a customer and a site administrator: broken paths, queries and bodies answer 4xx in the error shape", { timeout: 300_000 }, async () => {
    const customer = new ApiClient("aurora.localhost");
    await customer.signInSandbox("aurora", { identityId: "aurora-solar-household" });
    const admin = new ApiClient("aurora.localhost");
    await admin.signInSandbox("aurora", { identityId: "aurora-site-admin" });
    for (const [who, client] of [
      ["anonymous", null],
      ["customer", customer],
      ["site admin", admin],
    ] as const) {
      for (const op of operations) {
        const fill = (value: string) => `${op.path.replace(/\{[^}]+\}/g, value)}`;
        const plain = fill("x1");
        const hasBody = op.method !== "GET" && op.method !== "HEAD";
        const json = hasBody ? JSON.stringify(op.body ?? {}) : undefined;
        const type = hasBody ? "application/json" : undefined;
        for (const bad of BAD_PARAMS) {
          if (op.pathParams.length) await expectNo5xx(await send(client, op.method, fill(bad), type, json), `${who} ${op.method} ${fill(bad)}`);
          for (const name of [...op.queryParams, "q"]) {
            const url = `${plain}?${name}=${bad}`;
            await expectNo5xx(await send(client, op.method, url, type, json), `${who} ${op.method} ${url}`);
          }
          await expectNo5xx(await send(client, op.method, `${plain}?${bad}=1`, type, json), `${who} ${op.method} ${plain}?${bad}=1`);
        }
        if (!hasBody) continue;
        for (const [contentType, body] of brokenBodies(op)) {
          const what = `${who} ${op.method} ${plain} ${contentType ?? "(no type)"} ${String(body).slice(0, 60)}`;
          await expectNo5xx(await send(client, op.method, plain, contentType, body), what);
        }
      }
    }
  });
});

describe("text the database cannot store", () => {
  it("answers 400 in the error shape, not 500, when PostgreSQL refuses it", async () => {
    const { createApp } = await import("../app");
    const app = createApp();
    app.get("/unstorable", () => {
      throw Object.assign(new Error("Failed query"), { cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" }) });
    });
    const res = await app.request("http://aurora.localhost/api/unstorable", { headers: { host: "aurora.localhost" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "bad_request", message: "api.errors.unreadable-body", status: 400 } });
  });
});
