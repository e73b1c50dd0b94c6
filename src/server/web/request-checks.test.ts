import { describe, expect, it } from "vitest";
import { earlyErrorBody, isReadableTarget, isStorableText, jsonBodyProblem, pageRequestProblem } from "./request-checks";
import { PAGE_MAX_BODY_BYTES } from "@/lib/request-limits";

describe("request checks before routing", () => {
  it("refuse targets with invalid UTF-8, NUL, lone surrogates or control characters, and keep ordinary ones", () => {
    for (const ok of ["/", "/invoices?page=2", "/api/usage-points?series[]=a&series[]=b", "/search?q=%C3%A4%20b+c", "/a/%E2%82%AC", "/x?empty=&null=null"]) expect(isReadableTarget(ok), ok).toBe(true);
    for (const bad of ["/%ff", "/x?q=%ff", "/x?%ff=1", "/%00", "/x?q=a%00b", "/x?q=%ED%A0%80", "/%ED%A0%80", "/x?q=%", "/%C0%AF", "/a%0Ab", `/${"a".repeat(9000)}`]) {
      expect(isReadableTarget(bad), bad).toBe(false);
    }
  });

  it("find lone surrogates and deep nesting in JSON bodies without overflowing the stack", () => {
    expect(jsonBodyProblem({ a: ["b", { c: 1 }], d: null })).toBeNull();
    // NUL is each endpoint's to drop or refuse.
    expect(jsonBodyProblem({ a: "x\u0000" })).toBeNull();
    expect(jsonBodyProblem({ "\ud800": 1 })).toBe("text");
    expect(jsonBodyProblem(["\udc00x"])).toBe("text");
    expect(jsonBodyProblem("😀")).toBeNull();
    expect(jsonBodyProblem(JSON.parse("[".repeat(5000) + "]".repeat(5000)))).toBe("depth");
    expect(jsonBodyProblem(JSON.parse('{"a":'.repeat(100_000) + "1" + "}".repeat(100_000)))).toBe("depth");
    expect(isStorableText("plain ä € 😀")).toBe(true);
  });

  it("refuse Server Action bodies over the limit (413) or without a length (411) before Next.js reads them", () => {
    const post = (headers: Record<string, string>) => pageRequestProblem({ method: "POST", url: "/invoices", headers }, PAGE_MAX_BODY_BYTES);
    expect(post({ "content-length": String(PAGE_MAX_BODY_BYTES) })).toBeNull();
    expect(post({ "content-length": String(PAGE_MAX_BODY_BYTES + 1) })).toBe(413);
    expect(post({ "content-length": String(10 * 1024 * 1024) })).toBe(413);
    expect(post({ "transfer-encoding": "chunked" })).toBe(411);
    expect(post({ "content-length": "-1" })).toBe(400);
    expect(pageRequestProblem({ method: "GET", url: "/invoices", headers: {} }, PAGE_MAX_BODY_BYTES)).toBeNull();
    expect(pageRequestProblem({ method: "GET", url: "/invoices?x=%ff", headers: {} }, PAGE_MAX_BODY_BYTES)).toBe(400);
    expect(JSON.parse(earlyErrorBody(413))).toEqual({ error: { code: "payload_too_large", message: "api.errors.payload-too-large", status: 413 } });
  });
});
