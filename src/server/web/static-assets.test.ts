import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetsCompressed, compressStaticAssets, precompressedAssets, type AssetHandler } from "./static-assets";

const dist = fs.mkdtempSync(path.join(os.tmpdir(), "portal-assets-"));
const script = Buffer.from(`globalThis.portal = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `entry number ${i}`))};\n`);
const style = Buffer.from(`.a{color:red}\n`.repeat(200));
const font = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));

function write(rel: string, data: Buffer | string) {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

let server: http.Server;
let port = 0;
let handler: AssetHandler | null = null;
let https = false;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(pathname: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  write("BUILD_ID", "build-1");
  write("static/chunks/app.js", script);
  write("static/chunks/app.css", style);
  write("static/chunks/tiny.js", "let a = 1;\n");
  write("static/media/font.woff2", font);
  server = http.createServer((req, res) => {
    if (handler?.(req, res, https, () => res.writeHead(404, { "x-answered-by": "fallback" }).end(req.url))) return;
    res.writeHead(418, { "x-answered-by": "elsewhere" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dist, { recursive: true, force: true });
});

describe("the build's compressed assets", () => {
  it("are not served from the build folder before the build's assets are compressed", () => {
    expect(assetsCompressed(dist)).toBe(false);
    expect(precompressedAssets(dist)).toBeNull();
  });

  it("compresses each text asset once, with brotli and gzip, and leaves binary and tiny files alone", async () => {
    const totals = await compressStaticAssets(dist);
    expect(totals.assets).toBe(2);
    const js = path.join(dist, "static/chunks/app.js");
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).equals(script)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).equals(script)).toBe(true);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(fs.statSync(`${js}.gz`).size);
    expect(fs.existsSync(path.join(dist, "static/chunks/tiny.js.br"))).toBe(false);
    expect(fs.existsSync(path.join(dist, "static/media/font.woff2.br"))).toBe(false);
    expect(assetsCompressed(dist)).toBe(true);
    // A second run finds them done and writes nothing again.
    const before = fs.statSync(`${js}.br`).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await compressStaticAssets(dist);
    expect(fs.statSync(`${js}.br`).mtimeMs).toBe(before);
    handler = precompressedAssets(dist);
    expect(handler).not.toBeNull();
  });

  it("sends brotli to a browser that takes it, gzip to one that takes only that, and the file itself otherwise", async () => {
    const br = await request("/_next/static/chunks/app.js", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).equals(script)).toBe(true);

    const gz = await request("/_next/static/chunks/app.css", { headers: { "accept-encoding": "gzip" } });
    expect([gz.headers["content-encoding"], gz.headers["content-type"]]).toEqual(["gzip", "text/css"]);
    expect(zlib.gunzipSync(gz.body).equals(style)).toBe(true);

    const plain = await request("/_next/static/chunks/app.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);

    const binary = await request("/_next/static/media/font.woff2", { headers: { "accept-encoding": "br, gzip" } });
    expect(binary.headers["content-encoding"]).toBeUndefined();
    expect(binary.body.equals(font)).toBe(true);
  });

  it("answers with the headers Next.js gives assets: cached a year, immutable, and the security headers", async () => {
    https = false;
    const answer = await request("/_next/static/chunks/app.js", { headers: { "accept-encoding": "br" } });
    expect(answer.headers["cache-control"]).toBe("public,max-age=31536000,immutable");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
    expect(answer.headers.etag).toBeTruthy();
    https = true;
    const secure = await request("/_next/static/chunks/app.js", { headers: { "accept-encoding": "br" } });
    expect(secure.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    https = false;
    // The browser's copy is still good: 304 without a body.
    const again = await request("/_next/static/chunks/app.js", { headers: { "accept-encoding": "br", "if-none-match": answer.headers.etag! } });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    const head = await request("/_next/static/chunks/app.js", { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect([head.status, head.headers["content-encoding"], head.body.length]).toEqual([200, "br", 0]);
  });

  it("leaves other methods, other paths and assets it does not have to the rest of the server", async () => {
    const post = await request("/_next/static/chunks/app.js", { method: "POST" });
    expect([post.status, post.headers["x-answered-by"]]).toEqual([418, "elsewhere"]);
    expect((await request("/invoices")).headers["x-answered-by"]).toBe("elsewhere");
    const missing = await request("/_next/static/chunks/none.js?v=1", { headers: { "accept-encoding": "br" } });
    // The fallback sees the request as it came.
    expect([missing.status, missing.headers["x-answered-by"], missing.body.toString()]).toEqual([404, "fallback", "/_next/static/chunks/none.js?v=1"]);
    const outside = await request("/_next/static/../BUILD_ID");
    expect(outside.body.toString()).not.toContain("build-1");
    const broken = await request("/_next/static/chunks/%E0%A4%A.js");
    expect(broken.status).toBeLessThan(500);
  });

  it("are not served once the build in the folder is another than the one compressed", () => {
    write("BUILD_ID", "build-2");
    expect(assetsCompressed(dist)).toBe(false);
    expect(precompressedAssets(dist)).toBeNull();
  });
});
