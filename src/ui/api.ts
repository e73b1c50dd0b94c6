"use client";

import { notifications } from "@mantine/notifications";
import type { ErrorBody } from "@/api/schemas/errors";

/** The one shape of every API error (src/api/schemas/errors.ts). */
export type ApiErrorBody = ErrorBody;

export class ApiError extends Error {
  constructor(
    public status: number,
    public body: ApiErrorBody | null,
    public kind: "HTTP" | "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR" = "HTTP",
  ) {
    super(body?.error.message ?? kind);
  }
  fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.body?.error.details?.fields ?? []).map((f) => [f.path, f.message]));
  }
}

type Translate = (key: string, values?: Record<string, string>) => string;
type Has = (key: string) => boolean;

/**
 * The global API failure handler of spec §8: a translated title from the response, yellow for
 * 422 and red otherwise, auto-closing only below 500, one API error shown at a time.
 */
export function showApiError(error: ApiError, t: Translate, has: Has) {
  const body = error.body?.error;
  const key = body?.message;
  let title: string;
  if (body?.details?.customerFacing && key) title = key;
  else if (key && has(key)) title = t(key);
  else if (error.kind !== "HTTP" && has(`api.${error.kind}`)) title = t(`api.${error.kind}`);
  else title = t("api.something-went-wrong");
  const code = body?.details?.messageCode;
  notifications.hide("api-error");
  notifications.show({
    id: "api-error",
    title,
    message: code ? t("api.help-with-code", { code }) : undefined,
    color: error.status === 422 ? "yellow" : "red",
    autoClose: error.status < 500 ? 4000 : false,
    withCloseButton: true,
  });
}

export interface ApiOptions {
  method?: string;
  /** Sent as JSON, or as multipart/form-data when it is FormData (a file upload). */
  body?: unknown;
  /** Default: 30 s, or 5 minutes for FormData (a large file on a slow connection). */
  timeoutMs?: number;
  /** Extra request headers (an idempotency key). */
  headers?: Record<string, string>;
}

/** A random id (request ids, idempotency keys); also where crypto.randomUUID is unavailable (plain http). */
export function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Same-origin API calls with a request id; errors come back as ApiError. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  // The browser writes a form's content type itself, with the boundary of its parts.
  const form = opts.body instanceof FormData;
  const json = opts.body !== undefined && !form;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? (form ? 5 * 60_000 : 30_000));
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? "GET",
      headers: { "x-request-id": randomId(), ...(json ? { "content-type": "application/json" } : {}), ...opts.headers },
      body: form ? (opts.body as FormData) : json ? JSON.stringify(opts.body) : undefined,
      signal: controller.signal,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch (err) {
    throw new ApiError(0, null, (err as Error).name === "AbortError" ? "TIMEOUT_ERROR" : "FETCH_ERROR");
  } finally {
    clearTimeout(timer);
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    if (res.ok) throw new ApiError(res.status, null, "PARSING_ERROR");
  }
  if (!res.ok) throw new ApiError(res.status, data as ApiErrorBody | null);
  return data as T;
}
