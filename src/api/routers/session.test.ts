import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans } from "@/server/demo/seed";
import { listAudit } from "@/server/audit/audit";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

const aurora = () => demoPlans().find((p) => p.site.id === "aurora")!;

describe("sign-in, session and acting for customers", () => {
  it("signs in with the sandbox e-ID and lands in the person's own account", async () => {
    const api = new ApiClient("aurora.localhost");
    expect((await api.get("/api/session")).body.status).toBe("unauthenticated");
    const location = await api.signInSandbox("aurora", { identityId: "aurora-solar-household" }, "/dashboard");
    expect(location).toBe("/dashboard");
    const cookieName = [...api.cookies.keys()].find((k) => k.includes("session_token"));
    expect(cookieName).toBeDefined();
    const session = await api.get("/api/session");
    expect(session.status).toBe(200);
    const plan = aurora();
    const person = plan.people.find((p) => p.persona === "solar-household")!;
    const own = plan.customers.find((c) => c.owner?.id === person.id)!;
    expect(session.body.status).toBe("authenticated");
    expect(session.body.user.ssn).toBe(person.ssn);
    expect(session.body.user.verified).toBe(true);
    expect(session.body.userOrRepresentativeCode).toBe(own.clientCode);
    const me = await api.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.clientCode).toBe(own.clientCode);
    expect(me.body.role).toBe("owner");
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, path /, and a new token at each sign-in", async () => {
    const api = new ApiClient("aurora.localhost");
    const start = await api.raw("GET", "/api/auth/sandbox-eid/authorize?callbackURL=/");
    expect(start.status).toBe(302);
    await api.signInSandbox("aurora", { identityId: "aurora-apartment" });
    const first = [...api.cookies.entries()].find(([k]) => k.includes("session_token"))![1];
    const again = new ApiClient("aurora.localhost");
    const res = await again.raw("GET", "/api/auth/sandbox-eid/authorize?callbackURL=/");
    const state = new URL(res.headers.get("location")!, "http://x").searchParams.get("state")!;
    const { issueSandboxCode } = await import("@/server/auth/sandbox-broker");
    const { code } = await issueSandboxCode({ id: "aurora", country: "FI" }, state, { identityId: "aurora-apartment" });
    const done = await again.raw("GET", `/api/auth/sandbox-eid/callback?state=${state}&code=${code}`);
    const setCookie = done.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const second = [...again.cookies.entries()].find(([k]) => k.includes("session_token"))![1];
    expect(second).not.toBe(first);
  });

  it("refuses a reused or forged sandbox code", async () => {
    const api = new ApiClient("aurora.localhost");
    const res = await api.raw("GET", "/api/auth/sandbox-eid/authorize?callbackURL=/");
    const state = new URL(res.headers.get("location")!, "http://x").searchParams.get("state")!;
    const forged = await api.raw("GET", `/api/auth/sandbox-eid/callback?state=${state}&code=not-a-code`);
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toContain("/auth/error");
    expect([...api.cookies.keys()].some((k) => k.includes("session_token"))).toBe(false);
  });

  it("acts for another customer by representative code, switches back and forth", async () => {
    const plan = aurora();
    const api = new ApiClient("aurora.localhost");
    await api.signInSandbox("aurora", { identityId: "aurora-apartment" });
    const target = plan.customers.find((c) => c.kind === "legal")!;
    const bad = await api.post("/api/me/representatives", { representativeCode: "NOPE-NOPE" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: "representativeCode", message: "errors.representative-code-invalid" });
    const added = await api.post("/api/me/representatives", { representativeCode: target.representativeCode.toLowerCase() });
    expect(added.status).toBe(200);
    expect(added.body.customer).toMatchObject({ clientCode: target.clientCode, role: "representative" });
    expect((await api.get("/api/me")).body.clientCode).toBe(target.clientCode);
    expect((await api.get("/api/me")).body.representativeCode).toBeNull();
    const list = await api.get("/api/me/representatives");
    expect(list.body.customers).toHaveLength(2);
    const own = list.body.customers.find((c: { role: string }) => c.role === "owner");
    expect((await api.put("/api/me/active-customer", { customerId: own.id })).status).toBe(200);
    expect((await api.get("/api/me")).body.clientCode).toBe(own.clientCode);
    const stranger = plan.customers.find((c) => c.kind === "private" && c.id !== own.id && c.owner?.persona === null)!;
    expect((await api.put("/api/me/active-customer", { customerId: stranger.id })).status).toBe(404);
  });

  it("customer service opens a customer's account and every action is audited", async () => {
    const plan = aurora();
    const api = new ApiClient("aurora.localhost");
    await api.signInSandbox("aurora", { identityId: "aurora-customer-service" });
    expect((await api.get("/api/me")).status).toBe(403);
    const target = plan.customers[10];
    const opened = await api.post("/api/customer-service/open", { clientCode: target.clientCode });
    expect(opened.status).toBe(200);
    expect(api.cookies.get("cs-representative-code")).toBe(target.clientCode);
    const me = await api.get("/api/me");
    expect(me.body).toMatchObject({ clientCode: target.clientCode, role: "customer_service" });
    const audit = await listAudit("aurora", { customerId: target.id });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["customer-service:open", "api:GET /api/me"]));
    const customer = new ApiClient("aurora.localhost");
    await customer.signInSandbox("aurora", { identityId: "aurora-solar-household" });
    expect((await customer.post("/api/customer-service/open", { clientCode: target.clientCode })).status).toBe(403);
  });

  it("keeps a session of one site out of another site", async () => {
    const api = new ApiClient("aurora.localhost");
    await api.signInSandbox("aurora", { identityId: "aurora-solar-household" });
    const other = new ApiClient("laane.localhost");
    for (const [k, v] of api.cookies) other.cookies.set(k, v);
    expect((await other.get("/api/me")).status).toBe(404);
    expect((await other.get("/api/session")).body.status).toBe("unauthenticated");
  });

  it("answers an unknown host with a plain 404", async () => {
    const api = new ApiClient("evil.example");
    const res = await api.raw("GET", "/api/info");
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Not Found");
  });
});
