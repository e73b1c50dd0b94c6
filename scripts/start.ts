/**
 * `npm start`: build if the sources changed since the last build, migrate, load the demo data
 * into an empty database, and serve. Runs in demo mode (sandbox providers, dev mailbox) unless
 * DEMO_MODE is set otherwise.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { assetsCompressed } from "../src/server/web/static-assets";

const ROOT = path.resolve(__dirname, "..");
/** The build folder (next.config.ts's distDir). */
export const DIST = path.join(ROOT, process.env.NEXT_DIST_DIR || ".next");
/** The fingerprint of the sources the build in DIST was made from. */
export const STAMP = path.join(DIST, "portal-source-hash");
const INPUTS = ["src", "public", "next.config.ts", "package-lock.json", "postcss.config.cjs", "tsconfig.json"];

function fingerprint(): string {
  const hash = crypto.createHash("sha256");
  const walk = (p: string) => {
    const full = path.join(ROOT, p);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) if (!/\.test\.tsx?$/.test(child)) walk(path.join(p, child));
    } else {
      hash.update(p).update(fs.readFileSync(full));
    }
  };
  INPUTS.forEach(walk);
  return hash.digest("hex");
}

export function buildIfNeeded(): void {
  const current = fingerprint();
  const built = fs.existsSync(path.join(DIST, "BUILD_ID")) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8") === current;
  if (!built) {
    console.log("Building the portal (first start or changed sources)…");
    const started = Date.now();
    const result = spawnSync(process.execPath, [require.resolve("next/dist/bin/next"), "build"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
    fs.writeFileSync(STAMP, current);
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  }
  compressIfNeeded();
}

/**
 * The build's assets compressed once for the server to send as they are (decision 0039), in a
 * process of its own so that this one stays synchronous for its callers; also for a build made
 * before, or by a bare `next build`.
 */
function compressIfNeeded(): void {
  if (assetsCompressed(DIST)) return;
  const result = spawnSync(process.execPath, ["--import", "tsx", "--require", path.join(__dirname, "preload.cjs"), path.join(__dirname, "compress-assets.ts")], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (require.main === module) {
  process.env.DEMO_MODE ??= "true";
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  buildIfNeeded();
  (process.env as Record<string, string>).NODE_ENV = "production";
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { serve, workersFromArgs } = require("./server") as typeof import("./server");
  serve({ seedIfEmpty: true, workers: workersFromArgs() }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
