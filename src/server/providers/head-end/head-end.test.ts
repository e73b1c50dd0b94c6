import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpHeadEnd } from "./http";
import { sandboxHeadEnd } from "./sandbox";
import { HeadEndError } from "./types";

/**
 * A head-end speaking the HTTP protocol the adapter is written for, on loopback: commands are
 * queued, then executed or failed at the meter after two status reads, a repeated reference is
 * the same command, and it can be told to fail with a 503.
 */
interface Remote {
  id: string;
  reads: number;
  body: Record<string, unknown>;
}
const commands = new Map<string, Remote>();
let unavailable = false;
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== "Bearer secret") return send(401, { error: "unauthorized" });
    if (unavailable) return send(503, { error: "maintenance" });
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/api/v1/relay-commands") {
        const body = JSON.parse(raw) as Record<string, unknown>;
        if (!["CONNECT", "DISCONNECT"].includes(String(body.action))) return send(400, { error: "action" });
        const existing = [...commands.values()].find((c) => c.body.reference === body.reference);
        if (existing) return send(202, { id: existing.id });
        const id = `HE-${commands.size + 1}`;
        commands.set(id, { id, reads: 0, body });
        return send(202, { id });
      }
      const m = /^\/api\/v1\/relay-commands\/([^/]+)$/.exec(req.url ?? "");
      if (req.method === "GET" && m) {
        const c = commands.get(decodeURIComponent(m[1]));
        if (!c) return send(404, { error: "not found" });
        c.reads++;
        if (c.reads < 2) return send(200, { id: c.id, status: c.reads === 0 ? "QUEUED" : "SENT" });
        if (c.body.meteringPoint === "643000000000000009") return send(200, { id: c.id, status: "FAILED", failureReason: "relay-stuck" });
        return send(200, { id: c.id, status: "EXECUTED", executedAt: "2026-01-01T10:00:05Z" });
      }
      send(404, { error: "no route" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});
afterAll(async () => new Promise<void>((r) => server.close(() => r())));

const command = (gsrn = "643000000000000001", commandId = "c-1") => ({ commandId, gsrn, meterNumber: "M-1", action: "off" as const });

describe("HTTP head-end adapter", () => {
  it("submits a command once per reference and follows it until the meter executes it", async () => {
    const he = httpHeadEnd({ baseUrl: base, token: "secret" });
    const { ref } = await he.submit(command());
    expect((await he.submit(command())).ref).toBe(ref);
    expect(commands.get(ref)!.body).toEqual({ reference: "c-1", meteringPoint: "643000000000000001", meter: "M-1", action: "DISCONNECT" });
    expect(await he.status(ref)).toEqual({ state: "pending" });
    expect(await he.status(ref)).toEqual({ state: "confirmed", at: "2026-01-01T10:00:05Z" });
  });

  it("reads a failure at the meter", async () => {
    const he = httpHeadEnd({ baseUrl: base, token: "secret" });
    const { ref } = await he.submit(command("643000000000000009", "c-2"));
    await he.status(ref);
    expect(await he.status(ref)).toEqual({ state: "failed", reason: "relay-stuck" });
  });

  it("tells refusals from outages of the head-end", async () => {
    const wrong = httpHeadEnd({ baseUrl: base, token: "wrong" });
    await expect(wrong.submit(command())).rejects.toMatchObject({ retryable: false });
    unavailable = true;
    try {
      await expect(httpHeadEnd({ baseUrl: base, token: "secret" }).submit(command())).rejects.toMatchObject({ retryable: true });
    } finally {
      unavailable = false;
    }
    const nowhere = httpHeadEnd({ baseUrl: "http://127.0.0.1:1/", token: "secret", timeoutMs: 2000 });
    const err = await nowhere.submit(command()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeadEndError);
    expect((err as HeadEndError).retryable).toBe(true);
  });
});

describe("sandbox head-end", () => {
  it("answers pending, then confirmed or failed, the same in every process", async () => {
    let now = 1_000_000;
    const a = sandboxHeadEnd({ delayMs: 5000, fails: (id) => id === "bad", now: () => now });
    const b = sandboxHeadEnd({ delayMs: 5000, fails: () => false, now: () => now });
    const ok = await a.submit(command("643000000000000001", "good"));
    const bad = await a.submit(command("643000000000000001", "bad"));
    expect(await a.status(ok.ref)).toEqual({ state: "pending" });
    now += 5000;
    expect(await b.status(ok.ref)).toEqual({ state: "confirmed", at: new Date(1_005_000).toISOString() });
    expect(await b.status(bad.ref)).toEqual({ state: "failed", reason: "meter-not-responding" });
    await expect(a.submit(command("123", "x"))).rejects.toBeInstanceOf(HeadEndError);
    await expect(a.status("nonsense")).rejects.toBeInstanceOf(HeadEndError);
  });
});
