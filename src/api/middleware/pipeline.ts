import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import type { Site } from "@/server/sites/sites";
import { bodyLimitOf, finishSecurityHeaders, prepareSecurityHeaders, unreadableBody } from "./limits";
import { checkCsrf, setClientId, setRequestId } from "./request";
import { loadRequestSession, siteOfRequest, unknownHost } from "./site";
import { authenticateBearer, personalBearer } from "./personal-token";
import { auditCustomerService } from "./audit";
import { withCustomerCache } from "./customer-cache";
import { keepAnswer } from "../kept-answers";

/*
 * What every API request goes through before its route, as two middleware layers rather than one
 * per concern: each layer of Hono's chain costs promises, and every promise costs again for each
 * AsyncLocalStorage the process has (Next.js's among them), so ten layers took more of a request's
 * time than its handler (decision 0035). The steps stay in the files of their concerns; this file
 * says their order. A step that needs no waiting (a known host, a GET without a body) does not wait.
 */

/**
 * Before better-auth's endpoints: the common headers, the body's size limit, the request id, the
 * site of the host (a plain 404 for an unknown one), the client id and the CSRF check.
 */
export const requestFront = createMiddleware<AppEnv>(async (c, next) => {
  const headers = prepareSecurityHeaders(c);
  const limit = bodyLimitOf(c);
  // A body's limit runs first: an oversized body is refused before anything else is looked at.
  const answer = limit ? await limit(c, () => Promise.resolve(identify(c, next)) as Promise<void>) : await identify(c, next);
  if (answer instanceof Response) return answer;
  finishSecurityHeaders(c, headers);
  // A reference endpoint's answer to an anonymous caller, for the listener to answer the next one with.
  const keeping = keepAnswer(c);
  if (keeping) await keeping;
});

function identify(c: Context<AppEnv>, next: Next): Promise<unknown> | Response | void {
  setRequestId(c);
  const site = siteOfRequest(c);
  return site instanceof Promise ? site.then((s) => withSite(c, s, next)) : withSite(c, site, next);
}

function withSite(c: Context<AppEnv>, site: Site | null, next: Next): Promise<unknown> | Response {
  if (!site) return unknownHost(c);
  c.set("site", site);
  setClientId(c);
  checkCsrf(c);
  return next();
}

/**
 * After better-auth's endpoints, which read the request body themselves: the body's bytes are
 * checked, then who is asking (a personal API token stands in for the session; otherwise the
 * cookie session is read), the route runs with the per-customer cache, and afterwards a session it
 * extended gets its cookie and customer-service staff's call is audited.
 */
export const requestSession = createMiddleware<AppEnv>(async (c, next) => {
  const unreadable = unreadableBody(c);
  if (unreadable) {
    const answer = await unreadable;
    if (answer) return answer;
  }
  const bearer = personalBearer(c);
  const setCookie = bearer === null ? await loadRequestSession(c) : (await authenticateBearer(c, bearer), null);
  await withCustomerCache(c, next);
  await auditCustomerService(c);
  if (setCookie) c.header("set-cookie", setCookie, { append: true });
});
