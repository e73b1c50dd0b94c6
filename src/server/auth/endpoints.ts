import "server-only";
import { isSafeRedirectPath } from "@/lib/safe-redirect";
import { AppError, notFound } from "@/server/errors";
import type { Site } from "@/server/sites/sites";
import { clearCustomerServiceCookie } from "@/server/customers/service-cookie";
import { appearanceAtSignIn } from "@/server/settings/appearance";
import { getAuth, requestOrigin } from "./auth";
import { loadSession } from "./session";
import { personSessionsChanged } from "./session-cache";
import { localeHome, signInErrorPath, signInReturnPath } from "./redirects";
import { countSignInAttempt, SIGN_IN_AUTH_PATHS } from "./sign-in-limits";

/**
 * The better-auth endpoints the portal calls over HTTP (paths under /api/auth). Everything else
 * better-auth and its plugins offer (update-user, get-session, list-sessions, change-email,
 * sign-up, admin, …) answers 404: the portal's own API does those jobs, or nobody should.
 * src/server/auth/sign-in-security.test.ts lists the closed ones.
 */
export const OPEN_AUTH_ENDPOINTS: readonly { method: "GET" | "POST"; path: RegExp; name: string }[] = [
  { method: "GET", path: /^\/sandbox-eid\/authorize$/, name: "sandbox e-ID start" },
  { method: "GET", path: /^\/sandbox-eid\/callback$/, name: "sandbox e-ID callback" },
  { method: "GET", path: /^\/magic-link\/verify$/, name: "sign-in link from the e-mail" },
  { method: "GET", path: /^\/callback\/[a-z0-9-]{1,64}$/, name: "OIDC broker callback" },
  { method: "POST", path: /^\/callback\/[a-z0-9-]{1,64}$/, name: "OIDC broker callback (form_post)" },
  { method: "POST", path: /^\/sign-out$/, name: "sign-out" },
  { method: "POST", path: /^\/revoke-other-sessions$/, name: "sign out other devices" },
];

const BASE_PATH = "/api/auth";
const RETURN_PARAMS = ["callbackURL", "newUserCallbackURL"];
const ERROR_PARAM = "errorCallbackURL";

export function isOpenAuthEndpoint(method: string, path: string): boolean {
  return OPEN_AUTH_ENDPOINTS.some((e) => e.method === method && e.path.test(path));
}

/**
 * better-auth's own places to return to are replaced by same-site paths before it reads them
 * (the shared check; anything else becomes the locale's home, or its sign-in error page).
 */
async function withSafeReturnParams(site: Site, request: Request, path: string): Promise<Request> {
  const url = new URL(request.url);
  let changed = false;
  for (const name of RETURN_PARAMS) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    url.searchParams.set(name, signInReturnPath(site, request.headers, value));
    changed = true;
  }
  const errorUrl = url.searchParams.get(ERROR_PARAM);
  if (errorUrl !== null || path === "/magic-link/verify") {
    const safe = isSafeRedirectPath(errorUrl) ? signInReturnPath(site, request.headers, errorUrl) : signInErrorPath(site, request.headers);
    url.searchParams.set(ERROR_PARAM, safe);
    changed = true;
  }
  if (!changed) return request;
  const body = request.method === "GET" ? undefined : await request.arrayBuffer();
  return new Request(url, { method: request.method, headers: request.headers, body });
}

/** A redirect better-auth answers must stay on the site: as a path, or the locale's home. */
function sameSiteLocation(site: Site, request: Request, origin: string, location: string): string {
  let url: URL;
  try {
    url = new URL(location, origin);
  } catch {
    return localeHome(site, request.headers);
  }
  if (url.origin !== new URL(origin).origin) return localeHome(site, request.headers);
  return signInReturnPath(site, request.headers, `${url.pathname}${url.search}${url.hash}`);
}

/** The client's address as the server wrote it (from the socket, or a trusted proxy). */
function forwardedIp(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded && /^[0-9a-fA-F:.]{2,45}$/.test(forwarded) ? forwarded : null;
}

/** Serves a request under /api/auth with the site's better-auth instance, or 404 for a closed endpoint. */
export async function handleAuthRequest(site: Site, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.slice(BASE_PATH.length);
  if (!isOpenAuthEndpoint(request.method, path)) throw notFound();
  if (SIGN_IN_AUTH_PATHS.some((p) => p.test(path))) {
    // The same counters as the portal's own sign-in routes; a browser that reaches the limit
    // lands on the sign-in error page in its language, told when to try again.
    try {
      await countSignInAttempt(site.id, forwardedIp(request.headers));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "rate_limited") throw err;
      const retryAfter = String(err.details?.retryAfter ?? 60);
      return new Response(null, { status: 302, headers: { location: signInErrorPath(site, request.headers, "TooManyAttempts"), "retry-after": retryAfter, "cache-control": "no-store" } });
    }
  }
  const origin = requestOrigin(request.headers, request.url);
  const auth = await getAuth(site, origin);
  // A change through better-auth (sign-out, revoking sessions, …) may touch any of the caller's
  // sessions: every process forgets them, so the next request reads them afresh.
  const caller = request.method === "POST" ? await loadSession(site, request.headers, request.url) : null;
  const res = await auth.handler(await withSafeReturnParams(site, request, path));
  if (caller?.kind === "ok") await personSessionsChanged(caller.session.person.id);

  const location = res.headers.get("location");
  const signOut = path === "/sign-out";
  if (location === null && !signOut) return res;
  const headers = new Headers(res.headers);
  if (location !== null) headers.set("location", sameSiteLocation(site, request, origin, location));
  if (signOut) headers.append("set-cookie", clearCustomerServiceCookie(origin.startsWith("https://")));
  // A sign-in on this device: the person's saved appearance (colour scheme, language) applies at once.
  if (location !== null && !signOut) {
    const saved = await appearanceAtSignIn(site, res.headers.getSetCookie(), headers.get("location"), origin.startsWith("https://"));
    if (saved) {
      for (const cookie of saved.cookies) headers.append("set-cookie", cookie);
      if (saved.location) headers.set("location", saved.location);
    }
  }
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
