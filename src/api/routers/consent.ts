import { OpenAPIHono, z } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { bumpConsentRevision, getConsentRevision, recordConsent } from "@/server/consent/consent";
import { analyticsScript, MEASUREMENT_ID } from "@/server/consent/analytics";
import { enforceRateLimit } from "@/server/rate-limit";
import { notFound } from "@/server/errors";

const CATEGORY = z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/);

/** The cookie-consent library's cookie value (spec §3 Consent record) plus how it was given. */
const ConsentRecord = z
  .object({
    consentId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
    acceptType: z.enum(["all", "custom", "necessary"]).nullable().optional(),
    categories: z.array(CATEGORY).max(20),
    services: z.record(CATEGORY, z.array(z.string().regex(/^[A-Za-z0-9 ._:-]{1,60}$/)).max(50)).default({}),
    revision: z.number().int().min(0).max(1_000_000),
    data: z
      .unknown()
      .optional()
      .refine((v) => v === undefined || (JSON.stringify(v).length <= 4000 && !JSON.stringify(v).includes("\\u0000")), { message: "data too large or not storable" }),
    languageCode: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/),
    consentTimestamp: z.string().datetime({ offset: true }),
    lastConsentTimestamp: z.string().datetime({ offset: true }),
    expirationTime: z.number().int().nonnegative().nullable().optional(),
  })
  .strict()
  .openapi("ConsentRecord");

export const consentRouter = new OpenAPIHono<AppEnv>();

consentRouter.openapi(
  defineRoute({
    method: "post",
    path: "/consent",
    tags: ["Cookie consent"],
    summary: "Record a visitor's cookie-consent decision, so the supplier can prove it later",
    access: "public",
    feature: "cookie-consent",
    request: { body: jsonBody(ConsentRecord) },
    responses: { 201: jsonResponse(z.object({ id: z.string() }), "Recorded") },
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
    tags: ["Cookie consent"],
    summary: "The site's consent policy revision",
    access: "public",
    feature: "cookie-consent",
    responses: { 200: jsonResponse(z.object({ revision: z.number().int() })) },
  }),
  async (c) => c.json({ revision: await getConsentRevision(c.get("site").id) }, 200),
);

consentRouter.openapi(
  defineRoute({
    method: "put",
    path: "/consent/revision",
    tags: ["Cookie consent"],
    summary: "Raise the consent policy revision after the cookie policy changed: every visitor is asked again (administrators)",
    access: "site_admin",
    feature: "cookie-consent",
    responses: { 200: jsonResponse(z.object({ revision: z.number().int() })) },
  }),
  async (c) => c.json({ revision: await bumpConsentRevision(c.get("site").id) }, 200),
);

consentRouter.openapi(
  defineRoute({
    method: "get",
    path: "/consent/analytics.js",
    tags: ["Cookie consent"],
    summary: "The analytics tag, loaded by the page only after the visitor accepted analytics cookies",
    description:
      "A first-party stand-in for the tag service: defines window.dataLayer and window.gtag and sets the _ga cookies, sending nothing to another host. A production deployment reporting to Google Analytics loads the real tag instead.",
    access: "public",
    feature: "cookie-consent",
    request: { query: z.object({ id: z.string().regex(MEASUREMENT_ID) }) },
    responses: { 200: { description: "JavaScript", content: { "text/javascript": { schema: z.string() } } } },
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
    tags: ["Diagnostics"],
    summary: "This browser's client id (the HttpOnly user-id cookie), shown on error pages as a code for customer service",
    access: "public",
    responses: { 200: jsonResponse(z.object({ clientId: z.string().nullable() })) },
  }),
  (c) => {
    const value = getCookie(c, "user-id") ?? null;
    return c.json({ clientId: value && /^[A-Za-z0-9._-]{1,100}$/.test(value) ? value : null }, 200);
  },
);
