import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { RenderGate, rendersPage } from "./render-gate";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A real server behind a gate of `limit` slots, whose handler holds each answer until the test lets it go. */
async function gatedServer(limit: number, holdMs?: number) {
  const gate = new RenderGate(limit, holdMs);
  const started: string[] = [];
  const held = new Map<string, http.ServerResponse>();
  const server = http.createServer((req, res) =>
    gate.admit(
      res,
      () => {
        started.push(req.url!);
        held.set(req.url!, res);
      },
      req.headers["next-router-prefetch"] === "1",
    ),
  );
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const finish = (url: string) => held.get(url)!.end(url);
  const ask = (url: string, headers: Record<string, string> = {}) => {
    const req = http.get({ host: "127.0.0.1", port, path: url, agent: false, headers });
    const body = new Promise<string>((resolve, reject) => {
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
    });
    return { req, body };
  };
  return { gate, started, finish, ask };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe("RenderGate", () => {
  it("runs at most `limit` renders and starts the next in arrival order when one is answered", async () => {
    const s = await gatedServer(2);
    const a = s.ask("/a");
    await until(() => s.started.length === 1);
    const b = s.ask("/b");
    await until(() => s.started.length === 2);
    const c = s.ask("/c");
    await until(() => s.gate.load.waiting === 1);
    const d = s.ask("/d");
    await until(() => s.gate.load.waiting === 2);
    expect(s.started).toEqual(["/a", "/b"]);
    expect(s.gate.load).toEqual({ active: 2, waiting: 2 });

    s.finish("/b");
    expect(await b.body).toBe("/b");
    await until(() => s.started.length === 3);
    expect(s.started[2]).toBe("/c");
    s.finish("/a");
    s.finish("/c");
    await until(() => s.started.length === 4);
    s.finish("/d");
    expect(await Promise.all([a.body, c.body, d.body])).toEqual(["/a", "/c", "/d"]);
    await until(() => s.gate.load.active === 0);
  });

  it("lets a page a person asked for go before the router's prefetches", async () => {
    const s = await gatedServer(1);
    const first = s.ask("/first");
    await until(() => s.started.length === 1);
    const prefetches = ["/p1", "/p2"].map((u) => s.ask(u, { "next-router-prefetch": "1" }));
    await until(() => s.gate.load.waiting === 2);
    const clicked = s.ask("/clicked");
    await until(() => s.gate.load.waiting === 3);
    s.finish("/first");
    await until(() => s.started.length === 2);
    expect(s.started[1]).toBe("/clicked");
    s.finish("/clicked");
    await until(() => s.started.length === 3);
    s.finish("/p1");
    await until(() => s.started.length === 4);
    s.finish("/p2");
    expect(s.started).toEqual(["/first", "/clicked", "/p1", "/p2"]);
    expect(await Promise.all([first.body, clicked.body, ...prefetches.map((p) => p.body)])).toEqual(["/first", "/clicked", "/p1", "/p2"]);
  });

  it("drops a waiting request whose client left, and frees the slot of one that closed mid-answer", async () => {
    const s = await gatedServer(1);
    const first = s.ask("/first");
    first.body.catch(() => {});
    await until(() => s.started.length === 1);
    const gone = s.ask("/gone");
    gone.body.catch(() => {});
    await until(() => s.gate.load.waiting === 1);
    gone.req.destroy();
    const last = s.ask("/last");
    await until(() => s.gate.load.waiting === 2);
    // The first client leaves before its answer: its slot goes to the next one still there.
    first.req.destroy();
    await until(() => s.started.length === 2);
    expect(s.started).toEqual(["/first", "/last"]);
    s.finish("/last");
    expect(await last.body).toBe("/last");
  });

  it("frees a slot after the hold time even when the answer never ends", async () => {
    const s = await gatedServer(1, 50);
    s.ask("/slow").body.catch(() => {});
    await until(() => s.started.length === 1);
    const next = s.ask("/next");
    await until(() => s.started.length === 2);
    s.finish("/next");
    expect(await next.body).toBe("/next");
    s.finish("/slow");
  });
});

describe("rendersPage", () => {
  it("is true for pages and false for built assets and public files", () => {
    expect(rendersPage("/dashboard")).toBe(true);
    expect(rendersPage("/en/invoices/2024-001?payment=x")).toBe(true);
    expect(rendersPage("/")).toBe(true);
    expect(rendersPage("/_next/static/chunks/a.js")).toBe(false);
    expect(rendersPage("/themes/voima/logo.svg")).toBe(false);
    expect(rendersPage("/sw.js?v=1")).toBe(false);
    expect(rendersPage(undefined)).toBe(false);
  });
});
