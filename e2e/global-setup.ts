import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startOidcProvider } from "./oidc-provider";
import { serverEnv, serverNodeArgs } from "../scripts/server-command";

const ROOT = path.resolve(__dirname, "..");
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3219);

declare module "vitest" {
  export interface ProvidedContext {
    /** One port per server; a test file uses the one of its worker slot (e2e/helpers.ts). */
    ports: number[];
    oidcIssuer: string;
    /** Each server's PostgreSQL database ("" on PGlite, whose data folder only the server may open). */
    databaseUrls: string[];
    /** When the demo data was loaded (ms): its "now", which dated readings and day-ahead prices. */
    seededAt: number;
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

/**
 * Builds if needed, prepares a fresh database with the demo data and an OIDC test site, copies it
 * once per further server, and starts the real servers: one per worker (E2E_SERVERS in
 * vitest.e2e.config.mts), each with ports E2E_PORT + 20·i. Test files run that many at a time, each
 * on the server of its worker slot, so a server serves one file at a time and no file sees what
 * another running beside it changes. The suite mostly waits on pages, so this saves time even on
 * two cores.
 */
export default async function setup(project: TestProject) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(path.join(ROOT, "scripts/preload.cjs"));
  const { buildIfNeeded } = await import("../scripts/start");
  buildIfNeeded();
  const ports = Array.from({ length: project.config.maxWorkers }, (_, i) => E2E_PORT + 20 * i);
  for (const p of [...ports, OIDC_PORT]) if (!(await portFree(p))) throw new Error(`Port ${p} is in use: stop what listens there, or set E2E_PORT / E2E_OIDC_PORT.`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DEMO_MODE: "true",
    SIGNIN_RATE_LIMIT_MAX: "1000",
    // Time enough to check the waiting page in light and dark before a pending payment settles.
    SANDBOX_PAYMENT_SETTLE_SECONDS: "45",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  /** The seeded database (or data folder) and how to make server i's copy of it. */
  const databases: string[] = [];
  let copyDatabase: (i: number) => Promise<string>;
  let dropDatabases: (() => Promise<void>) | undefined;
  if (process.env.TEST_DB === "postgres" && process.env.DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const prefix = `portal_e2e_${crypto.randomBytes(5).toString("hex")}`;
    const names: string[] = [];
    const urlOf = (name: string) => {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      return url.toString();
    };
    const createDatabase = async (name: string, template?: string) => {
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
      await admin.end();
      names.push(name);
      return urlOf(name);
    };
    env.DATABASE_URL = await createDatabase(`${prefix}_0`);
    // A copy of the seeded database, made by PostgreSQL itself.
    copyDatabase = (i) => createDatabase(`${prefix}_${i}`, `${prefix}_0`);
    dropDatabases = async () => {
      const a = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      for (const name of names) await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  } else {
    delete env.DATABASE_URL;
    env.PGLITE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
    copyDatabase = async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
      fs.cpSync(env.PGLITE_DIR!, dir, { recursive: true });
      return dir;
    };
  }

  const oidc = await startOidcProvider({
    port: OIDC_PORT,
    clientId: "portal-e2e",
    clientSecret: "portal-e2e-secret",
    redirectUris: ports.map((p) => `http://oidc.localhost:${p}/api/auth/callback/test-idp`),
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
  const seededAt = Date.now();
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
  databases.push(env.DATABASE_URL ?? env.PGLITE_DIR!);
  for (let i = 1; i < ports.length; i++) databases.push(await copyDatabase(i));

  const onPglite = !env.DATABASE_URL;
  const servers: ChildProcess[] = [];
  const stopAll = async () => {
    await Promise.all(
      servers.map((server) => {
        if (server.exitCode !== null) return;
        server.kill("SIGTERM");
        return new Promise((r) => server.once("exit", r));
      }),
    );
  };
  try {
    await Promise.all(
      ports.map(async (port, i) => {
        const server: ChildProcess = spawn(process.execPath, serverNodeArgs("scripts/server.ts"), {
          cwd: ROOT,
          env: serverEnv({ ...env, PORT: String(port), ...(onPglite ? { PGLITE_DIR: databases[i] } : { DATABASE_URL: databases[i] }) }),
          stdio: ["ignore", "pipe", "pipe"],
        });
        servers.push(server);
        const logPath = path.join(os.tmpdir(), `portal-e2e-server-${port}.log`);
        const logFile = fs.createWriteStream(logPath);
        server.stdout!.pipe(logFile);
        server.stderr!.pipe(logFile);
        await waitFor(`http://127.0.0.1:${port}/api/info`, 90_000, server).catch((err: Error) => {
          throw new Error(`${err.message}; see ${logPath}`);
        });
      }),
    );
  } catch (err) {
    for (const server of servers) server.kill("SIGKILL");
    await oidc.close();
    throw err;
  }

  project.provide("ports", ports);
  project.provide("oidcIssuer", oidc.issuer);
  project.provide("databaseUrls", onPglite ? ports.map(() => "") : databases);
  project.provide("seededAt", seededAt);

  return async () => {
    await stopAll();
    await oidc.close();
    await dropDatabases?.();
    if (onPglite) for (const dir of databases) fs.rmSync(dir, { recursive: true, force: true });
  };
}
