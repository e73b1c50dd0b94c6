import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startOidcProvider } from "./oidc-provider";

const ROOT = path.resolve(__dirname, "..");
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3219);

declare module "vitest" {
  export interface ProvidedContext {
    port: number;
    oidcIssuer: string;
    /** The server's PostgreSQL database ("" on PGlite, whose data folder only the server may open). */
    databaseUrl: string;
  }
}

async function waitFor(url: string, timeoutMs: number, child: ChildProcess) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get(url, { headers: { host: "aurora.localhost" } }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs} ms`);
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = http.createServer().once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Builds if needed, prepares a fresh database with the demo data and an OIDC test site, starts the real server. */
export default async function setup(project: TestProject) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(path.join(ROOT, "scripts/preload.cjs"));
  const { buildIfNeeded } = await import("../scripts/start");
  buildIfNeeded();
  for (const p of [E2E_PORT, OIDC_PORT]) if (!(await portFree(p))) throw new Error(`Port ${p} is in use: stop what listens there, or set E2E_PORT / E2E_OIDC_PORT.`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DEMO_MODE: "true",
    PORT: String(E2E_PORT),
    SIGNIN_RATE_LIMIT_MAX: "1000",
    // Time enough to check the waiting page in light and dark before a pending payment settles.
    SANDBOX_PAYMENT_SETTLE_SECONDS: "45",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.TEST_DB === "postgres" && process.env.DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const name = `portal_e2e_${crypto.randomBytes(5).toString("hex")}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const a = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  } else {
    delete env.DATABASE_URL;
    env.PGLITE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  }

  const oidc = await startOidcProvider({
    port: OIDC_PORT,
    clientId: "portal-e2e",
    clientSecret: "portal-e2e-secret",
    redirectUris: [`http://oidc.localhost:${E2E_PORT}/api/auth/callback/test-idp`],
  });
  // The server discovers the provider with fetch, which refuses the Fetch Standard's "bad ports"
  // (3659 among them): say so here rather than as a sign-in test timing out.
  await fetch(`${oidc.issuer}/.well-known/openid-configuration`).catch(async (err: Error) => {
    await oidc.close();
    throw new Error(`fetch cannot reach the OIDC test provider on port ${OIDC_PORT} (${(err.cause as Error | undefined)?.message ?? err.message}): set E2E_OIDC_PORT to another port.`);
  });

  // Prepare the database in this process, then hand it to the server (one opener at a time).
  const saved = { ...process.env };
  Object.assign(process.env, { DATABASE_URL: env.DATABASE_URL ?? "", PGLITE_DIR: env.PGLITE_DIR ?? "", DEMO_MODE: "true" });
  const { getDb, closeDb } = await import("../src/server/db/client");
  const { seedDemo } = await import("../src/server/demo/seed");
  const { createSite } = await import("../src/server/sites/sites");
  await getDb();
  await seedDemo();
  await createSite({
    id: "oidc-test",
    companyName: "Pohjoisvirta Oy",
    country: "FI",
    timezone: "Europe/Helsinki",
    defaultLocaleId: "en-GB",
    locales: ["en-GB", "fi-FI"],
    themeId: "aalto",
    features: ["dashboard"],
    domains: ["oidc.localhost"],
    auth: {
      sandboxEid: false,
      oidc: [
        { id: "test-idp", name: "Test e-ID broker", issuer: oidc.issuer, clientId: "portal-e2e", clientSecret: "portal-e2e-secret", scopes: ["openid", "profile"], ssnClaim: "personal_identity_code" },
      ],
    },
  });
  await closeDb();
  process.env = saved;

  const server: ChildProcess = spawn(process.execPath, [require.resolve("tsx/cli"), "--require", "./scripts/preload.cjs", "scripts/server.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logPath = path.join(os.tmpdir(), `portal-e2e-server-${E2E_PORT}.log`);
  const logFile = fs.createWriteStream(logPath);
  server.stdout!.pipe(logFile);
  server.stderr!.pipe(logFile);
  try {
    await waitFor(`http://127.0.0.1:${E2E_PORT}/api/info`, 90_000, server);
  } catch (err) {
    server.kill("SIGKILL");
    await oidc.close();
    throw new Error(`${(err as Error).message}; see ${logPath}`);
  }

  project.provide("port", E2E_PORT);
  project.provide("oidcIssuer", oidc.issuer);
  project.provide("databaseUrl", env.DATABASE_URL ?? "");

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await oidc.close();
    await dropDatabase?.();
    if (env.PGLITE_DIR) fs.rmSync(env.PGLITE_DIR, { recursive: true, force: true });
  };
}
