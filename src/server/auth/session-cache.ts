import "server-only";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { invalidate, onInvalidate, type CacheTopic } from "@/server/cache/bus";
import type { AccessibleCustomer } from "@/server/customers/access";

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

/**
 * Sessions looked up in the last few seconds, by site and cookie value, so a page and its API
 * calls cost no query for the session. An entry is dropped at once when its session is signed
 * out, revoked or changed (switching customer, customer-service mode) in any process (see
 * cache/bus.ts), and lives at most SESSION_CACHE_SECONDS otherwise: changes of a person's rights
 * made elsewhere (a representation ended, a staff role removed) reach a session within that time.
 * A cookie that names no session (signed out, expired, made up) is remembered as such for the same
 * time, in a smaller cache of its own so that a flood of made-up cookies cannot push out the live
 * sessions: no session ever gets the token of one that was missing (a token is made with its session).
 */
const CACHE = Symbol.for("portal.session.cache");
/** What drops a remembered session (registered below); a lookup during one of these is not kept. */
export const SESSION_CACHE_TOPICS = ["session", "user", "site"] as const satisfies readonly CacheTopic[];
export interface Cached {
  lookup: SessionLookup;
  sessionId: string;
  userId: string;
  expiresAt: number;
}
type SessionCache = LRUCache<string, Cached>;
const gs = globalThis as typeof globalThis & { [CACHE]?: SessionCache };
export function sessionCache(): SessionCache {
  if (!gs[CACHE]) {
    const cache: SessionCache = new LRUCache<string, Cached>({ max: 20_000, ttl: Math.max(1, env().SESSION_CACHE_SECONDS) * 1000 });
    const drop = (match: (c: Cached) => boolean) => {
      for (const [k, v] of cache.entries()) if (match(v)) cache.delete(k);
    };
    onInvalidate(
      "session",
      (id) => drop((c) => c.sessionId === id),
      () => cache.clear(),
    );
    onInvalidate(
      "user",
      (id) => drop((c) => c.userId === id),
      () => cache.clear(),
    );
    onInvalidate(
      "site",
      () => cache.clear(),
      () => cache.clear(),
    );
    gs[CACHE] = cache;
  }
  return gs[CACHE];
}

const MISSES = Symbol.for("portal.session.misses");
const gm = globalThis as typeof globalThis & { [MISSES]?: LRUCache<string, true> };
/** Cookie values (by site) that named no session in the last SESSION_CACHE_SECONDS. */
export function sessionMissCache(): LRUCache<string, true> {
  if (!gm[MISSES]) {
    const misses = new LRUCache<string, true>({ max: 5_000, ttl: Math.max(1, env().SESSION_CACHE_SECONDS) * 1000 });
    onInvalidate(
      "site",
      () => misses.clear(),
      () => misses.clear(),
    );
    gm[MISSES] = misses;
  }
  return gm[MISSES];
}

export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?portal\.session_token=([^;]*)/;

/** The session changed (signed out, revoked, switched customer): every process forgets it now. */
export function sessionChanged(sessionId: string): Promise<void> {
  return invalidate("session", sessionId);
}

/** Everything about a person's sessions changed (all signed out, rights changed). */
export function personSessionsChanged(userId: string): Promise<void> {
  return invalidate("user", userId);
}

/** Forgets every remembered session of this process (tests that move a session's times in the database). */
export function forgetCachedSessions(): void {
  sessionCache().clear();
  sessionMissCache().clear();
}
