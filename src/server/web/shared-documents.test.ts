import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, inlineScriptHashes, keepable, isSharedRender, isSharedRenderToken, sharedDocument, sharedRenderToken, withoutNonces } from "./shared-documents";

const sha = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("base64");

const HTML = [
  '<!DOCTYPE html><html><head><link rel="preload" as="script" nonce="abc" href="/_next/a.js">',
  '<script nonce="abc">(function(){document.documentElement.dataset.s="dark"})()</script>',
  '<script src="/_next/static/chunks/main.js" async="" nonce="abc"></script>',
  "</head><body><h1>Yleiskatsaus</h1>",
  '<script nonce="abc">self.__next_f.push([1,"0:{\\"a\\":\\"nonce=\\\\\\"x\\\\\\"\\"}"])</script>',
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  "</body></html>",
].join("");

describe("shared documents", () => {
  it("hashes every inline script as the browser does, and no external one", () => {
    const text = withoutNonces(HTML);
    const hashes = inlineScriptHashes(text);
    expect(hashes).toEqual([
      sha('(function(){document.documentElement.dataset.s="dark"})()'),
      sha('self.__next_f.push([1,"0:{\\"a\\":\\"nonce=\\\\\\"x\\\\\\"\\"}"])'),
      sha('{"@type":"Organization"}'),
    ]);
  });

  it("takes the render's nonce off the tags and leaves the scripts' text as it was", () => {
    const text = withoutNonces(HTML);
    expect(text).not.toMatch(/<(script|link)[^>]*\snonce=/);
    expect(text).toContain('self.__next_f.push([1,"0:{\\"a\\":\\"nonce=\\\\\\"x\\\\\\"\\"}"])');
    expect(text).toContain('<script src="/_next/static/chunks/main.js" async="">');
  });

  it("makes a document with its own policy, compressed bodies that read back, and none of the render's cookies", async () => {
    const doc = await sharedDocument(HTML, {
      "content-type": "text/html; charset=utf-8",
      "set-cookie": ["user-id=someone; Path=/"],
      "content-security-policy": "script-src 'nonce-abc'",
      link: '</_next/a.css>; rel=preload; as="style"; nonce="abc"',
    });
    const identity = doc.body.identity.toString("utf8");
    expect(zlib.gunzipSync(doc.body.gzip).toString("utf8")).toBe(identity);
    expect(zlib.brotliDecompressSync(doc.body.br).toString("utf8")).toBe(identity);
    const scriptSrc = doc.csp.split("; ").find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toBe(
      `script-src 'self' ${inlineScriptHashes(identity)
        .map((h) => `'sha256-${h}'`)
        .join(" ")}`,
    );
    expect(doc.csp).toContain("frame-ancestors 'none'");
    expect(new Map(doc.headers)).toEqual(
      new Map([
        ["content-type", "text/html; charset=utf-8"],
        ["link", '</_next/a.css>; rel=preload; as="style"'],
      ]),
    );
  });

  it("does not keep a render a part of which failed", () => {
    expect(keepable(HTML)).toBe(true);
    // React's error row for a server component that threw below an error boundary, as the page's payload carries it.
    const failed = HTML.replace("</body>", '<script>self.__next_f.push([1,"7:E{\\"digest\\":\\"2380298\\"}\\n"])</script></body>');
    expect(keepable(failed)).toBe(false);
  });

  it("answers in the encoding the client prefers and accepts", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip;q=0, br;q=0")).toBe("identity");
  });

  it("knows the server's own render by a token only this deployment can make", () => {
    const token = sharedRenderToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(isSharedRenderToken(token)).toBe(true);
    expect(isSharedRender(new Headers({ "x-portal-shared-render": token }))).toBe(true);
    for (const forged of ["1", "true", token.slice(1), `${token}x`, "", undefined, null, [token, token]]) expect(isSharedRenderToken(forged)).toBe(false);
    expect(isSharedRender(new Headers())).toBe(false);
  });
});
