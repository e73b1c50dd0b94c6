import "server-only";
import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { authVerification, sandboxIdentities } from "@/server/db/schema";
import { isValidSsn } from "@/lib/identity-codes";
import { AppError, notFound } from "@/server/errors";

/**
 * The provider side of the sandbox e-identification service: its test identities and the
 * one-time codes it hands back to the portal after a person confirms.
 */
export async function listSandboxIdentities(siteId: string) {
  const db = await getDb();
  return db.select().from(sandboxIdentities).where(eq(sandboxIdentities.siteId, siteId)).orderBy(asc(sandboxIdentities.sortOrder));
}

export async function isPendingState(state: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(authVerification)
    .where(eq(authVerification.identifier, `sandbox-eid-state:${state}`));
  return !!row && row.expiresAt > new Date();
}

/** Issues the code for a chosen test identity, or for a typed national code valid in the site's country. */
export async function issueSandboxCode(
  site: { id: string; country: string },
  state: string,
  who: { identityId: string } | { ssn: string; name: string },
): Promise<{ code: string; controlCode: string }> {
  if (!(await isPendingState(state))) throw notFound("api.errors.sign-in-expired");
  const db = await getDb();
  let ssn: string;
  let name: string;
  if ("identityId" in who) {
    const [identity] = await db
      .select()
      .from(sandboxIdentities)
      .where(and(eq(sandboxIdentities.siteId, site.id), eq(sandboxIdentities.id, who.identityId)));
    if (!identity) throw notFound();
    ssn = identity.ssn;
    name = identity.name;
  } else {
    if (!isValidSsn(site.country, who.ssn)) {
      throw new AppError("validation", "api.errors.validation", { fields: [{ path: "ssn", code: "invalid", message: "errors.ssn-invalid" }] });
    }
    ssn = who.ssn.trim().toUpperCase();
    name = who.name.trim() || ssn;
  }
  const code = crypto.randomBytes(24).toString("base64url");
  await db.insert(authVerification).values({
    id: crypto.randomUUID(),
    identifier: `sandbox-eid-code:${code}`,
    value: JSON.stringify({ state, ssn, name }),
    expiresAt: new Date(Date.now() + 2 * 60_000),
  });
  // Smart-ID and Mobile-ID show a four-digit control code the person compares on their device.
  const controlCode = String(parseInt(crypto.createHash("sha256").update(code).digest("hex").slice(0, 8), 16) % 10000).padStart(4, "0");
  return { code, controlCode };
}
