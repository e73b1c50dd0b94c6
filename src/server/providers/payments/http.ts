import "server-only";
import crypto from "node:crypto";
import { ProviderError } from "./types";

const TIMEOUT_MS = 15_000;

/** JSON over HTTP with a timeout; non-2xx answers become ProviderError with the status. */
export async function requestJson<T>(url: string, init: { method: string; headers?: Record<string, string>; body?: string; accept?: number[] }): Promise<{ status: number; body: T }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { accept: "application/json", ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "manual",
    });
  } catch (err) {
    throw new ProviderError(`${init.method} ${new URL(url).pathname} failed: ${(err as Error).message}`);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const accepted = res.ok || (init.accept ?? []).includes(res.status);
  if (!accepted) throw new ProviderError(`${init.method} ${new URL(url).pathname} answered ${res.status}`, res.status);
  return { status: res.status, body: body as T };
}

export function basicAuth(user: string, secret: string): string {
  return `Basic ${Buffer.from(`${user}:${secret}`).toString("base64")}`;
}

export function timingSafeEqualText(a: string, b: string): boolean {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb) && a.length === b.length;
}

/** A setting that may hold the secret itself or name an environment variable holding it. */
export function secretSetting(settings: Record<string, unknown>, key: string): string | null {
  const direct = settings[key];
  if (typeof direct === "string" && direct) return direct;
  const envName = settings[`${key}Env`];
  if (typeof envName === "string" && envName && process.env[envName]) return process.env[envName]!;
  return null;
}

export function stringSetting(settings: Record<string, unknown>, key: string, fallback?: string): string {
  const value = settings[key];
  if (typeof value === "string" && value) return value;
  if (fallback !== undefined) return fallback;
  throw new ProviderError(`Payment provider setting ${key} is missing`);
}

/** Reads parameters of a callback from its query string and its form or JSON body. */
export function callbackParams(query: URLSearchParams, body: string, contentType: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of query) out[k] = v;
  if (!body) return out;
  if ((contentType ?? "").includes("application/json")) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      for (const [k, v] of Object.entries(parsed ?? {})) if (typeof v === "string" || typeof v === "number") out[k] = String(v);
    } catch {
      return out;
    }
  } else {
    for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  }
  return out;
}
