import "server-only";
import type { FieldError } from "@/lib/errors";

/** The one error type of the server. `message` is a translation key (spec §8). */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type { FieldError };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: { fields?: FieldError[]; messageCode?: string; customerFacing?: boolean; [k: string]: unknown };

  constructor(code: ErrorCode, messageKey: string, details?: AppError["details"]) {
    // An answer to the caller (4xx) needs no stack, and capturing one was most of what a refused
    // request cost; a server error (5xx) keeps its stack for the log.
    const limit = Error.stackTraceLimit;
    if (ERROR_STATUS[code] < 500) Error.stackTraceLimit = 0;
    super(messageKey);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

export const notFound = (key = "api.errors.not-found") => new AppError("not_found", key);
export const forbidden = (key = "api.errors.forbidden") => new AppError("forbidden", key);
export const unauthenticated = () => new AppError("unauthenticated", "api.errors.session-required");
export const validationError = (fields: FieldError[], key = "api.errors.validation") => new AppError("validation", key, { fields });
