import "server-only";
import { env } from "@/lib/env";
import { enforceRateLimit } from "@/server/rate-limit";

/**
 * Sign-in attempts, limited on what a client cannot choose: the address it connects from (the
 * socket's, or the trusted proxy's X-Forwarded-For; never a client-sent id) and the account it
 * tries. Every route that reaches a sign-in counts on the same counters: the portal's own e-mail
 * and OIDC starts, and better-auth's sandbox e-ID, sign-in link and broker callback routes
 * (endpoints.ts). The limit per address is loose, so a family or an office behind one router can
 * all sign in; the limit per account is tight, so one account cannot be tried from many addresses.
 * The counters live in the database: a restart or another process does not reset them.
 */
export const PER_ACCOUNT = { max: 5, windowSeconds: 15 * 60 };

export function perAddress() {
  return { max: env().SIGNIN_RATE_LIMIT_MAX, windowSeconds: env().SIGNIN_RATE_LIMIT_WINDOW_SECONDS };
}

/** Counts one sign-in attempt; throws the API's 429 (with Retry-After) when a limit is reached. */
export async function countSignInAttempt(siteId: string, ip: string | null, account?: string): Promise<void> {
  const address = perAddress();
  await enforceRateLimit(`sign-in:ip:${siteId}:${ip ?? "unknown"}`, address.max, address.windowSeconds);
  if (account) await enforceRateLimit(`sign-in:account:${siteId}:${account.trim().toLowerCase()}`, PER_ACCOUNT.max, PER_ACCOUNT.windowSeconds);
}

/** better-auth paths under /api/auth that start or finish a sign-in, and so count as an attempt. */
export const SIGN_IN_AUTH_PATHS = [/^\/sandbox-eid\/authorize$/, /^\/sandbox-eid\/callback$/, /^\/magic-link\/verify$/, /^\/callback\/[a-z0-9-]{1,64}$/];
