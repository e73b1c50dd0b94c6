import "server-only";
import { eq } from "drizzle-orm";
import { env } from "@/lib/env";
import { getDb } from "@/server/db/client";
import { authSession } from "@/server/db/schema";
import type { Site } from "@/server/sites/sites";
import { personAccess, type AccessibleCustomer } from "@/server/customers/access";
import { getAuth, requestOrigin } from "./auth";
import { decryptSsn } from "./ssn-crypto";

export interface PortalSession {
  id: string;
  token: string;
  createdAt: Date;
  expiresAt: Date;
  person: {
    id: string;
    name: string;
    ssn: string | null;
    identityKind: "SsnVerified" | "EmailVerified";
    contactEmail: string | null;
    verifiedAt: Date | null;
  };
  /** True while the last verification is younger than the site's verification period (spec §4). */
  verified: boolean;
  roles: ("customer_service" | "site_admin")[];
  customers: AccessibleCustomer[];
  activeCustomer: AccessibleCustomer | null;
  customerService: boolean;
}

export type SessionLookup = { kind: "none" } | { kind: "foreign" } | { kind: "ok"; session: PortalSession };

/** Reads the session of a request for a site. A session of another site is reported as foreign, never used. */
export async function loadSession(site: Site, headers: Headers, url?: string): Promise<SessionLookup> {
  if (!(headers.get("cookie") ?? "").includes("session_token")) return { kind: "none" };
  const auth = await getAuth(site, requestOrigin(headers, url));
  const result = await auth.api.getSession({ headers });
  if (!result) return { kind: "none" };
  const user = result.user as typeof result.user & Record<string, unknown>;
  if (user.siteId !== site.id) return { kind: "foreign" };
  const raw = result.session as typeof result.session & { activeCustomerId?: string | null; customerService?: boolean };
  const absoluteMs = env().SESSION_ABSOLUTE_HOURS * 3600_000;
  if (new Date(raw.createdAt).getTime() + absoluteMs < Date.now()) {
    const db = await getDb();
    await db.delete(authSession).where(eq(authSession.id, raw.id));
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
      verified: !!verifiedAt && Date.now() - verifiedAt.getTime() < site.verificationMaxAgeSeconds * 1000,
      roles,
      customers,
      activeCustomer,
      customerService,
    },
  };
}
