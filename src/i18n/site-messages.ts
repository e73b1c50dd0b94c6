import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { siteTranslations } from "@/server/db/schema";
import { applyOverrides, loadLocaleMessages } from "./messages";
import type { MessageTree } from "./pseudo";

import { loadAndKeep, onInvalidate } from "@/server/cache/bus";

const TTL_MS = 30_000;
const cache = new Map<string, { at: number; value: MessageTree }>();
// A site's change (administrators' translations among them) reaches every process at once.
onInvalidate(
  "site",
  () => cache.clear(),
  () => cache.clear(),
);

/** The locale's messages with the site administrators' overrides layered on top. */
export async function getSiteMessages(siteId: string | null, locale: string): Promise<MessageTree> {
  const base = loadLocaleMessages(locale);
  if (!siteId) return base;
  const key = `${siteId}|${locale}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  return loadAndKeep(
    ["site"],
    async () => {
      const db = await getDb();
      const overrides = await db
        .select({ key: siteTranslations.key, value: siteTranslations.value })
        .from(siteTranslations)
        .where(and(eq(siteTranslations.siteId, siteId), eq(siteTranslations.locale, locale)));
      return applyOverrides(base, overrides);
    },
    (value) => cache.set(key, { at: Date.now(), value }),
  );
}

export function invalidateSiteMessages(siteId: string) {
  for (const key of cache.keys()) if (key.startsWith(`${siteId}|`)) cache.delete(key);
}
