import type { Context } from "hono";
import type { AppEnv } from "../context";
import { findSiteByHost, keptSiteByHost, type Site } from "@/server/sites/sites";
import { loadSession } from "@/server/auth/session";
import { extendSession, PASSIVE_HEADER } from "@/server/auth/session-refresh";

/**
 * The site of the request's host: at once when this process knows the host (nearly every request),
 * else read. Null for a host no site has: the caller answers a plain 404 that names nothing.
 */
export function siteOfRequest(c: Context<AppEnv>): Site | null | Promise<Site | null> {
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  const kept = keptSiteByHost(host);
  return kept === undefined ? findSiteByHost(host) : kept;
}

/** The plain answer to a host no site has. */
export const unknownHost = (c: Context<AppEnv>) => c.text("Not Found", 404);

/**
 * Reads the request's cookie session into the context. What the person does keeps the session
 * alive; the page's own background checks do not: returns the Set-Cookie of a session it extended,
 * for the answer.
 */
export async function loadRequestSession(c: Context<AppEnv>): Promise<string | null> {
  const site = c.get("site");
  const lookup = await loadSession(site, c.req.raw.headers, c.req.url);
  const session = lookup.kind === "ok" ? lookup.session : null;
  const refresh = session && !c.req.header(PASSIVE_HEADER) ? await extendSession(site, session, c.req.header("cookie") ?? "") : null;
  c.set("session", session && refresh ? { ...session, expiresAt: refresh.expiresAt } : session);
  c.set("foreignSession", lookup.kind === "foreign");
  return refresh?.setCookie ?? null;
}
