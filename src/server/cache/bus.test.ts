import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { useTestDatabase } from "@/test/db";
import { getDb } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { findSiteByHost, getSiteById, invalidateSiteCache } from "@/server/sites/sites";
import { hearsDatabase, invalidate, onInvalidate, startListening } from "./bus";

let cleanup: () => Promise<void>;
let engine: string;
beforeAll(async () => {
  ({ cleanup, engine } = await useTestDatabase());
  await startListening();
});
afterAll(async () => cleanup());

/** Renames the site in the database without telling any cache. */
async function renameQuietly(name: string) {
  const db = await getDb();
  await db.update(sites).set({ companyName: name }).where(eq(sites.id, "aurora"));
}

describe("the cache bus, seen through the site cache", () => {
  it("serves a site from memory until a change is announced", async () => {
    const original = (await getSiteById("aurora"))!.companyName;
    try {
      await renameQuietly("Unannounced Oy");
      // Unannounced, the remembered site still answers, by id and by host.
      expect((await getSiteById("aurora"))!.companyName).toBe(original);
      expect((await findSiteByHost("aurora.localhost"))!.companyName).toBe(original);
      await invalidateSiteCache();
      expect((await getSiteById("aurora"))!.companyName).toBe("Unannounced Oy");
      expect((await findSiteByHost("aurora.localhost"))!.companyName).toBe("Unannounced Oy");
    } finally {
      await renameQuietly(original);
      await invalidateSiteCache();
    }
  });

  it("does not keep a read that a change was announced during", async () => {
    const original = (await getSiteById("aurora"))!.companyName;
    await invalidateSiteCache();
    try {
      // The read starts, then a change is announced before it finishes: what it read may be what
      // the change replaced, so it may not be kept.
      const reading = getSiteById("aurora");
      await invalidateSiteCache();
      expect((await reading)!.companyName).toBe(original);
      await renameQuietly("Later Oy");
      expect((await getSiteById("aurora"))!.companyName).toBe("Later Oy");
    } finally {
      await renameQuietly(original);
      await invalidateSiteCache();
    }
  });
});

describe("the cache bus on PostgreSQL", () => {
  it.skipIf(process.env.TEST_DB !== "postgres")("drops once for its own announcement, and hears other processes' and the database's", async () => {
    await startListening();
    const dropped: string[] = [];
    onInvalidate(
      "reference",
      (key) => dropped.push(key),
      () => {},
    );
    const db = await getDb();
    const stamp = Date.now().toString(36);
    await invalidate("reference", `own-${stamp}`);
    // Another process's announcement, then the database's own: delivered in the order they were sent.
    await db.execute(sql`select pg_notify('portal_cache', ${`@another-process/reference:theirs-${stamp}`})`);
    await db.execute(sql`select pg_notify('portal_cache', ${`reference:database-${stamp}`})`);
    await expect.poll(() => dropped.includes(`database-${stamp}`), { timeout: 10_000, interval: 20 }).toBe(true);
    // Its own NOTIFY came back before the others: heard once, when it was announced, not again.
    expect(dropped.filter((k) => k.endsWith(stamp))).toEqual([`own-${stamp}`, `theirs-${stamp}`, `database-${stamp}`]);
  });

  it.skipIf(process.env.TEST_DB !== "postgres")("serves nothing from memory once its connection is lost, until it listens again", async () => {
    expect(engine).toBe("postgres");
    const db = await getDb();
    const [{ name: database }] = (await db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
    // Another database's connection changes this one (a database cannot refuse its own).
    const admin = new URL(process.env.DATABASE_URL!);
    admin.pathname = "/postgres";
    const server = postgres(admin.toString(), { max: 1, onnotice: () => {} });
    const allowConnections = (allow: boolean) => server.unsafe(`alter database "${database}" allow_connections ${allow}`);
    await startListening();
    expect(hearsDatabase()).toBe(true);
    const original = (await getSiteById("aurora"))!.companyName;
    await renameQuietly("Unheard Oy");
    // Listening, the remembered site answers.
    expect((await getSiteById("aurora"))!.companyName).toBe(original);
    try {
      // The listening connection is cut, and no new connection can listen again for now.
      await allowConnections(false);
      const cut = (await db.execute(
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and application_name = 'portal-cache-listener'`,
      )) as unknown as { done: boolean }[];
      expect(cut).toEqual([{ done: true }]);
      await expect.poll(() => hearsDatabase(), { timeout: 10_000, interval: 50 }).toBe(false);
      // Announcements may be missed now: the site is read from the database.
      expect((await getSiteById("aurora"))!.companyName).toBe("Unheard Oy");
      await allowConnections(true);
      // The next cached read listens again, and then announcements are heard as before.
      await expect.poll(() => hearsDatabase(), { timeout: 10_000, interval: 50 }).toBe(true);
      expect((await getSiteById("aurora"))!.companyName).toBe("Unheard Oy");
      await renameQuietly("Heard Oy");
      expect((await getSiteById("aurora"))!.companyName).toBe("Unheard Oy");
      await invalidateSiteCache();
      expect((await getSiteById("aurora"))!.companyName).toBe("Heard Oy");
    } finally {
      await allowConnections(true);
      await server.end();
      await renameQuietly(original);
      await invalidateSiteCache();
    }
  });
});
