import "server-only";
import crypto from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, max } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { beforeCloseDb, getDb } from "@/server/db/client";
import { apiTokens, apiTokenUses, authUser, customerAccess, customers } from "@/server/db/schema";
import { cacheReady, invalidate, loadAndKeep, onInvalidate, type CacheTopic } from "@/server/cache/bus";
import { writeAudit } from "@/server/audit/audit";
import { notFound, validationError } from "@/server/errors";
import type { AccessRole } from "@/server/customers/access";
import type { PortalSession } from "@/server/auth/session-cache";
import { TokenUseMeter, type RateLimit } from "./usage";
import { API_TOKEN_PREFIX, MAX_TOKENS_PER_CUSTOMER, TOKEN_EXPIRY_DAYS, TOKEN_RATE_LIMIT, TOKEN_SCOPES, type TokenExpiryDays, type TokenScope } from "./scopes";

/** Who manages tokens: a person acting for a customer of theirs on a site (never customer service). */
export interface TokenActor {
  siteId: string;
  personId: string;
  customerId: string;
  requestId: string | null;
}

export interface ApiTokenSummary {
  id: string;
  name: string;
  scopes: TokenScope[];
  hint: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  expired: boolean;
}

export interface NewApiToken {
  name: string;
  scopes: TokenScope[];
  expiresInDays: TokenExpiryDays;
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A new random secret with its prefix: 32 random bytes, base64url. */
export const newSecret = (prefix: string) => `${prefix}${crypto.randomBytes(32).toString("base64url")}`;

/** Whether a value could be a personal API token at all (checked before any hashing or query). */
export const looksLikeApiToken = (value: string) => value.startsWith(API_TOKEN_PREFIX) && value.length <= 100 && /^[A-Za-z0-9_-]+$/.test(value);

function validateNew(input: NewApiToken): NewApiToken {
  const fields = [];
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (name.length < 1) fields.push({ path: "name", code: "too_small", message: "tokens.errors.name-required" });
  if (name.length > 80) fields.push({ path: "name", code: "too_big", message: "tokens.errors.name-too-long" });
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0 || scopes.some((s) => !TOKEN_SCOPES.includes(s))) fields.push({ path: "scopes", code: "invalid_value", message: "tokens.errors.scope-required" });
  if (!TOKEN_EXPIRY_DAYS.includes(input.expiresInDays)) fields.push({ path: "expiresInDays", code: "invalid_value", message: "tokens.errors.expiry-invalid" });
  if (fields.length) throw validationError(fields);
  return { name, scopes: TOKEN_SCOPES.filter((s) => scopes.includes(s)), expiresInDays: input.expiresInDays };
}

async function requireAccess(actor: TokenActor): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ role: customerAccess.role })
    .from(customerAccess)
    .where(and(eq(customerAccess.siteId, actor.siteId), eq(customerAccess.personId, actor.personId), eq(customerAccess.customerId, actor.customerId)));
  if (!row) throw notFound();
}

/** Creates a token; the secret is in the answer only, the database keeps its hash. */
export async function createApiToken(actor: TokenActor, input: NewApiToken): Promise<{ token: string; summary: ApiTokenSummary }> {
  const clean = validateNew(input);
  await requireAccess(actor);
  const db = await getDb();
  const [{ live }] = await db
    .select({ live: count() })
    .from(apiTokens)
    .where(
      and(eq(apiTokens.siteId, actor.siteId), eq(apiTokens.personId, actor.personId), eq(apiTokens.customerId, actor.customerId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, new Date())),
    );
  if (Number(live) >= MAX_TOKENS_PER_CUSTOMER) throw validationError([{ path: "name", code: "too_big", message: "tokens.errors.too-many" }]);
  const token = newSecret(API_TOKEN_PREFIX);
  const hint = token.slice(0, API_TOKEN_PREFIX.length + 4);
  const expiresAt = new Date(Date.now() + clean.expiresInDays * 86_400_000);
  const [row] = await db
    .insert(apiTokens)
    .values({ siteId: actor.siteId, personId: actor.personId, customerId: actor.customerId, name: clean.name, scopes: clean.scopes, tokenHash: hashToken(token), hint, expiresAt })
    .returning();
  await writeAudit({
    siteId: actor.siteId,
    actorPersonId: actor.personId,
    customerId: actor.customerId,
    action: "api-token.created",
    details: { tokenId: row.id, name: row.name, scopes: row.scopes, expiresAt: row.expiresAt.toISOString() },
    requestId: actor.requestId,
  });
  return { token, summary: toSummary(row, null) };
}

function toSummary(row: typeof apiTokens.$inferSelect, lastUsedAt: Date | string | null): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s)),
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: lastUsedAt ? new Date(lastUsedAt).toISOString() : null,
    expired: row.expiresAt.getTime() <= Date.now(),
  };
}

/** The person's tokens for the customer (revoked ones are gone), newest first, with their last use. */
export async function listApiTokens(actor: Omit<TokenActor, "requestId">): Promise<ApiTokenSummary[]> {
  // This process's calls are written first; another process's reach the database within a second.
  await flushApiTokenUses();
  const db = await getDb();
  const rows = await db
    .select({ token: apiTokens, lastUsedAt: max(apiTokenUses.lastAt) })
    .from(apiTokens)
    .leftJoin(apiTokenUses, and(eq(apiTokenUses.tokenId, apiTokens.id), eq(apiTokenUses.siteId, actor.siteId)))
    .where(and(eq(apiTokens.siteId, actor.siteId), eq(apiTokens.personId, actor.personId), eq(apiTokens.customerId, actor.customerId), isNull(apiTokens.revokedAt)))
    .groupBy(apiTokens.id)
    .orderBy(desc(apiTokens.createdAt), asc(apiTokens.name));
  return rows.map((r) => toSummary(r.token, r.lastUsedAt));
}

/** Revokes one of the person's tokens for the customer; it is refused from this moment in every process. */
export async function revokeApiToken(actor: TokenActor, id: string): Promise<void> {
  const db = await getDb();
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.siteId, actor.siteId), eq(apiTokens.personId, actor.personId), eq(apiTokens.customerId, actor.customerId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  if (rows.length === 0) throw notFound("tokens.errors.not-found");
  await invalidate("user", actor.personId);
  await writeAudit({
    siteId: actor.siteId,
    actorPersonId: actor.personId,
    customerId: actor.customerId,
    action: "api-token.revoked",
    details: { tokenId: rows[0].id, name: rows[0].name },
    requestId: actor.requestId,
  });
}

// ---------------------------------------------------------------- authentication

/** A live token as a request sees it: whose it is, for which customer, what it may read. */
export interface TokenAuth {
  tokenId: string;
  siteId: string;
  personId: string;
  scopes: TokenScope[];
  expiresAt: Date;
  /** The session the token stands for: the person acting for the token's customer, no staff roles. */
  session: PortalSession;
}

interface CachedAuth {
  auth: TokenAuth;
  until: number;
}
const CACHE = Symbol.for("portal.api-token.cache");
/** What drops a remembered token (registered below); a lookup during one of these is not kept. */
const TOKEN_CACHE_TOPICS = ["user", "site"] as const satisfies readonly CacheTopic[];
const gt_ = globalThis as typeof globalThis & { [CACHE]?: LRUCache<string, CachedAuth> };
function tokenCache(): LRUCache<string, CachedAuth> {
  if (!gt_[CACHE]) {
    const cache = new LRUCache<string, CachedAuth>({ max: 20_000, ttl: Math.max(1, env().SESSION_CACHE_SECONDS) * 1000 });
    const drop = (match: (c: CachedAuth) => boolean) => {
      for (const [k, v] of cache.entries()) if (match(v)) cache.delete(k);
    };
    // A token revoked, or its person's rights changed (a representation ended): forgotten at once.
    onInvalidate(
      "user",
      (id) => drop((c) => c.auth.personId === id),
      () => cache.clear(),
    );
    onInvalidate(
      "site",
      () => cache.clear(),
      () => cache.clear(),
    );
    gt_[CACHE] = cache;
  }
  return gt_[CACHE];
}

/**
 * The live token of this site for a bearer value, or null: unknown, revoked, expired, of another
 * site, or its person no longer acts for its customer (a representation ended).
 */
export async function authenticateApiToken(site: { id: string; updatedAt: Date }, bearer: string): Promise<TokenAuth | null> {
  if (!looksLikeApiToken(bearer)) return null;
  const hash = hashToken(bearer);
  const key = `${site.id}|${site.updatedAt.getTime()}|${hash}`;
  const useCache = env().SESSION_CACHE_SECONDS > 0 && cacheReady();
  const cache = tokenCache();
  if (useCache) {
    const hit = cache.get(key);
    if (hit && hit.auth.expiresAt.getTime() > Date.now()) return hit.auth;
  }
  return loadAndKeep(
    TOKEN_CACHE_TOPICS,
    () => lookupApiToken(site, hash),
    (auth) => {
      if (useCache && auth) cache.set(key, { auth, until: Date.now() });
    },
  );
}

/** The live token of a site by its hash, read from the database. */
async function lookupApiToken(site: { id: string }, hash: string): Promise<TokenAuth | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: apiTokens.id,
      personId: apiTokens.personId,
      customerId: apiTokens.customerId,
      scopes: apiTokens.scopes,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      personName: authUser.name,
      identityKind: authUser.identityKind,
      contactEmail: authUser.contactEmail,
      clientCode: customers.clientCode,
      customerName: customers.name,
      kind: customers.kind,
      role: customerAccess.role,
    })
    .from(apiTokens)
    .innerJoin(customerAccess, and(eq(customerAccess.personId, apiTokens.personId), eq(customerAccess.customerId, apiTokens.customerId), eq(customerAccess.siteId, site.id)))
    .innerJoin(customers, and(eq(customers.id, apiTokens.customerId), eq(customers.siteId, site.id)))
    .innerJoin(authUser, and(eq(authUser.id, apiTokens.personId), eq(authUser.siteId, site.id)))
    .where(and(eq(apiTokens.tokenHash, hash), eq(apiTokens.siteId, site.id), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, new Date())));
  if (!row) return null;
  const customer = { id: row.customerId, clientCode: row.clientCode, name: row.customerName, kind: row.kind, role: row.role as AccessRole };
  const auth: TokenAuth = {
    tokenId: row.id,
    siteId: site.id,
    personId: row.personId,
    scopes: row.scopes.filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s)),
    expiresAt: row.expiresAt,
    session: {
      id: `token:${row.id}`,
      token: "",
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      person: {
        id: row.personId,
        name: row.personName,
        // A token never reveals the person's national code, and never counts as a recent identity check.
        ssn: null,
        identityKind: row.identityKind === "SsnVerified" ? "SsnVerified" : "EmailVerified",
        contactEmail: row.contactEmail,
        verifiedAt: null,
      },
      verified: false,
      roles: [],
      customers: [customer],
      activeCustomer: customer,
      customerService: false,
    },
  };
  return auth;
}

/** The rate limit of every token: TOKEN_RATE_LIMIT, its count per window from API_TOKEN_RATE_LIMIT_MAX. */
export const tokenRateLimit = (): RateLimit => ({ max: env().API_TOKEN_RATE_LIMIT_MAX, windowSeconds: TOKEN_RATE_LIMIT.windowSeconds });

const METER = Symbol.for("portal.api-token.meter");
const gm = globalThis as typeof globalThis & { [METER]?: TokenUseMeter };

/** This process's meter of token calls; its counts are written before the database closes. */
export function tokenUseMeter(): TokenUseMeter {
  if (!gm[METER]) {
    const meter = new TokenUseMeter({ limit: tokenRateLimit });
    gm[METER] = meter;
    const register = () =>
      beforeCloseDb(async () => {
        await meter.flush();
        // A database opened again (tests) gets the hook again.
        register();
      });
    register();
  }
  return gm[METER];
}

/**
 * Counts a call of a token: against its rate limit (per token, shared by every process) and in
 * the audit roll-up of the day (the site's). Both are kept in memory and reach the database in
 * batches (src/server/tokens/usage.ts); the answer says whether the call is within the limit.
 */
export async function recordApiTokenUse(site: { id: string; timezone: string }, tokenId: string, path: string): Promise<{ allowed: boolean; retryAfter: number }> {
  return tokenUseMeter().use(site, tokenId, path);
}

/** Writes the calls counted in this process (before the last use or the roll-up is read). */
export async function flushApiTokenUses(): Promise<void> {
  const meter = gm[METER];
  if (meter) await meter.flush();
}

/** The token's use per day (the audit roll-up), newest first. */
export async function apiTokenUseDays(siteId: string, tokenId: string): Promise<{ day: string; count: number; lastAt: string; lastPath: string | null }[]> {
  await flushApiTokenUses();
  const db = await getDb();
  const rows = await db
    .select()
    .from(apiTokenUses)
    .where(and(eq(apiTokenUses.siteId, siteId), eq(apiTokenUses.tokenId, tokenId)))
    .orderBy(desc(apiTokenUses.day));
  return rows.map((r) => ({ day: r.day, count: r.count, lastAt: r.lastAt.toISOString(), lastPath: r.lastPath }));
}

/** The person's tokens for "my data": names, scopes, dates and use per day; never a secret or hash. */
export async function apiTokensExport(siteId: string, personId: string, customerId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.siteId, siteId), eq(apiTokens.personId, personId), eq(apiTokens.customerId, customerId)))
    .orderBy(desc(apiTokens.createdAt));
  return Promise.all(
    rows.map(async (r) => ({
      name: r.name,
      scopes: r.scopes,
      hint: r.hint,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      revokedAt: r.revokedAt?.toISOString() ?? null,
      use: await apiTokenUseDays(siteId, r.id),
    })),
  );
}
