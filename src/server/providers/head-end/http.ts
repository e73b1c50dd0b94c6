import "server-only";
import type { HeadEndAdapter, HeadEndState, RelayCommandRequest } from "./types";
import { HeadEndError } from "./types";

/**
 * A head-end's HTTP API (the shape AMI head-ends commonly offer for remote disconnect):
 *   POST {base}/relay-commands  { reference, meteringPoint, meter, action: "CONNECT" | "DISCONNECT" }
 *        → 202 { id }   (a repeated reference answers the same id: the head-end's idempotency)
 *   GET  {base}/relay-commands/{id}
 *        → 200 { id, status: "QUEUED" | "SENT" | "EXECUTED" | "FAILED", executedAt?, failureReason? }
 * Authorization: Bearer {token}. Answers of 5xx and network failures are retryable; 4xx are not.
 */
export function httpHeadEnd(opts: { baseUrl: string; token: string; timeoutMs?: number }): HeadEndAdapter {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const call = async (method: string, path: string, body?: unknown) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${opts.token}`, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new HeadEndError(`head-end unreachable: ${(err as Error).message}`, true);
    }
    const text = await res.text();
    if (!res.ok) throw new HeadEndError(`head-end answered ${res.status}`, res.status >= 500);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new HeadEndError("head-end answered no JSON", true);
    }
  };
  return {
    name: "http",
    async submit(command: RelayCommandRequest) {
      const answer = await call("POST", "/relay-commands", {
        reference: command.commandId,
        meteringPoint: command.gsrn,
        meter: command.meterNumber,
        action: command.action === "on" ? "CONNECT" : "DISCONNECT",
      });
      if (typeof answer.id !== "string" || !answer.id) throw new HeadEndError("head-end answered no command id", true);
      return { ref: answer.id };
    },
    async status(ref: string): Promise<HeadEndState> {
      const answer = await call("GET", `/relay-commands/${encodeURIComponent(ref)}`);
      switch (answer.status) {
        case "QUEUED":
        case "SENT":
          return { state: "pending" };
        case "EXECUTED":
          return { state: "confirmed", at: typeof answer.executedAt === "string" ? answer.executedAt : new Date().toISOString() };
        case "FAILED":
          return { state: "failed", reason: typeof answer.failureReason === "string" ? answer.failureReason.slice(0, 100) : "failed" };
        default:
          throw new HeadEndError(`head-end answered an unknown status`, true);
      }
    },
  };
}
