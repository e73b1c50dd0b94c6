import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { findSiteByHost } from "@/server/sites/sites";
import { loadSession } from "@/server/auth/session";
import { extendSession, PASSIVE_HEADER } from "@/server/auth/session-refresh";

/** The site is found from the request's host; an unknown host gets a plain 404 that names nothing. */
export const siteFromHost = createMiddleware<AppEnv>(async (c, next) => {
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  const site = await findSiteByHost(host);
  if (!site) return c.text("Not Found", 404);
  c.set("site", site);
  await next();
});

export const sessionLoader = createMiddleware<AppEnv>(async (c, next) => {
  const lookup = await loadSession(c.get("site"), c.req.raw.headers, c.req.url);
  const session = lookup.kind === "ok" ? lookup.session : null;
  // What the person does keeps the session alive; the page's own background checks do not.
  const refresh = session && !c.req.header(PASSIVE_HEADER) ? await extendSession(c.get("site"), session, c.req.header("cookie") ?? "") : null;
  c.set("session", session && refresh ? { ...session, expiresAt: refresh.expiresAt } : session);
  c.set("foreignSession", lookup.kind === "foreign");
  await next();
  if (refresh) c.header("set-cookie", refresh.setCookie, { append: true });
});
