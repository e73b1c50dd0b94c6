import "server-only";
import { eq } from "drizzle-orm";
import { env } from "@/lib/env";
import { cacheReady, loadAndKeep } from "@/server/cache/bus";
import { SESSION_CACHE_TOPICS, sessionCache, sessionChanged, sessionMissCache, SESSION_COOKIE, type PortalSession, type SessionLookup } from "./session-cache";
import { getDb } from "@/server/db/client";
import { authSession } from "@/server/db/schema";
import type { Site } from "@/server/sites/sites";
import { personAccess } from "@/server/customers/access";
import { getAuth, requestOrigin } from "./auth";
import { decryptSsn } from "./ssn-crypto";
import { sessionMaxMs } from "./session-refresh";

export type { PortalSession, SessionLookup };

const NONE: SessionLookup = Object.freeze({ kind: "none" });

/** Reads the session of a request for a site. A session of another site is reported as foreign, never used. */
export async function loadSession(site: Site, headers: Headers, url?: string): Promise<SessionLookup> {
  const cookie = headers.get("cookie") ?? "";
  const token = SESSION_COOKIE.exec(cookie)?.[1];
  if (!token) return { kind: "none" };
  const key = `${site.id}|${site.updatedAt.getTime()}|${token}`;
  const useCache = env().SESSION_CACHE_SECONDS > 0;
  const cache = sessionCache();
  if (useCache && cacheReady()) {
    if (sessionMissCache().has(key)) return NONE;
    const hit = cache.get(key);
    if (hit && hit.expiresAt > Date.now()) {
      if (hit.lookup.kind !== "ok") return hit.lookup;
      // Whether the identity check is recent enough depends on the time of this request.
      const session = hit.lookup.session;
      const verified = isRecentlyVerified(site, session.person.verifiedAt);
      return verified === session.verified ? hit.lookup : { kind: "ok", session: { ...session, verified } };
    }
  }
  return loadAndKeep(
    SESSION_CACHE_TOPICS,
    () => lookupSession(site, headers, url),
    (lookup) => {
      if (!useCache) return;
      if (lookup.kind === "none") {
        sessionMissCache().set(key, true);
        return;
      }
      const s = lookup.kind === "ok" ? lookup.session : null;
      cache.set(key, { lookup, sessionId: s?.id ?? "", userId: s?.person.id ?? "", expiresAt: s ? s.expiresAt.getTime() : Date.now() + 60_000 });
    },
  );
}

async function lookupSession(site: Site, headers: Headers, url?: string): Promise<SessionLookup> {
  const auth = await getAuth(site, requestOrigin(headers, url));
  const result = await auth.api.getSession({ headers });
  if (!result) return { kind: "none" };
  const user = result.user as typeof result.user & Record<string, unknown>;
  if (user.siteId !== site.id) return { kind: "foreign" };
  const raw = result.session as typeof result.session & { activeCustomerId?: string | null; customerService?: boolean };
  if (new Date(raw.createdAt).getTime() + sessionMaxMs(site) < Date.now()) {
    const db = await getDb();
    await db.delete(authSession).where(eq(authSession.id, raw.id));
    await sessionChanged(raw.id);
    return { kind: "none" };
  }
  // One statement for the customers, the staff roles and the customer a customer-service session has open.
  const staffCustomerId = raw.customerService && raw.activeCustomerId ? raw.activeCustomerId : null;
  const { customers, roles, staffCustomer } = await personAccess(site.id, user.id, staffCustomerId);
  let activeCustomer = customers.find((c) => c.id === raw.activeCustomerId) ?? null;
  let customerService = false;
  if (staffCustomerId && roles.includes("customer_service") && staffCustomer) {
    activeCustomer = { ...staffCustomer, role: "customer_service" };
    customerService = true;
  }
  if (!activeCustomer && !raw.customerService) activeCustomer = customers[0] ?? null;
  const verifiedAt = user.verifiedAt ? new Date(user.verifiedAt as string | Date) : null;
  return {
    kind: "ok",
    session: {
      id: raw.id,
      token: raw.token,
      createdAt: new Date(raw.createdAt),
      expiresAt: new Date(raw.expiresAt),
      person: {
        id: user.id,
        name: user.name,
        ssn: decryptSsn(user.ssnCiphertext as string | null),
        identityKind: user.identityKind === "SsnVerified" ? "SsnVerified" : "EmailVerified",
        contactEmail: (user.contactEmail as string | null) ?? null,
        verifiedAt,
      },
      verified: isRecentlyVerified(site, verifiedAt),
      roles,
      customers,
      activeCustomer,
      customerService,
    },
  };
}

function isRecentlyVerified(site: Site, verifiedAt: Date | null): boolean {
  return !!verifiedAt && Date.now() - verifiedAt.getTime() < site.verificationMaxAgeSeconds * 1000;
}
