import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";
import type { Feature } from "@/lib/features";
import { AppError, forbidden, notFound, unauthenticated } from "@/server/errors";

/**
 * Who may call an endpoint:
 * - public: anyone on the site;
 * - person: a signed-in person of this site;
 * - customer: a signed-in person acting for a customer (their own, represented, or as customer service);
 * - customer_service / site_admin: staff of this site.
 */
export type Access = "public" | "person" | "customer" | "customer_service" | "site_admin";

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string().openapi({ description: "Translation key" }),
      status: z.number().int(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .openapi("Error");

function guard(access: Access, feature?: Feature) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (feature && !c.get("site").features.includes(feature)) throw notFound("api.errors.feature-disabled");
    if (access !== "public") {
      if (c.get("foreignSession")) throw notFound();
      const session = c.get("session");
      if (!session) throw unauthenticated();
      if (access === "customer" && !session.activeCustomer) throw new AppError("forbidden", "api.errors.no-active-customer");
      if ((access === "customer_service" || access === "site_admin") && !session.roles.includes(access)) throw forbidden();
    }
    await next();
  });
}

const errorResponses = {
  401: { description: "Not signed in", content: { "application/json": { schema: ErrorSchema } } },
  403: { description: "Not allowed, or a foreign Origin", content: { "application/json": { schema: ErrorSchema } } },
  404: { description: "Not found, outside the caller's site or customers, or the feature is off", content: { "application/json": { schema: ErrorSchema } } },
  422: { description: "Invalid input, with field errors", content: { "application/json": { schema: ErrorSchema } } },
} as const;

type Defined<R extends RouteConfig> = R & { "x-access": Access; "x-feature"?: Feature };

/** An OpenAPI route whose access rule and feature are both enforced and written into the document. */
export function defineRoute<R extends RouteConfig>(config: R & { access: Access; feature?: Feature }): Defined<R> {
  const { access, feature, ...rest } = config;
  const middleware = [guard(access, feature), ...(rest.middleware ? ([] as unknown[]).concat(rest.middleware) : [])];
  return createRoute({
    ...rest,
    middleware: middleware as never,
    security: access === "public" ? [] : [{ sessionCookie: [] }],
    responses: { ...errorResponses, ...rest.responses },
    "x-access": access,
    ...(feature ? { "x-feature": feature } : {}),
  } as unknown as R) as unknown as Defined<R>;
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
export const jsonResponse = <T extends z.ZodType>(schema: T, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});

/** A query value that may come once or repeated (a[]=1&a[]=2 is normalised before routing). */
export const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item));
