import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { handleError, zodIssuesToFields } from "./errors";
import { clientId, csrf, requestId } from "./middleware/request";
import { sessionLoader, siteFromHost } from "./middleware/site";
import { customerServiceAudit } from "./middleware/audit";
import { sessionRouter } from "./routers/session";
import { meRouter } from "./routers/me";
import { referenceRouter } from "./routers/reference";
import { logsRouter } from "./routers/logs";
import { signInRouter } from "./routers/sign-in";
import { invoicesRouter } from "./routers/invoices";
import { paymentsRouter } from "./routers/payments";
import { dashboardRouter } from "./routers/dashboard";
import { chartsRouter } from "./routers/charts";
import { locationsRouter } from "./routers/locations";
import { usagePointsRouter } from "./routers/usage-points";
import { importRouter } from "./routers/import";
import { feedbackRouter } from "./routers/feedback";
import { announcementsRouter } from "./routers/announcements";
import { consentRouter } from "./routers/consent";
import { jobsRouter } from "./routers/jobs";
import { docsPage } from "./docs-page";
import { getAuth, requestOrigin } from "@/server/auth/auth";
import { loadSession } from "@/server/auth/session";
import { personSessionsChanged } from "@/server/auth/session-cache";
import { validationError } from "@/server/errors";
import { APP_VERSION } from "@/lib/version";

/** Area routers; later areas add theirs here. */
const ROUTERS = [
  sessionRouter,
  meRouter,
  referenceRouter,
  logsRouter,
  signInRouter,
  invoicesRouter,
  paymentsRouter,
  dashboardRouter,
  chartsRouter,
  locationsRouter,
  usagePointsRouter,
  importRouter,
  feedbackRouter,
  announcementsRouter,
  consentRouter,
  jobsRouter,
];

const OPENAPI_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "Energy portal API",
    version: APP_VERSION,
    description:
      "The self-service portal's API. Every endpoint is scoped to the site of the request's host and, where signed in, to the active customer. Errors share one shape: { error: { code, message, status, details? } } where message is a translation key.",
    // The API is offered to the suppliers' integrators under their agreements, not under a public licence.
    license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
  },
  servers: [{ url: "/" }],
};

/** Headers every API answer carries (pages get theirs from next.config.ts). */
const SECURITY_HEADERS: [string, string][] = [
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["x-frame-options", "DENY"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=()"],
];

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(zodIssuesToFields(result.error));
    },
  }).basePath("/api");

  app.onError(handleError);
  app.notFound((c) => c.json({ error: { code: "not_found", message: "api.errors.not-found", status: 404 } }, 404));

  app.use("*", async (c, next) => {
    // Set before the handler, so the answer is built with them (adding headers to a finished
    // response makes a copy of it); answers built elsewhere (better-auth's) get them after.
    c.header("cache-control", "no-store");
    for (const [name, value] of SECURITY_HEADERS) c.header(name, value);
    await next();
    if (!c.res.headers.has("x-content-type-options")) {
      if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
      for (const [name, value] of SECURITY_HEADERS) c.header(name, value);
    }
  });
  app.use("*", requestId);
  app.use("*", siteFromHost);
  app.use("*", clientId);
  app.use("*", csrf);

  // better-auth's own endpoints (sessions, magic-link verification, OAuth callbacks, sandbox e-ID).
  app.on(["GET", "POST"], "/auth/*", async (c) => {
    const site = c.get("site");
    const auth = await getAuth(site, requestOrigin(c.req.raw.headers, c.req.url));
    // A change through better-auth (sign-out, revoking sessions, …) may touch any of the caller's
    // sessions: every process forgets them, so the next request reads them afresh.
    const caller = c.req.method === "POST" ? await loadSession(site, c.req.raw.headers, c.req.url) : null;
    const res = await auth.handler(c.req.raw);
    if (caller?.kind === "ok") await personSessionsChanged(caller.session.person.id);
    return res;
  });

  app.use("*", sessionLoader);
  app.use("*", customerServiceAudit);

  for (const router of ROUTERS) app.route("/", router);

  app.openAPIRegistry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: "portal.session_token",
    description: "The session cookie set at sign-in",
  });
  // Built on the first request and kept: the routes cannot change while the process runs.
  let document: Uint8Array | undefined;
  app.get("/openapi.json", (c) => {
    document ??= new TextEncoder().encode(JSON.stringify(openApiDocument(app)));
    return c.body(document as Uint8Array<ArrayBuffer>, 200, { "content-type": "application/json; charset=UTF-8" });
  });
  app.get("/docs", (c) => c.html(docsPage()));
  return app;
}

export type App = ReturnType<typeof createApp>;

/** The OpenAPI document of an app: generated from the routes' schemas, never written by hand. */
export function openApiDocument(app: App) {
  return app.getOpenAPI31Document(OPENAPI_CONFIG);
}

const APP = Symbol.for("portal.api.app");
const g = globalThis as typeof globalThis & { [APP]?: App };
export function getApp(): App {
  g[APP] ??= createApp();
  return g[APP];
}
