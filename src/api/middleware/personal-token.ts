import type { Context } from "hono";
import type { AppEnv } from "../context";
import { AppError } from "@/server/errors";
import { API_TOKEN_PREFIX, type TokenScope } from "@/server/tokens/scopes";
import { authenticateApiToken, recordApiTokenUse, type TokenAuth } from "@/server/tokens/tokens";

/** The personal token a request authenticated with (absent: a session or nobody). */
const TOKENS = new WeakMap<Request, TokenAuth>();

export const requestToken = (c: Context<AppEnv>): TokenAuth | undefined => TOKENS.get(c.req.raw);

/** The bearer value of a request when it is meant as a personal API token (by its prefix), else null. */
export function personalBearer(c: Context<AppEnv>): string | null {
  const auth = c.req.header("authorization");
  if (!auth) return null;
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(auth);
  if (!match) return null;
  return match[1].startsWith(API_TOKEN_PREFIX) ? match[1] : null;
}

/**
 * A request with a personal API token (`Authorization: Bearer eppat_…`) is authenticated by the
 * token alone: the cookie session is not read, so a browser's cookies never add to what a token
 * may do. An unknown, revoked or expired token, or one of another site, is 401. Each call counts
 * against the token's own rate limit (429 with Retry-After) and in its audit roll-up of the day
 * (counted in memory and written in batches: src/server/tokens/usage.ts).
 */
export async function authenticateBearer(c: Context<AppEnv>, bearer: string): Promise<void> {
  const site = c.get("site");
  // With the site's feature off, no token works.
  const auth = site.features.includes("api-tokens") ? await authenticateApiToken(site, bearer) : null;
  if (!auth) throw new AppError("unauthenticated", "tokens.errors.invalid-token");
  const { allowed, retryAfter } = await recordApiTokenUse(site, auth.tokenId, new URL(c.req.url).pathname);
  if (!allowed) throw new AppError("rate_limited", "tokens.errors.rate-limited", { retryAfter });
  TOKENS.set(c.req.raw, auth);
  c.set("session", auth.session);
  c.set("foreignSession", false);
}

/** Whether a token may call an endpoint that accepts the given scope (none: no token may). */
export function tokenAllowed(c: Context<AppEnv>, accepts: TokenScope | undefined): boolean {
  const auth = requestToken(c);
  if (!auth) return true;
  return !!accepts && auth.scopes.includes(accepts);
}
