import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./context";
import { csrfExempt } from "./middleware/request";
import { tokenAllowed } from "./middleware/personal-token";
import { keepAnswersOf } from "./kept-answers";
import { ErrorBody } from "./schemas/errors";
import type { Feature } from "@/lib/features";
import type { TokenScope } from "@/server/tokens/scopes";
import { AppError, forbidden, notFound, unauthenticated } from "@/server/errors";

/**
 * Who may call an endpoint:
 * - public: anyone on the site;
 * - person: a signed-in person of this site;
 * - customer: a signed-in person acting for a customer (their own, represented, or as customer service);
 * - customer_service / site_admin: staff of this site.
 */
export type Access = "public" | "person" | "customer" | "customer_service" | "site_admin";

/** The statuses an API error can have (src/server/errors.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;

function guard(access: Access, feature?: Feature, token?: TokenScope) {
  // Not async: it waits on nothing, and a layer that returns `next()` costs no promise of its own.
  return createMiddleware<AppEnv>((c, next) => {
    if (!tokenAllowed(c, token)) throw forbidden("tokens.errors.not-allowed");
    if (feature && !c.get("site").features.includes(feature)) throw notFound("api.errors.feature-disabled");
    if (access !== "public") {
      if (c.get("foreignSession")) throw notFound();
      const session = c.get("session");
      if (!session) throw unauthenticated();
      if (access === "customer" && !session.activeCustomer) throw new AppError("forbidden", "api.errors.no-active-customer");
      if ((access === "customer_service" || access === "site_admin") && !session.roles.includes(access)) throw forbidden();
    }
    return next();
  });
}

/** What every endpoint declares besides its OpenAPI route: the document and generated clients need all of it. */
export interface RouteContract {
  access: Access;
  feature?: Feature;
  /** Unique and camelCase, verb first (`listInvoices`): the method name in generated clients. */
  operationId: string;
  summary: string;
  tags: [string, ...string[]];
  /** The personal API token scope that may call this read endpoint; without it a token is refused (403). */
  token?: TokenScope;
  /**
   * The answer is the same for every anonymous caller of a site and changes only with the reference
   * data or the site: its 200 answers are kept and written by the listener (src/api/kept-answers.ts).
   * Only for a public GET.
   */
  kept?: true;
  /** Errors the handler itself answers, beyond those of access, feature, CSRF and input, each with why. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

type Defined<R extends RouteConfig> = R & { "x-access": Access; "x-feature"?: Feature; "x-token-scope"?: TokenScope };

const ACCESS_403: Partial<Record<Access, string>> = {
  customer: "No active customer",
  customer_service: "Not customer-service staff of this site",
  site_admin: "Not an administrator of this site",
};

/** The error answers a route can give, each with the reasons it may be given. */
function errorReasons(config: RouteConfig & RouteContract): Map<ErrorStatus, string[]> {
  const reasons = new Map<ErrorStatus, string[]>();
  const add = (status: ErrorStatus, why: string) => reasons.set(status, [...(reasons.get(status) ?? []), why]);
  const request = config.request;
  const body = request?.body?.content;
  if (body && "application/json" in body) add(400, "The body is not JSON");
  if (config.access !== "public") {
    add(401, "Not signed in");
    add(404, "The session belongs to another site");
  }
  const forbiddenWhy = ACCESS_403[config.access];
  if (forbiddenWhy) add(403, forbiddenWhy);
  if (!["get", "head", "options"].includes(config.method) && !csrfExempt(`/api${config.path}`)) add(403, "The Origin header is not this site's");
  if (config.feature) add(404, `The site has the feature ${config.feature} off`);
  add(401, "A personal API token that is unknown, revoked, expired or of another site");
  add(403, config.token ? `A personal API token without the scope ${config.token}` : "A personal API token: this operation does not accept one");
  add(429, "A personal API token over its rate limit");
  if (request && (request.params || request.query || request.headers || request.cookies || body)) add(422, "Invalid input: details.fields names each problem");
  for (const [status, why] of Object.entries(config.errors ?? {})) add(Number(status) as ErrorStatus, why);
  add(404, "No site has the request's host (a plain-text answer)");
  add(500, "An unexpected failure: details.requestId names it for customer service");
  return reasons;
}

const PlainNotFound = z.string().openapi({ example: "Not Found" });

const errorResponse = (status: ErrorStatus, reasons: string[]) => ({
  description: reasons.join("; "),
  content: { "application/json": { schema: ErrorBody }, ...(status === 404 ? { "text/plain": { schema: PlainNotFound } } : {}) },
  ...(status === 429 ? { headers: { "retry-after": { description: "Seconds until the call may be repeated", schema: { type: "integer" as const } } } } : {}),
});

/**
 * An OpenAPI route whose access rule and feature are both enforced and written into the document
 * (`x-access`, `x-feature`), with the error answers it can give. operationId, summary and a tag
 * are required, so every endpoint has a name and a line of documentation in generated clients.
 */
export function defineRoute<R extends RouteConfig>(config: R & RouteContract): Defined<R> {
  const { access, feature, token, kept, errors: _errors, ...rest } = config;
  if (kept) {
    if (access !== "public" || rest.method !== "get") throw new Error(`Only a public GET may keep its answers: ${rest.method} ${rest.path}`);
    keepAnswersOf(rest.path);
  }
  const middleware = [guard(access, feature, token), ...(rest.middleware ? ([] as unknown[]).concat(rest.middleware) : [])];
  const errors = Object.fromEntries([...errorReasons(config)].map(([status, reasons]) => [status, errorResponse(status, reasons)]));
  return createRoute({
    ...rest,
    middleware: middleware as never,
    security: rest.security ?? (access === "public" ? [] : token ? [{ sessionCookie: [] }, { personalToken: [] }] : [{ sessionCookie: [] }]),
    responses: { ...errors, ...rest.responses },
    "x-access": access,
    ...(feature ? { "x-feature": feature } : {}),
    ...(token ? { "x-token-scope": token } : {}),
  } as unknown as R) as unknown as Defined<R>;
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
export const jsonResponse = <T extends z.ZodType>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});

const ENCODED = new WeakMap<object, string>();
/**
 * The JSON of a value that a cache shares between requests and nobody changes (a customer's kept
 * invoice list): encoded once for as long as the value lives, not per answer.
 */
export function encodedOnce(value: object): string {
  let json = ENCODED.get(value);
  if (json === undefined) ENCODED.set(value, (json = JSON.stringify(value)));
  return json;
}

/**
 * What `c.json(body, status)` answers (the same headers), for a body already written as JSON text
 * (parts of it from `encodedOnce`); `T` is the route's response type, so the route stays typed.
 */
export function encodedJson<T, S extends ContentfulStatusCode>(c: Context, text: string, status: S): Response & TypedResponse<T, S, "json"> {
  const res: Response = c.body(text, status, { "content-type": "application/json" });
  return res as Response & TypedResponse<T, S, "json">;
}
