import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { announcements } from "@/server/db/schema";
import { XSS_VECTORS } from "@/server/announcements/xss-corpus";

let cleanup: () => Promise<void>;
const admin = new ApiClient("aurora.localhost", { ip: "10.33.0.1" });
const customer = new ApiClient("aurora.localhost", { ip: "10.33.0.2" });
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  await admin.signInSandbox("aurora", { identityId: "aurora-site-admin" });
  await customer.signInSandbox("aurora", { identityId: "aurora-solar-household" });
  // Announcements answer for the browser's own client id (the user-id cookie).
  customer.cookies.set("user-id", "client-1");
});
afterAll(async () => cleanup());

const BASE = "/api/admin/site/aurora/announcements";
const seen = async (locale: string) => ((await customer.get(`/api/announcements/client-1?locale=${locale}`)).body.announcements as { id: string; content: string }[]).map((a) => a.id);
async function rows() {
  const db = await getDb();
  return JSON.stringify(await db.select().from(announcements).where(eq(announcements.siteId, "aurora")).orderBy(announcements.id));
}

describe("announcements", () => {
  it("writes an announcement in one locale: customers see it in that locale only; withdrawing hides it", async () => {
    const res = await admin.post(BASE, {
      title: "Huoltokatko",
      contentHtml: '<p>Katko <strong>tänään</strong> <a href="https://aurora.example/x">lisää</a></p>',
      locale: "fi-FI",
      severity: "warning",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: "Huoltokatko", locale: "fi-FI", status: "live" });
    expect(await seen("fi-FI")).toContain(res.body.id);
    expect(await seen("en-GB")).not.toContain(res.body.id);
    const shown = ((await customer.get("/api/announcements/client-1?locale=fi-FI")).body.announcements as { id: string; content: string }[]).find((a) => a.id === res.body.id)!;
    expect(shown.content).toContain('rel="noopener noreferrer"');
    const gone = await admin.post(`${BASE}/withdraw`, { announcementId: res.body.id });
    expect(gone.status).toBe(200);
    expect(gone.body.status).toBe("ended");
    expect(await seen("fi-FI")).not.toContain(res.body.id);
    const history = (await admin.get("/api/admin/site/aurora/audit")).body.entries.map((e: { action: string }) => e.action);
    expect(history).toEqual(expect.arrayContaining(["announcement.create", "announcement.withdraw"]));
  });

  it("schedules one for later: not shown until then, listed as scheduled", async () => {
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await admin.post(BASE, { title: "Coming", contentHtml: "<p>Soon</p>", locale: null, severity: "info", publishedAt: later });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("scheduled");
    expect(await seen("en-GB")).not.toContain(res.body.id);
    const list = (await admin.get(BASE)).body.announcements as { id: string; status: string }[];
    expect(list.find((a) => a.id === res.body.id)?.status).toBe("scheduled");
  });

  it("sanitizes on save: no script, handler or javascript: link is stored", async () => {
    for (const vector of XSS_VECTORS.slice(0, 30)) {
      const res = await admin.post(BASE, { title: "x", contentHtml: `<p>text</p>${vector}`, locale: null, severity: "info" });
      expect(res.status).toBeLessThan(500);
      if (res.status !== 201) continue;
      const db = await getDb();
      const [row] = await db.select().from(announcements).where(eq(announcements.id, res.body.id));
      expect(row.contentHtml).not.toMatch(/<script|\bon\w+\s*=|javascript:/i);
      await admin.post(`${BASE}/withdraw`, { announcementId: res.body.id });
    }
  });

  it("refuses a locale the site does not offer, an end before the start, and another site's announcement", async () => {
    const before = await rows();
    expect((await admin.post(BASE, { title: "x", contentHtml: "<p>x</p>", locale: "lv-LV", severity: "info" })).status).toBe(422);
    expect((await admin.post(BASE, { title: "x", contentHtml: "<p>x</p>", locale: null, severity: "info", publishedAt: "2030-01-02T00:00:00Z", expiresAt: "2030-01-01T00:00:00Z" })).status).toBe(422);
    expect((await admin.post(BASE, { title: "x", contentHtml: "<script>alert(1)</script>", locale: null, severity: "info" })).status).toBe(422);
    expect((await admin.post(`${BASE}/withdraw`, { announcementId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await admin.post("/api/admin/site/laane/announcements", { title: "x", contentHtml: "<p>x</p>", locale: null, severity: "info" })).status).toBe(404);
    expect(await rows()).toBe(before);
  });

  it("bad input never answers 5xx and a refusal stores nothing", async () => {
    let before = await rows();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({ title: fc.string(), contentHtml: fc.string(), locale: fc.oneof(fc.constant(null), fc.string()), severity: fc.string(), publishedAt: fc.string() }),
          fc.record({ announcementId: fc.oneof(fc.uuid(), fc.string()) }),
        ),
        fc.constantFrom(BASE, `${BASE}/withdraw`),
        async (body, url) => {
          const res = await admin.call("POST", url, JSON.stringify(body) ?? "null");
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(await rows()).toBe(before);
          else before = await rows();
        },
      ),
      { numRuns: 80 },
    );
  });
});
