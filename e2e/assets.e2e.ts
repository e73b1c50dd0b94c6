import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { rawRequest } from "./helpers";

/**
 * The build's scripts and stylesheets as the running server sends them
 * (src/server/web/static-assets.ts): compressed when the portal was built, with the headers every
 * answer carries, and a 4xx for an asset address that is broken or not there.
 */

const get = (path: string, headers: Record<string, string> = {}) => rawRequest("aurora.localhost", path, headers);

describe("the build's assets", () => {
  it("come as compressed at build time (brotli, else gzip), with a year's caching and the security headers", async () => {
    const page = await get("/auth/signin");
    expect(page.status).toBe(200);
    const html = page.body.toString();
    const assets = [...new Set([...html.matchAll(/(?:src|href|data-held-script|data-held-preload)="(\/_next\/static\/[^"?]+\.(?:js|css))"/g)].map((m) => m[1]))];
    expect(assets.filter((a) => a.endsWith(".js")).length).toBeGreaterThan(3);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    let compressed = 0;
    for (const asset of assets) {
      const plain = await get(asset);
      expect(plain.status, asset).toBe(200);
      expect(plain.headers["content-encoding"], asset).toBeUndefined();
      expect(plain.headers["cache-control"], asset).toMatch(/max-age=31536000.*immutable/);
      expect(plain.headers["x-content-type-options"], asset).toBe("nosniff");
      expect(plain.headers["content-type"], asset).toMatch(asset.endsWith(".js") ? /javascript/ : /text\/css/);
      // Scripts are marked for eager compilation (src/server/web/compile-hints.ts).
      if (asset.endsWith(".js")) expect(plain.body.toString("utf8", 0, 40), asset).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
      if (plain.body.length < 1024) continue;
      compressed++;
      const br = await get(asset, { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(br.headers["content-encoding"], asset).toBe("br");
      expect(br.headers.vary, asset).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.body).equals(plain.body), asset).toBe(true);
      const gz = await get(asset, { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"], asset).toBe("gzip");
      expect(zlib.gunzipSync(gz.body).equals(plain.body), asset).toBe(true);
      // Brotli at its best quality: smaller than gzip's best.
      expect(br.body.length, asset).toBeLessThan(gz.body.length);
      // A browser's kept copy is confirmed without sending it again.
      const again = await get(asset, { "accept-encoding": "gzip, deflate, br", "if-none-match": String(br.headers.etag) });
      expect([again.status, again.body.length], asset).toEqual([304, 0]);
    }
    expect(compressed).toBeGreaterThan(3);
  });

  it("answers an asset address that is broken, outside the assets or not there with a 4xx", async () => {
    const broken = [
      "/_next/static/chunks/not-there.js",
      "/_next/static/chunks/%E0%A4%A.js",
      "/_next/static/%00.js",
      "/_next/static/../../package.json",
      "/_next/static/chunks/..%2F..%2F..%2Fpackage.json",
      `/_next/static/chunks/${"a".repeat(4000)}.js`,
    ];
    for (const path of broken) {
      const answer = await get(path, { "accept-encoding": "br, gzip" });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body.toString(), path).not.toContain('"name": "');
    }
  });
});
