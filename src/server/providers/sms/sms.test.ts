import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { smsMessages } from "@/server/db/schema";
import { httpSms, sandboxSms, SmsRejected } from "./sms";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: { from: string; to: string; text: string; reference: string };
}

/** A gateway on loopback: checks the bearer key, keeps messages by idempotency key, answers as told. */
function startGateway(key: string) {
  const received: Received[] = [];
  const seen = new Set<string>();
  let answer: number | null = null;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/messages") return res.writeHead(404).end();
      if (req.headers.authorization !== `Bearer ${key}`) return res.writeHead(401).end('{"error":"unauthorized"}');
      if (answer) return res.writeHead(answer).end('{"error":"told to"}');
      const body = JSON.parse(raw) as Received["body"];
      const idem = String(req.headers["idempotency-key"]);
      if (seen.has(idem)) return res.writeHead(409).end('{"error":"duplicate"}');
      seen.add(idem);
      received.push({ headers: req.headers, body });
      res.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ id: `m${received.length}` }));
    });
  });
  return new Promise<{ url: string; received: Received[]; answerWith: (s: number | null) => void; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/v1/messages`,
        received,
        answerWith: (s) => (answer = s),
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

let cleanup: () => Promise<void>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  gateway = await startGateway("test-key-123");
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  await cleanup();
});

describe("SMS over HTTP", () => {
  it("posts the message as JSON with the bearer key and the idempotency key", async () => {
    const port = httpSms({ url: gateway.url, apiKey: "test-key-123", sender: "Aurora" });
    expect(await port.send({ siteId: "aurora", to: "+37255512345", text: "Hello ä", idempotencyKey: "k-1" })).toEqual({ sent: true });
    expect(gateway.received).toHaveLength(1);
    const [m] = gateway.received;
    expect(m.body).toEqual({ from: "Aurora", to: "+37255512345", text: "Hello ä", reference: "k-1" });
    expect(m.headers["idempotency-key"]).toBe("k-1");
    expect(m.headers["content-type"]).toBe("application/json");
  });

  it("sends a repeated key once: the gateway's 409 is not an error", async () => {
    const port = httpSms({ url: gateway.url, apiKey: "test-key-123", sender: "Aurora" });
    const before = gateway.received.length;
    expect(await port.send({ siteId: "aurora", to: "+37255512345", text: "Again", idempotencyKey: "k-2" })).toEqual({ sent: true });
    expect(await port.send({ siteId: "aurora", to: "+37255512345", text: "Again", idempotencyKey: "k-2" })).toEqual({ sent: false });
    expect(gateway.received.length).toBe(before + 1);
  });

  it("rejects a wrong key and a refused message for good, and lets passing troubles be retried", async () => {
    const wrong = httpSms({ url: gateway.url, apiKey: "nope", sender: "Aurora" });
    await expect(wrong.send({ siteId: "aurora", to: "+37255512345", text: "x", idempotencyKey: "k-3" })).rejects.toBeInstanceOf(SmsRejected);
    const port = httpSms({ url: gateway.url, apiKey: "test-key-123", sender: "Aurora" });
    gateway.answerWith(422);
    await expect(port.send({ siteId: "aurora", to: "+1", text: "x", idempotencyKey: "k-4" })).rejects.toBeInstanceOf(SmsRejected);
    for (const status of [429, 503]) {
      gateway.answerWith(status);
      const err = await port.send({ siteId: "aurora", to: "+37255512345", text: "x", idempotencyKey: "k-5" }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(SmsRejected);
      expect((err as Error).message).toContain(String(status));
    }
    gateway.answerWith(null);
    expect(await port.send({ siteId: "aurora", to: "+37255512345", text: "x", idempotencyKey: "k-5" })).toEqual({ sent: true });
  });

  it("fails on a gateway that does not answer in time, and on a closed port", async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", () => r()));
    const { port: silentPort } = silent.address() as AddressInfo;
    try {
      const port = httpSms({ url: `http://127.0.0.1:${silentPort}/v1/messages`, apiKey: "k", sender: "A", timeoutMs: 300 });
      await expect(port.send({ siteId: "aurora", to: "+37255512345", text: "x", idempotencyKey: "k-6" })).rejects.toThrow();
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(() => r(undefined)));
    }
    const closed = httpSms({ url: `http://127.0.0.1:${silentPort}/v1/messages`, apiKey: "k", sender: "A", timeoutMs: 1000 });
    await expect(closed.send({ siteId: "aurora", to: "+37255512345", text: "x", idempotencyKey: "k-7" })).rejects.toThrow();
  });

  it("refuses a plain-http gateway that is not on loopback", () => {
    expect(() => httpSms({ url: "http://sms.example.com/send", apiKey: "k", sender: "A" })).toThrow(/https/);
    expect(() => httpSms({ url: "https://sms.example.com/send", apiKey: "k", sender: "A" })).not.toThrow();
  });
});

describe("SMS sandbox", () => {
  it("keeps a message once per key, on its site", async () => {
    const message = { siteId: "aurora", to: "+37255500000", text: "Sandbox", idempotencyKey: "s-1" };
    expect(await sandboxSms.send(message)).toEqual({ sent: true });
    expect(await sandboxSms.send(message)).toEqual({ sent: false });
    const db = await getDb();
    const rows = await db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.siteId, "aurora"), eq(smsMessages.idempotencyKey, "s-1")));
    expect(rows.map((r) => [r.to, r.text])).toEqual([["+37255500000", "Sandbox"]]);
  });
});
