import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpSigningProvider } from "./http";
import { SigningError } from "./types";

/**
 * A document gateway speaking the protocol the adapter is written for (Dokobit's Documents
 * Gateway style), on loopback: files are uploaded as base64, a signing is created for them with
 * one signer, the signer signs or declines at the gateway, and the signed PDF is downloaded.
 */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const files = new Map<string, Buffer>();
const signings = new Map<string, { file: string; signer: Record<string, unknown>; state: "pending" | "signed" | "declined" | "expired"; body: Record<string, unknown> }>();
let unavailable = false;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://gateway");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (u.searchParams.get("access_token") !== "secret") return send(401, { status: "error", message: "access denied" });
    if (unavailable) return send(503, { status: "error", message: "maintenance" });
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as Record<string, any>) : {};
      if (req.method === "POST" && u.pathname === "/api/file/upload.json") {
        const content = Buffer.from(String(body.file?.content ?? ""), "base64");
        if (!body.file?.name || content.subarray(0, 5).toString() !== "%PDF-") return send(400, { status: "error", message: "file" });
        const token = `F${files.size + 1}`;
        files.set(token, content);
        return send(200, { status: "ok", token });
      }
      if (req.method === "POST" && u.pathname === "/api/signing/create.json") {
        if (body.type !== "pdf" || !files.has(body.files?.[0]?.token)) return send(200, { status: "error", message: "Invalid file token" });
        const token = `S${signings.size + 1}`;
        const signer = body.signers[0];
        signings.set(token, { file: body.files[0].token, signer, state: "pending", body });
        return send(200, { status: "ok", token, signers: { [signer.id]: `A-${token}` } });
      }
      const m = /^\/api\/signing\/([^/]+)\/(status\.json|download)$/.exec(u.pathname);
      const s = m ? signings.get(decodeURIComponent(m[1])) : undefined;
      if (req.method === "GET" && m && !s) return send(404, { status: "error", message: "not found" });
      if (req.method === "GET" && m && s && m[2] === "status.json") {
        return send(200, {
          status: "ok",
          signing: { status: s.state === "signed" ? "completed" : s.state === "expired" ? "expired" : "pending" },
          signers: [
            { id: s.signer.id, status: s.state === "declined" ? "declined" : s.state === "signed" ? "signed" : "pending", ...(s.state === "signed" ? { signing_time: "2026-05-01T10:00:00Z" } : {}) },
          ],
        });
      }
      if (req.method === "GET" && m && s && m[2] === "download") {
        if (s.state !== "signed") return send(400, { status: "error", message: "not signed" });
        res.writeHead(200, { "content-type": "application/pdf" });
        return res.end(Buffer.concat([files.get(s.file)!, Buffer.from("%signed\n")]));
      }
      send(404, { status: "error", message: "no route" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((r) => server.close(() => r())));

const input = (reference: string) => ({
  siteId: "aurora",
  reference,
  filename: "contract-FI1.pdf",
  pdf: PDF,
  signer: { name: "Aino Maria Virtanen", personalCode: "010190-123A", country: "FI" },
  language: "fi-FI",
  returnUrl: "https://aurora.example/contracts/sign/confirmation?signingToken=x",
  expiresAt: new Date("2030-01-01T00:00:00Z"),
});

describe("HTTP signing gateway adapter", () => {
  it("uploads the PDF, creates a signing for the signer and sends them to the gateway's page", async () => {
    const gw = httpSigningProvider({ baseUrl: `${base}/`, accessToken: "secret" });
    const { token, signingUrl } = await gw.start(input("r-1"));
    expect(signingUrl).toBe(`${base}/signing/${token}?access_token=A-${token}`);
    const s = signings.get(token)!;
    expect(files.get(s.file)).toEqual(PDF);
    expect(s.signer).toEqual({ id: "r-1", name: "Aino", surname: "Maria Virtanen", code: "010190-123A", country_code: "fi" });
    expect(s.body).toMatchObject({ type: "pdf", name: "contract-FI1.pdf", language: "fi", redirect_uri: input("r-1").returnUrl, deadline: "2030-01-01T00:00:00.000Z" });
    expect(await gw.status(token)).toEqual({ state: "pending", signedAt: null });
    await expect(gw.download(token)).rejects.toBeInstanceOf(SigningError);
  });

  it("reads signed, declined and expired, and downloads the signed document", async () => {
    const gw = httpSigningProvider({ baseUrl: base, accessToken: "secret" });
    const a = await gw.start(input("r-2"));
    const b = await gw.start(input("r-3"));
    const c = await gw.start(input("r-4"));
    signings.get(a.token)!.state = "signed";
    signings.get(b.token)!.state = "declined";
    signings.get(c.token)!.state = "expired";
    expect(await gw.status(a.token)).toEqual({ state: "signed", signedAt: "2026-05-01T10:00:00Z" });
    expect(await gw.status(b.token)).toEqual({ state: "declined", signedAt: null });
    expect(await gw.status(c.token)).toEqual({ state: "expired", signedAt: null });
    const signed = await gw.download(a.token);
    expect(signed.subarray(0, PDF.length)).toEqual(PDF);
    expect(signed.toString()).toContain("%signed");
  });

  it("tells refusals from outages of the gateway", async () => {
    await expect(httpSigningProvider({ baseUrl: base, accessToken: "wrong" }).start(input("r-5"))).rejects.toMatchObject({ retryable: false });
    await expect(httpSigningProvider({ baseUrl: base, accessToken: "secret" }).status("S-unknown")).rejects.toMatchObject({ retryable: false });
    await expect(httpSigningProvider({ baseUrl: base, accessToken: "secret" }).start({ ...input("r-6"), pdf: Buffer.from("not a pdf") })).rejects.toMatchObject({ retryable: false });
    unavailable = true;
    try {
      await expect(httpSigningProvider({ baseUrl: base, accessToken: "secret" }).start(input("r-7"))).rejects.toMatchObject({ retryable: true });
    } finally {
      unavailable = false;
    }
    const err = await httpSigningProvider({ baseUrl: "http://127.0.0.1:1", accessToken: "secret", timeoutMs: 2000 })
      .status("S1")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SigningError);
    expect((err as SigningError).retryable).toBe(true);
  });
});
