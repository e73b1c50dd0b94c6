import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { announcements } from "@/server/db/schema";
import { demoPlans } from "@/server/demo/seed";
import { demoAnnouncementIds, engagementSeeder } from "@/server/demo/engagement-seeder";
import { ANNOUNCEMENT_DEFAULT_DAYS, createAnnouncement, listAnnouncements } from "./announcements";
import { plainText } from "./sanitize";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

describe("announcement titles", () => {
  it("are plain text, escaped once: by React when shown, never already in the text", () => {
    expect(plainText("Tom & Jerry")).toBe("Tom & Jerry");
    expect(plainText('Prices "up" <b>5 %</b> & more')).toBe('Prices "up" 5 % & more');
    expect(plainText("R&amp;D &lt;team&gt; it's")).toBe("R&D <team> it's");
    expect(plainText("&amp;lt;")).toBe("&lt;");
    expect(plainText("<script>alert(1)</script>Hi<img src=x onerror=alert(1)>")).toBe("Hi");
  });

  it("reach the customer as written", async () => {
    const created = await createAnnouncement("aurora", { title: "Service break: invoices & payments <em>tonight</em>", contentHtml: "<p>A &amp; B</p>", locale: null, severity: "info" });
    expect(created.title).toBe("Service break: invoices & payments tonight");
    const listed = (await listAnnouncements("aurora", "en-GB")).find((a) => a.id === created.id)!;
    expect(listed.title).toBe("Service break: invoices & payments tonight");
    // The content is HTML (set as HTML by the page): its entities stay as they are.
    expect(listed.content).toBe("<p>A &amp; B</p>");
  });
});

describe("which announcements customers see", () => {
  const DAY = 86_400_000;
  const now = new Date("2026-06-15T12:00:00Z");
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const make = (title: string, publishedAt: Date, extra: { expiresAt?: Date | null; priority?: number } = {}) =>
    createAnnouncement("laane", { title, contentHtml: "<p>x</p>", locale: null, severity: "info", publishedAt, ...extra });

  it("leaves out those past their end date and, without one, those older than the default period; newest first", async () => {
    const fresh = await make("fresh", ago(1));
    const important = await make("older but important", ago(10), { priority: 50 });
    const lastDay = await make("last day of the period", ago(ANNOUNCEMENT_DEFAULT_DAYS - 1));
    const stale = await make("stale", ago(ANNOUNCEMENT_DEFAULT_DAYS + 1));
    const ended = await make("ended", ago(2), { expiresAt: ago(1) });
    const longRunning = await make("long running", ago(200), { expiresAt: new Date(now.getTime() + DAY) });
    const scheduled = await make("scheduled", new Date(now.getTime() + DAY));
    const ours = new Set([fresh, important, lastDay, stale, ended, longRunning, scheduled].map((a) => a.id));

    const shown = (await listAnnouncements("laane", "en-GB", now)).filter((a) => ours.has(a.id)).map((a) => a.title);
    expect(shown).toEqual(["fresh", "older but important", "last day of the period", "long running"]);
  });

  it("of two published at once, the more important comes first", async () => {
    const at = ago(3);
    const low = await make("low", at, { priority: 0 });
    const high = await make("high", at, { priority: 5 });
    const shown = (await listAnnouncements("laane", "en-GB", now)).filter((a) => a.id === low.id || a.id === high.id).map((a) => a.title);
    expect(shown).toEqual(["high", "low"]);
  });

  it("the demo's announcements are recent news whenever the demo is seeded", async () => {
    await engagementSeeder.run({ db: await getDb(), plans: demoPlans(), log: () => {} });
    const today = new Date();
    for (const plan of demoPlans()) {
      const rows = await (
        await getDb()
      )
        .select()
        .from(announcements)
        .where(inArray(announcements.id, demoAnnouncementIds(plan.site.id)));
      for (const r of rows) {
        expect(r.publishedAt.getTime()).toBeLessThanOrEqual(today.getTime());
        expect(today.getTime() - r.publishedAt.getTime()).toBeLessThan(30 * DAY);
        if (r.expiresAt) expect(r.expiresAt.getTime()).toBeGreaterThan(today.getTime());
      }
      const shown = await listAnnouncements(plan.site.id, "en-GB");
      const demo = shown.filter((a) => demoAnnouncementIds(plan.site.id).includes(a.id));
      expect(demo.length).toBeGreaterThan(0);
      expect(demo.map((a) => a.publishedAt)).toEqual([...demo.map((a) => a.publishedAt)].sort().reverse());
    }
  });
});
