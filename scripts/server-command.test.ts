import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ENV, SERVER_NODE_FLAGS, serverEnv, serverNodeArgs } from "./server-command";

const scripts = (JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the server's command", () => {
  for (const name of ["start", "serve"]) {
    it(`is the one npm ${name === "start" ? "start" : "run serve"} runs: the same Node flags and allocator settings`, () => {
      const [before, after] = scripts[name].split(/(?:^| )node /);
      expect(after, `npm ${name} runs node`).toBeDefined();
      const settings = before.split(" ").filter((word) => word.includes("="));
      for (const [key, value] of Object.entries(SERVER_ENV)) expect(settings).toContain(`${key}=${value}`);
      const flags = after.split(" ").filter((word) => word.startsWith("--") && !["--import", "--require"].includes(word));
      expect(flags).toEqual(SERVER_NODE_FLAGS);
    });
  }

  it("starts Node with the flags before the script, and the allocator settings over the caller's", () => {
    expect(serverNodeArgs("scripts/server.ts", ["--workers", "2"]).slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
    expect(serverNodeArgs("scripts/server.ts", ["--workers", "2"]).slice(-3)).toEqual(["scripts/server.ts", "--workers", "2"]);
    expect(serverEnv({ NODE_ENV: "production", PORT: "3000", MALLOC_TRIM_THRESHOLD_: "1" })).toEqual({ NODE_ENV: "production", PORT: "3000", ...SERVER_ENV });
  });
});
