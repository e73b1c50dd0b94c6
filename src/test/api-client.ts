import { handleApiRequest } from "@/api/handler";
import { issueSandboxCode } from "@/server/auth/sandbox-broker";
import { getSiteById } from "@/server/sites/sites";

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls the real API router the way a browser on a site's host would: same-origin Origin
 * on state-changing requests and a cookie jar per client.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(
    public host: string,
    public opts: { origin?: string | null; ip?: string } = {},
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
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    }
    const res = await handleApiRequest(new Request(`http://${this.host}${path}`, { method, headers, body, redirect: "manual" }));
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
