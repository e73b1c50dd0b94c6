import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import { describe, expect, it } from "vitest";
import { builtChunks, HELD_SCRIPTS_LOADER, HeldScriptsStream, holdPageScripts, holdScripts } from "./held-scripts";
import { inlineScriptHashes } from "./shared-documents";

const LOADER = `${HELD_SCRIPTS_LOADER}</script>`;
const head =
  '<head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" nonce="N0=" href="/_next/static/chunks/main.js"/>' +
  '<script src="/_next/static/chunks/one.js" async="" nonce="N0="></script><script src="/_next/static/chunks/two-x_y.js" async="" nonce="N0="></script>' +
  '<link rel="preload" href="/_next/static/chunks/a.css" as="style"/><title>T</title></head>';
const body = '<body><p>Hei ÄÖ €</p><script>self.__next_f.push([1,"x"])</script><script src="/_next/static/chunks/main.js" nonce="N0=" async=""></script><div>after</div></body>';
/** A rewritten page without its loaders, whose number depends on where the pieces were cut. */
const withoutLoaders = (html: string) => html.replaceAll(`<script nonce="N0=">${LOADER}`, "").replaceAll(`<script>${LOADER}`, "");
const page = `<!DOCTYPE html><html lang="fi">${head}${body}</html>`;

describe("the page's chunk scripts held until its first frame", () => {
  it("turns every chunk script and script preload into an inert link, with one loader after each run", () => {
    const out = holdScripts(page);
    expect(out).not.toMatch(/<script src=/);
    expect(out).not.toMatch(/rel="preload"[^>]*as="script"/);
    expect(out.match(/<link data-held-(?:script|preload)="[^"]+">/g)).toEqual([
      '<link data-held-preload="/_next/static/chunks/main.js">',
      '<link data-held-script="/_next/static/chunks/one.js">',
      '<link data-held-script="/_next/static/chunks/two-x_y.js">',
      '<link data-held-script="/_next/static/chunks/main.js">',
    ]);
    // One loader after the head's run, one after the body's; each with the tags' nonce.
    expect(out.split(`<script nonce="N0=">${LOADER}`)).toHaveLength(3);
    // Everything else as it was: the stylesheet, the style preload, inline scripts, text.
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>');
    expect(out).toContain('<link rel="preload" href="/_next/static/chunks/a.css" as="style"/>');
    expect(out).toContain('<script>self.__next_f.push([1,"x"])</script>');
    expect(out).toContain("<p>Hei ÄÖ €</p>");
    expect(out.replace(/<link data-held-(?:script|preload)="[^"]+">|<script nonce="N0=">[^<]*<\/script>/g, "")).toBe(
      page.replace(/<link rel="preload" as="script"[^>]*>|<script src="[^"]+"[^>]* async=""[^>]*><\/script>/g, ""),
    );
  });

  it("writes a loader without a nonce for a document without one (a shared document allows it by its hash)", () => {
    const out = holdScripts('<head><script src="/_next/static/chunks/one.js" async=""></script></head>');
    expect(out).toBe(`<head><link data-held-script="/_next/static/chunks/one.js"><script>${LOADER}</head>`);
    const loaderHash = crypto.createHash("sha256").update(HELD_SCRIPTS_LOADER).digest("base64");
    expect(inlineScriptHashes(out)).toEqual([loaderHash]);
  });

  it("drops a preload of a chunk the build does not have, and holds the rest", () => {
    const html = '<link rel="preload" href="/_next/static/chunks/gone.js" as="script" fetchPriority="low"/><link rel="preload" href="/_next/static/chunks/here.js" as="script" fetchPriority="low"/>';
    const out = holdScripts(html, (src) => src !== "/_next/static/chunks/gone.js");
    expect(out).toBe(`<link data-held-preload="/_next/static/chunks/here.js"><script>${LOADER}`);
    expect(holdScripts(html.slice(0, html.indexOf("/><link") + 2), () => false)).toBe("");
  });

  it("knows the build's chunks by the paths pages name them with, nested ones too", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "portal-chunks-"));
    try {
      fs.mkdirSync(path.join(dist, "static", "chunks", "pages"), { recursive: true });
      fs.writeFileSync(path.join(dist, "static", "chunks", "a1.js"), "");
      fs.writeFileSync(path.join(dist, "static", "chunks", "pages", "b2.js"), "");
      const exists = builtChunks(dist);
      expect([exists("/_next/static/chunks/a1.js"), exists("/_next/static/chunks/pages/b2.js"), exists("/_next/static/chunks/gone.js")]).toEqual([true, true, false]);
      expect(builtChunks(path.join(dist, "missing"))("/_next/static/chunks/a1.js")).toBe(false);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it("leaves other scripts alone: other origins, modules, noModule, inline", () => {
    const other =
      '<script src="https://cdn.example/x.js" async=""></script><script src="/_next/static/chunks/p.js" noModule=""></script>' +
      '<script src="/api/consent/analytics.js" async=""></script><script>1</script><link rel="preload" as="font" href="/f.woff2"/>';
    expect(holdScripts(other)).toBe(other);
  });

  it("gives the same text however the document is cut into pieces, bytes split inside characters too", () => {
    const whole = holdScripts(page);
    const bytes = Buffer.from(page, "utf8");
    for (const size of [1, 2, 3, 7, 13, 64, 200]) {
      const s = new HeldScriptsStream();
      const pieces: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(s.push(bytes.subarray(i, i + size)));
      pieces.push(s.end());
      const out = Buffer.concat(pieces).toString("utf8");
      // Runs cut between pieces may get a loader in each piece: the same text without the loaders.
      expect(withoutLoaders(out)).toBe(withoutLoaders(whole));
      expect(out).not.toMatch(/<script src=/);
      expect(out).toContain("<p>Hei ÄÖ €</p>");
    }
  });

  it("is a loader that parses as a script", () => {
    expect(() => new Function(HELD_SCRIPTS_LOADER)).not.toThrow();
    // Nothing in it the HTML parser could take for the end of the script.
    expect(HELD_SCRIPTS_LOADER).not.toMatch(/[<>]/);
  });
});

describe("holdPageScripts on a server's answers under compression", () => {
  async function serve(answer: (res: http.ServerResponse) => void, accept: string) {
    const compress = compression() as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
    const server = http.createServer((req, res) =>
      compress(req, res, () => {
        holdPageScripts(req, res);
        answer(res);
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    try {
      return await new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": accept } }, (res) => {
            const parts: Buffer[] = [];
            res.on("data", (c: Buffer) => parts.push(c));
            res.on("end", () => {
              const raw = Buffer.concat(parts);
              const body = res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : res.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(raw) : raw;
              resolve({ headers: res.headers, body: body.toString("utf8") });
            });
          })
          .on("error", reject);
      });
    } finally {
      server.close();
    }
  }

  it("rewrites a streamed page before it is compressed, and drops the length it no longer has", async () => {
    for (const accept of ["gzip", "br", "identity"]) {
      const { headers, body } = await serve((res) => {
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.setHeader("content-length", Buffer.byteLength(page));
        const bytes = Buffer.from(page);
        res.write(bytes.subarray(0, 150));
        res.write(bytes.subarray(150, 151));
        res.end(bytes.subarray(151));
      }, accept);
      expect(headers["content-length"]).toBeUndefined();
      expect(withoutLoaders(body)).toBe(withoutLoaders(holdScripts(page)));
      expect(body).not.toMatch(/<script src=/);
    }
  });

  it("passes anything but HTML through as it was", async () => {
    const json = JSON.stringify({ html: '<script src="/_next/static/chunks/one.js" async=""></script>'.repeat(100) });
    const { headers, body } = await serve((res) => {
      res.setHeader("content-type", "application/json");
      res.setHeader("content-length", Buffer.byteLength(json));
      res.end(json);
    }, "gzip");
    expect(body).toBe(json);
    expect(headers["content-encoding"]).toBe("gzip");
  });
});
