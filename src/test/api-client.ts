import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApiListener } from "@/api/listener";
import { issueSandboxCode } from "@/server/auth/sandbox-broker";
import { getSiteById } from "@/server/sites/sites";

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

let serverPort: Promise<number> | undefined;
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * The API as the portal serves it: the same Node listener scripts/server.ts uses, on an ephemeral
 * loopback port of this test process, so every call is a real HTTP request through it. The proxy
 * is trusted so a test can speak for different client addresses with X-Forwarded-For.
 */
export function apiServerPort(): Promise<number> {
  serverPort ??= new Promise((resolve, reject) => {
    const server = http.createServer(createApiListener({ trustProxy: true }));
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    server.unref();
  });
  return serverPort;
}

/** Sends a request over loopback HTTP and gives the answer as a fetch Response (bodies of any status). */
export async function httpRequest(method: string, path: string, headers: Record<string, string>, body?: string | Uint8Array, toPort?: number): Promise<Response> {
  const port = toPort ?? (await apiServerPort());
  if (body !== undefined) headers = { ...headers, "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
        }
        const status = res.statusCode ?? 500;
        const noBody = status === 204 || status === 304 || method === "HEAD";
        const payload = Buffer.concat(chunks);
        const response = new Response(noBody ? null : payload, { status: status < 200 ? 500 : status, headers: out });
        resolve(response);
      });
    });
    req.on("error", reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/**
 * Calls the real API router the way a browser on a site's host would: same-origin Origin
 * on state-changing requests and a cookie jar per client.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(
    public host: string,
    /** port: another portal process's API (see api-server-child.ts) instead of this process's. */
    public opts: { origin?: string | null; ip?: string; port?: number } = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async raw(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { host: this.host, "x-forwarded-for": this.opts.ip ?? "127.0.0.1", ...init.headers };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const origin = this.opts.origin === undefined ? `http://${this.host}` : this.opts.origin;
    if (origin !== null && method !== "GET" && method !== "HEAD" && !init.headers?.origin) headers.origin = origin;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    }
    const res = await httpRequest(method, path, headers, body as string | undefined, this.opts.port);
    this.absorb(res);
    return res;
  }

  async call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>> {
    const res = await this.raw(method, path, { body, headers });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get<T = any>(path: string) {
    return this.call<T>("GET", path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.call<T>("POST", path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.call<T>("PUT", path, body ?? {});
  }

  /** Signs in through the sandbox e-identification flow, exactly as the browser does. */
  async signInSandbox(siteId: string, identity: { identityId: string } | { ssn: string; name: string }, callbackURL = "/") {
    const start = await this.raw("GET", `/api/auth/sandbox-eid/authorize?callbackURL=${encodeURIComponent(callbackURL)}`);
    if (start.status !== 302) throw new Error(`authorize answered ${start.status}: ${await start.text()}`);
    const state = new URL(start.headers.get("location")!, `http://${this.host}`).searchParams.get("state")!;
    const site = await getSiteById(siteId);
    const { code } = await issueSandboxCode(site!, state, identity);
    const done = await this.raw("GET", `/api/auth/sandbox-eid/callback?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}`);
    if (done.status !== 302) throw new Error(`callback answered ${done.status}: ${await done.text()}`);
    return done.headers.get("location");
  }
}
