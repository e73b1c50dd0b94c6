import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError, type FieldError } from "@/server/errors";

export function zodIssuesToFields(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.join("."),
    code: issue.code,
    message: `validation.${issue.code}`,
  }));
}

export function errorBody(code: string, message: string, status: number, details?: unknown) {
  return { error: { code, message, status, ...(details ? { details } : {}) } };
}

/** Every API error leaves in one shape; nothing internal (stack, SQL) ever does. */
export function handleError(err: unknown, c: Context) {
  if (err instanceof AppError) {
    const headers: Record<string, string> = {};
    if (err.code === "rate_limited" && typeof err.details?.retryAfter === "number") headers["retry-after"] = String(err.details.retryAfter);
    return c.json(errorBody(err.code, err.message, err.status, err.details), err.status as never, headers);
  }
  if (err instanceof ZodError) {
    return c.json(errorBody("validation", "api.errors.validation", 422, { fields: zodIssuesToFields(err) }), 422);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 400 ? "bad_request" : status === 401 ? "unauthenticated" : status === 403 ? "forbidden" : status === 404 ? "not_found" : "internal";
    return c.json(errorBody(code, `api.errors.${code.replace("_", "-")}`, status), status);
  }
  console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname} request=${c.get("requestId")}`, err);
  return c.json(errorBody("internal", "api.something-went-wrong", 500, { requestId: c.get("requestId") }), 500);
}
