import "server-only";
import { eq } from "drizzle-orm";
import { env } from "@/lib/env";
import { getDb } from "@/server/db/client";
import { authSession } from "@/server/db/schema";
import { sessionChanged, type PortalSession } from "./session-cache";

/**
 * Sliding sessions (spec §4, decision 0002): a session lasts SESSION_IDLE_MINUTES after the
 * person last did something, and never longer than the site's maximum from sign-in. What the
 * person does (a page, an API call) moves the end forward, at most once a minute, in the database
 * and in the cookie alike, so the browser keeps the cookie exactly as long as the server keeps the
 * session. The session watcher's background checks say they are passive and move nothing.
 */

/** How often activity moves a session's end forward. */
export const REFRESH_EVERY_MS = 60_000;

/** A request header saying the call was made by the page on its own, not by the person. */
export const PASSIVE_HEADER = "x-portal-passive";

/** The longest a session of the site may last from sign-in. */
export function sessionMaxMs(site: { sessionMaxHours: number | null }): number {
  return (site.sessionMaxHours ?? env().SESSION_ABSOLUTE_HOURS) * 3600_000;
}

export function idleMs(): number {
  return env().SESSION_IDLE_MINUTES * 60_000;
}

/** When a session used now would end: the idle time from now, capped by the site's maximum. */
export function slidingEnd(site: { sessionMaxHours: number | null }, createdAt: Date, now: number): number {
  return Math.min(now + idleMs(), createdAt.getTime() + sessionMaxMs(site));
}

const COOKIE = /(?:^|;\s*)((?:__Secure-)?portal\.session_token)=([^;]*)/;

/**
 * Moves the session's end forward for activity now, when its last move is a minute old or more,
 * and answers the new end with the Set-Cookie header that gives the browser's cookie the same
 * end; null when nothing moved (recently moved, or at the site's maximum).
 */
export async function extendSession(site: { sessionMaxHours: number | null }, session: PortalSession, cookieHeader: string, now = Date.now()): Promise<{ setCookie: string; expiresAt: Date } | null> {
  const cookie = COOKIE.exec(cookieHeader);
  if (!cookie) return null;
  const end = slidingEnd(site, session.createdAt, now);
  if (end - session.expiresAt.getTime() < REFRESH_EVERY_MS) return null;
  const db = await getDb();
  const updated = await db
    .update(authSession)
    .set({ expiresAt: new Date(end), updatedAt: new Date(now) })
    .where(eq(authSession.id, session.id))
    .returning({ id: authSession.id });
  if (!updated.length) return null;
  // Every process forgets the session as it was read, with its old end.
  await sessionChanged(session.id);
  const [, name, value] = cookie;
  const maxAge = Math.max(1, Math.floor((end - now) / 1000));
  return { setCookie: `${name}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`, expiresAt: new Date(end) };
}
