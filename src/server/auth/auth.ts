import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, genericOAuth, magicLink } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { authSecret, env } from "@/lib/env";
import { getDb, getState } from "@/server/db/client";
import { authAccount, authRateLimit, authSession, authUser, authVerification } from "@/server/db/schema";
import type { Site } from "@/server/sites/sites";
import { linkPersonToOwnCustomers, listAccessibleCustomers } from "@/server/customers/access";
import { sendMail } from "@/server/providers/mail/mailer";
import { magicLinkMailTo } from "./mail-templates";
import { personSessionsChanged, sessionChanged } from "./session-cache";
import { sandboxEid } from "./sandbox-eid";
import { encryptSsn, hashSsn } from "./ssn-crypto";
import { parseIdentityKey, ssnIdentityKey } from "./identity-keys";

/**
 * better-auth keeps only declared input fields of a provider's profile, and the national code
 * must never be an input field. The profile mapping leaves it here, keyed by the identity key,
 * for the user-creation hook of the same request to store (hashed and encrypted).
 */
const PENDING_SSN = new Map<string, { ssn: string; at: number }>();
function rememberSsn(identityKey: string, ssn: string) {
  const now = Date.now();
  for (const [k, v] of PENDING_SSN) if (now - v.at > 60_000) PENDING_SSN.delete(k);
  PENDING_SSN.set(identityKey, { ssn, at: now });
}

async function createAuth(site: Site, origin: string) {
  const db = await getDb();
  const e = env();
  const oidcProviders = site.auth.oidc ?? [];
  return betterAuth({
    appName: site.companyName,
    baseURL: origin,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [origin],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification, rateLimit: authRateLimit },
    }),
    user: {
      additionalFields: {
        siteId: { type: "string", required: false, input: false },
        ssnHash: { type: "string", required: false, input: false },
        ssnCiphertext: { type: "string", required: false, input: false },
        contactEmail: { type: "string", required: false, input: false },
        identityKind: { type: "string", required: false, input: false },
        verifiedAt: { type: "date", required: false, input: false },
      },
    },
    session: {
      expiresIn: e.SESSION_IDLE_MINUTES * 60,
      // The portal moves a session's end for what the person does, not for background checks
      // (session-refresh.ts), in the database and the cookie together.
      disableSessionRefresh: true,
      additionalFields: {
        activeCustomerId: { type: "string", required: false, input: false },
        customerService: { type: "boolean", required: false, input: false, defaultValue: false },
      },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ["sandbox-eid", ...oidcProviders.map((p) => p.id)] },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 300,
    },
    advanced: {
      cookiePrefix: "portal",
      useSecureCookies: origin.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    databaseHooks: {
      user: {
        delete: {
          after: async (user) => {
            await personSessionsChanged(user.id);
          },
        },
        create: {
          before: async (user) => {
            const key = parseIdentityKey(user.email);
            if (!key || key.siteId !== site.id) return false;
            const extra = user as Record<string, unknown>;
            const contactEmail = key.kind === "email" ? key.value : ((extra.contactEmail as string | undefined) ?? null);
            const pending = PENDING_SSN.get(user.email);
            PENDING_SSN.delete(user.email);
            const ssnFields = pending ? { ssnHash: hashSsn(pending.ssn), ssnCiphertext: encryptSsn(pending.ssn) } : {};
            return {
              data: {
                ...user,
                ...ssnFields,
                siteId: site.id,
                contactEmail,
                identityKind: key.kind === "email" ? "EmailVerified" : "SsnVerified",
                name: user.name || contactEmail || "",
              },
            };
          },
        },
      },
      session: {
        // A session removed by sign-out or revocation is forgotten by every process's cache at once.
        delete: {
          after: async (session) => {
            await sessionChanged(session.id);
          },
        },
        create: {
          before: async (session) => {
            const [person] = await db.select().from(authUser).where(eq(authUser.id, session.userId));
            if (!person || person.siteId !== site.id) return false;
            // Each sign-in is a fresh verification of the person's identity (spec §4, verification re-check).
            await db.update(authUser).set({ verifiedAt: new Date() }).where(eq(authUser.id, person.id));
            await linkPersonToOwnCustomers(person);
            const customers = await listAccessibleCustomers(site.id, person.id);
            return { data: { ...session, activeCustomerId: customers[0]?.id ?? null, customerService: false } };
          },
        },
      },
    },
    plugins: [
      admin(),
      magicLink({
        expiresIn: 15 * 60,
        disableSignUp: false,
        storeToken: "hashed",
        sendMagicLink: async ({ email, url }) => {
          const key = parseIdentityKey(email);
          if (!key || key.kind !== "email") return;
          const mail = await magicLinkMailTo(site, key.value, url);
          await sendMail({ siteId: site.id, to: key.value, subject: mail.subject, text: mail.text, html: mail.html });
        },
      }),
      sandboxEid({ id: site.id, country: site.country, sandboxEid: site.auth.sandboxEid, locales: site.locales, defaultLocaleId: site.defaultLocaleId }),
      ...(oidcProviders.length
        ? [
            genericOAuth({
              config: oidcProviders.map((p) => ({
                providerId: p.id,
                discoveryUrl: `${p.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
                clientId: p.clientId,
                clientSecret: p.clientSecret,
                scopes: p.scopes,
                pkce: true,
                mapProfileToUser: (profile: Record<string, unknown>) => {
                  const ssn = String(profile[p.ssnClaim] ?? "");
                  if (!ssn) throw new Error("The identity provider did not return a national identity code");
                  const ssnHash = hashSsn(ssn);
                  rememberSsn(ssnIdentityKey(site.id, ssnHash), ssn);
                  const nameClaim = p.nameClaim ? profile[p.nameClaim] : undefined;
                  const name = String(nameClaim ?? profile.name ?? [profile.given_name, profile.family_name].filter(Boolean).join(" "));
                  return {
                    email: ssnIdentityKey(site.id, ssnHash),
                    emailVerified: true,
                    name,
                    ssnHash,
                    ssnCiphertext: encryptSsn(ssn),
                    identityKind: "SsnVerified",
                  };
                },
              })),
            }),
          ]
        : []),
    ],
  });
}

export type PortalAuth = Awaited<ReturnType<typeof createAuth>>;

const INSTANCES = Symbol.for("portal.auth.instances");
const g = globalThis as typeof globalThis & { [INSTANCES]?: LRUCache<string, Promise<PortalAuth>> };
/**
 * Instances are per origin, and the origin comes from the Host header (a site's host with any
 * port): the cache is bounded, so made-up ports cannot grow it.
 */
const MAX_INSTANCES = 64;
function instances() {
  g[INSTANCES] ??= new LRUCache<string, Promise<PortalAuth>>({ max: MAX_INSTANCES });
  return g[INSTANCES];
}

/** How many better-auth instances this process holds (for tests of the bound). */
export function authInstanceCount(): number {
  return instances().size;
}

/** One better-auth instance per site configuration and origin, built on first use. */
export async function getAuth(site: Site, origin: string): Promise<PortalAuth> {
  const { generation } = await getState();
  const key = `${generation}|${site.id}|${origin}|${site.updatedAt.toISOString()}`;
  const cache = instances();
  let instance = cache.get(key);
  if (!instance) {
    instance = createAuth(site, origin);
    cache.set(key, instance);
    instance.catch(() => cache.delete(key));
  }
  return instance;
}

export function requestOrigin(headers: Headers, fallbackUrl?: string): string {
  const host = headers.get("host") ?? (fallbackUrl ? new URL(fallbackUrl).host : "localhost");
  const proto = headers.get("x-forwarded-proto") ?? (fallbackUrl ? new URL(fallbackUrl).protocol.replace(":", "") : "http");
  return `${proto}://${host}`;
}
