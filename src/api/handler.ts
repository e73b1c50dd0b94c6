import { getApp } from "./app";

/**
 * The query rules of spec §7, applied before routing: empty and "null" values are skipped,
 * and arrays in bracket format (series[]=a&series[]=b) become repeated keys.
 */
export function normalizeQuery(url: URL): URL {
  const out = new URL(url.toString());
  const entries = [...url.searchParams.entries()];
  out.search = "";
  for (const [rawKey, value] of entries) {
    if (value === "" || value === "null" || value === "undefined") continue;
    const key = rawKey.replace(/\[\d*\]$/, "");
    out.searchParams.append(key, value);
  }
  return out;
}

export async function handleApiRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const normalized = normalizeQuery(url);
  if (normalized.search === url.search) return getApp().fetch(request);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const req = new Request(normalized, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
  return getApp().fetch(req);
}
