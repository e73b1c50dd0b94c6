import { OpenAPIHono } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { bumpConsentRevision, getConsentRevision, recordConsent } from "@/server/consent/consent";
import { analyticsScript } from "@/server/consent/analytics";
import { enforceRateLimit } from "@/server/rate-limit";
import { notFound } from "@/server/errors";
import { AnalyticsScript, AnalyticsScriptQuery, ClientId, ConsentRecord, ConsentRevision } from "../schemas/consent";
import { Recorded } from "../schemas/common";

export const consentRouter = new OpenAPIHono<AppEnv>();

consentRouter.openapi(
  defineRoute({
    method: "post",
    path: "/consent",
    operationId: "recordConsent",
    errors: { 429: "Too many decisions recorded" },
    tags: ["Cookie consent"],
    summary: "Record a visitor's cookie-consent decision, so the supplier can prove it later",
    access: "public",
    feature: "cookie-consent",
    request: { body: jsonBody(ConsentRecord) },
    responses: { 201: jsonResponse(Recorded, "Recorded") },
  }),
  async (c) => {
    const site = c.get("site");
    const clientId = c.get("clientId");
    await enforceRateLimit(`consent:${site.id}:${clientId ?? c.req.header("x-forwarded-for") ?? "anonymous"}`, 30, 60);
    const body = c.req.valid("json");
    const result = await recordConsent(
      { siteId: site.id, clientId, personId: c.get("session")?.person.id ?? null },
      { ...body, acceptType: body.acceptType ?? null, data: body.data ?? null, expirationTime: body.expirationTime ?? null },
    );
    return c.json(result, 201);
  },
);

consentRouter.openapi(
  defineRoute({
    method: "get",
    path: "/consent/revision",
    operationId: "getConsentRevision",
    tags: ["Cookie consent"],
    summary: "The site's consent policy revision",
    access: "public",
    feature: "cookie-consent",
    responses: { 200: jsonResponse(ConsentRevision) },
  }),
  async (c) => c.json({ revision: await getConsentRevision(c.get("site").id) }, 200),
);

consentRouter.openapi(
  defineRoute({
    method: "put",
    path: "/consent/revision",
    operationId: "raiseConsentRevision",
    tags: ["Cookie consent"],
    summary: "Raise the consent policy revision after the cookie policy changed: every visitor is asked again (administrators)",
    access: "site_admin",
    feature: "cookie-consent",
    responses: { 200: jsonResponse(ConsentRevision) },
  }),
  async (c) => c.json({ revision: await bumpConsentRevision(c.get("site").id) }, 200),
);

consentRouter.openapi(
  defineRoute({
    method: "get",
    path: "/consent/analytics.js",
    operationId: "getAnalyticsScript",
    errors: { 404: "Not the site's measurement id" },
    tags: ["Cookie consent"],
    summary: "The analytics tag, loaded by the page only after the visitor accepted analytics cookies",
    description:
      "A first-party stand-in for the tag service: defines window.dataLayer and window.gtag and sets the _ga cookies, sending nothing to another host. A production deployment reporting to Google Analytics loads the real tag instead.",
    access: "public",
    feature: "cookie-consent",
    request: { query: AnalyticsScriptQuery },
    responses: { 200: { description: "JavaScript", content: { "text/javascript": { schema: AnalyticsScript } } } },
  }),
  (c) => {
    const site = c.get("site");
    const { id } = c.req.valid("query");
    if (site.gaMeasurementId !== id) throw notFound();
    return c.body(analyticsScript(id), 200, { "content-type": "text/javascript; charset=utf-8" });
  },
);

consentRouter.openapi(
  defineRoute({
    method: "get",
    path: "/client-id",
    operationId: "getClientId",
    tags: ["Diagnostics"],
    summary: "This browser's client id (the HttpOnly user-id cookie), shown on error pages as a code for customer service",
    access: "public",
    responses: { 200: jsonResponse(ClientId) },
  }),
  (c) => {
    const value = getCookie(c, "user-id") ?? null;
    return c.json({ clientId: value && /^[A-Za-z0-9._-]{1,100}$/.test(value) ? value : null }, 200);
  },
);
