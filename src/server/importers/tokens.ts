import "server-only";
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { importTokens } from "@/server/db/schema";

const PREFIX = "pit_";

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Creates a bearer token for a supplier system of a site; only its hash is stored, the token is shown once. */
export async function createImportToken(siteId: string, name: string): Promise<{ id: string; token: string }> {
  const token = `${PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const db = await getDb();
  const [row] = await db
    .insert(importTokens)
    .values({ siteId, name, tokenHash: hashToken(token) })
    .returning({ id: importTokens.id });
  return { id: row.id, token };
}

/** The live token of the site matching a bearer value, or null. Marks it used. */
export async function verifyImportToken(siteId: string, bearer: string): Promise<{ id: string; name: string } | null> {
  if (!bearer.startsWith(PREFIX) || bearer.length > 200) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: importTokens.id, name: importTokens.name })
    .from(importTokens)
    .where(and(eq(importTokens.tokenHash, hashToken(bearer)), eq(importTokens.siteId, siteId), isNull(importTokens.revokedAt)));
  if (!row) return null;
  await db
    .update(importTokens)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(importTokens.id, row.id), eq(importTokens.siteId, siteId)));
  return row;
}

export async function revokeImportToken(siteId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(importTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(importTokens.id, id), eq(importTokens.siteId, siteId), isNull(importTokens.revokedAt)))
    .returning({ id: importTokens.id });
  return rows.length > 0;
}
