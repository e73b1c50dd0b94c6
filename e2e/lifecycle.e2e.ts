import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { port as testServerPort } from "./helpers";
import { serverEnv, serverNodeArgs } from "../scripts/server-command";

const ROOT = path.resolve(__dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-lifecycle-"));
// Beside this file's test server's port, so files running at the same time never meet.
const port = testServerPort() + 7;

/** Every server this file started, so that a failed test leaves none running. */
const started: ChildProcess[] = [];

function start(): ChildProcess {
  const child = spawn(process.execPath, serverNodeArgs("scripts/server.ts"), {
    cwd: ROOT,
    env: serverEnv({ ...process.env, NODE_ENV: "production", DEMO_MODE: "true", PORT: String(port), PGLITE_DIR: path.join(dir, "pglite"), DATABASE_URL: "" }),
    stdio: "ignore",
  });
  started.push(child);
  return child;
}

function get(p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.get(`http://127.0.0.1:${port}${p}`, { headers: { host: "aurora.localhost" } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", () => resolve({ status: 0, body: "" }));
  });
}

async function ready(child: ChildProcess, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if ((await get("/api/info")).status === 200) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });

afterAll(async () => {
  await Promise.all(started.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => stop(child)));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("server lifecycle on the embedded database", () => {
  it("creates and seeds the data folder, closes it cleanly on SIGTERM, and restarts on it quickly with the built configuration", async () => {
    const first = start();
    await ready(first, 120_000);
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(true);
    const second = start(); // a second process must not open the same data folder
    const secondExit = await new Promise<number | null>((resolve) => second.once("exit", resolve));
    expect(secondExit).not.toBe(0);
    expect(await stop(first)).toBe(0);
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);

    const again = start();
    const ms = await ready(again, 60_000);
    expect(ms).toBeLessThan(30_000);
    const info = JSON.parse((await get("/api/info")).body);
    expect(info.site.id).toBe("aurora");
    // The server took the build's configuration: no compiler of next.config.ts was loaded (decision 0031).
    const mapped = fs.readFileSync(`/proc/${again.pid}/maps`, "utf8");
    expect(mapped).toContain(fs.realpathSync(process.execPath));
    expect(mapped).not.toMatch(/swc/i);
    expect(await stop(again)).toBe(0);
  }, 240_000);
});
