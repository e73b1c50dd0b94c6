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

/** Codes of the HTTP errors Hono and its validators throw (message: `api.errors.<code with dashes>`). */
const HTTP_EXCEPTION_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  415: "unsupported_media_type",
};

/** PostgreSQL's refusals of text it cannot store (NUL in text or jsonb): the request's fault, not the server's. */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);
function isUnstorableText(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (UNSTORABLE_TEXT.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
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
    const code = HTTP_EXCEPTION_CODES[status] ?? (status < 500 ? "bad_request" : "internal");
    return c.json(errorBody(code, `api.errors.${code.replaceAll("_", "-")}`, status), status);
  }
  if (isUnstorableText(err)) return c.json(errorBody("bad_request", "api.errors.unreadable-body", 400), 400);
  console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname} request=${c.get("requestId")}`, err);
  return c.json(errorBody("internal", "api.something-went-wrong", 500, { requestId: c.get("requestId") }), 500);
}
