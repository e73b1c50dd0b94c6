import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { getDb } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { startListening } from "@/server/cache/bus";
import { findSiteByHost, getSiteById, invalidateSiteCache } from "./sites";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
  await startListening();
});
afterAll(async () => cleanup());

/** Renames the site in the database without telling any cache. */
async function renameQuietly(name: string) {
  const db = await getDb();
  await db.update(sites).set({ companyName: name }).where(eq(sites.id, "aurora"));
}

describe("the site cache", () => {
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
