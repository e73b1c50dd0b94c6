import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { httpRequest } from "@/test/api-client";
import { preferredEncoding } from "./app";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

const get = (headers: Record<string, string> = {}) => httpRequest("GET", "/api/openapi.json", { host: "aurora.localhost", ...headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("GET /api/openapi.json", () => {
  it("sends the same document compressed with Brotli or gzip when the client accepts it, plain otherwise", async () => {
    const plain = await get();
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    const json = await bytes(plain);
    expect((JSON.parse(json.toString("utf8")) as { openapi: string }).openapi).toBe("3.1.0");

    const br = await get({ "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    const brBody = await bytes(br);
    expect(zlib.brotliDecompressSync(brBody).equals(json)).toBe(true);
    expect(brBody.length).toBeLessThan(json.length / 5);

    const gzip = await get({ "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(await bytes(gzip)).equals(json)).toBe(true);

    const refused = await get({ "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect((await bytes(refused)).equals(json)).toBe(true);
  });

  it("answers 304 without a body to a client that holds the current version", async () => {
    const first = await get();
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get({ "if-none-match": `"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(again.headers.get("x-content-type-options")).toBe("nosniff");
    // A weak comparison (If-None-Match: W/"…") and "*" match too.
    expect((await get({ "if-none-match": `W/${etag}` })).status).toBe(304);
    expect((await get({ "if-none-match": "*" })).status).toBe(304);
    expect((await get({ "if-none-match": '"other"' })).status).toBe(200);
  });
});

describe("preferredEncoding", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["identity", undefined],
    ["gzip", "gzip"],
    ["GZIP, BR", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5", "br"],
    ["gzip;q=0", undefined],
    [";;,,;q=", undefined],
  ])("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
