import crypto from "node:crypto";
import zlib from "node:zlib";
import { OpenAPIHono } from "@hono/zod-openapi";
import { etag } from "hono/etag";
import { parseAccept } from "hono/utils/accept";
import type { AppEnv } from "./context";
import { handleError, zodIssuesToFields } from "./errors";
import { requestFront, requestSession } from "./middleware/pipeline";
import { sessionRouter } from "./routers/session";
import { meRouter } from "./routers/me";
import { settingsRouter } from "./routers/settings";
import { referenceRouter } from "./routers/reference";
import { logsRouter } from "./routers/logs";
import { signInRouter } from "./routers/sign-in";
import { invoicesRouter } from "./routers/invoices";
import { contractsRouter } from "./routers/contracts";
import { contractSigningRouter } from "./routers/contract-signing";
import { contractDocumentsRouter } from "./routers/contract-documents";
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
import { supportRouter } from "./routers/support";
import { deskRouter } from "./routers/desk";
import { outagesRouter } from "./routers/outages";
import { outagesImportRouter } from "./routers/outages-import";
import { loadControlRouter } from "./routers/load-control";
import { adminRouter } from "./routers/admin";
import { tokensRouter } from "./routers/tokens";
import { calendarRouter } from "./routers/tokens-calendar";
import { spreadsheetRouter } from "./routers/tokens-spreadsheet";
import { notificationsRouter } from "./routers/notifications";
import { docsPage } from "./docs-page";
import { handleAuthRequest } from "@/server/auth/endpoints";
import { validationError } from "@/server/errors";
import { APP_VERSION } from "@/lib/version";
import { docsPageCsp, newNonce } from "@/server/web/security-headers";

/** Area routers; later areas add theirs here. */
const ROUTERS = [
  sessionRouter,
  meRouter,
  settingsRouter,
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
  supportRouter,
  deskRouter,
  outagesRouter,
  outagesImportRouter,
  loadControlRouter,
  tokensRouter,
  calendarRouter,
  spreadsheetRouter,
  adminRouter,
  notificationsRouter,
  contractSigningRouter,
  contractsRouter,
  contractDocumentsRouter,
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

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(zodIssuesToFields(result.error));
    },
  }).basePath("/api");

  app.onError(handleError);
  app.notFound((c) => c.json({ error: { code: "not_found", message: "api.errors.not-found", status: 404 } }, 404));

  // Headers, body limit, request id, site, client id, CSRF (src/api/middleware/pipeline.ts).
  app.use("*", requestFront);

  // better-auth's endpoints the portal uses (sign-in callbacks, sign-out); the rest answer 404.
  app.on(["GET", "POST"], "/auth/*", (c) => handleAuthRequest(c.get("site"), c.req.raw));

  // After better-auth's endpoints, which read the request body themselves: the body's bytes, the
  // personal token or cookie session, the per-customer cache, the customer-service audit.
  app.use("*", requestSession);

  for (const router of ROUTERS) app.route("/", router);

  app.openAPIRegistry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: "portal.session_token",
    description: "The session cookie set at sign-in",
  });
  // Built and compressed on the first request and kept: the routes cannot change while the process runs.
  let document: EncodedDocument | undefined;
  // Hono's etag middleware answers 304 to a client holding the ETag the handler sets.
  app.get("/openapi.json", etag(), (c) => {
    document ??= encodeDocument(JSON.stringify(openApiDocument(app)));
    const headers = { "content-type": "application/json; charset=UTF-8", etag: document.etag, vary: "Accept-Encoding", "cache-control": "no-cache" };
    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    const body = encoding ? document[encoding] : document.identity;
    return c.body(body as Uint8Array<ArrayBuffer>, 200, encoding ? { ...headers, "content-encoding": encoding } : headers);
  });
  app.get("/docs", (c) => {
    const nonce = newNonce();
    c.header("content-security-policy", docsPageCsp(nonce));
    return c.html(docsPage(nonce));
  });
  return app;
}

export type App = ReturnType<typeof createApp>;

interface EncodedDocument {
  identity: Uint8Array;
  br: Uint8Array;
  gzip: Uint8Array;
  etag: string;
}

/** The document's bytes as sent: plain, Brotli and gzip (435 kB of JSON is a tenth of that compressed). */
function encodeDocument(json: string): EncodedDocument {
  const identity = Buffer.from(json);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
    etag: `"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 22)}"`,
  };
}

/** The encoding to answer with for an Accept-Encoding header: Brotli, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Set(
    parseAccept(header ?? "")
      .filter((a) => a.q > 0)
      .map((a) => a.type.toLowerCase()),
  );
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : undefined;
}

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
