import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "@/server/db/client";
import { SEEDERS, seedDemo } from "@/server/demo/seed";
import type { Seeder } from "@/server/demo/seeder";

const runId = process.ppid;

async function waitForFile(file: string, timeoutMs: number) {
  const started = Date.now();
  while (!fs.existsSync(file)) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${file}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The full demo data, loaded once per test run by the first file that needs it: a PGlite data
 * folder to copy, or a PostgreSQL template database. Others wait for it through a lock folder.
 */
async function fullTemplate(engine: "pglite" | "postgres", adminUrl?: string): Promise<string> {
  const root = path.join(os.tmpdir(), `portal-tpl-${runId}-${engine}`);
  const ready = path.join(root, "ready");
  const target = engine === "pglite" ? path.join(root, "pglite") : `portal_tpl_${runId}`;
  try {
    fs.mkdirSync(root);
  } catch {
    await waitForFile(ready, 900_000);
    return target;
  }
  if (engine === "postgres") {
    const { default: postgres } = await import("postgres");
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${target}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${target}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = target;
  }
  await getDb();
  await seedDemo();
  await closeDb();
  fs.writeFileSync(ready, "");
  return target;
}

/**
 * Gives a test file its own database: an in-memory PGlite, or, when TEST_DB=postgres, a fresh
 * database on the PostgreSQL server of DATABASE_URL (dropped afterwards). By default only the core
 * demo data (sites, people, customers) is loaded; `full: true` clones the full demo (13 months of
 * readings, invoices, …).
 */
export async function useTestDatabase(opts: { seed?: boolean; seeders?: Seeder[]; full?: boolean; pgliteDir?: string } = {}) {
  const engine = process.env.TEST_DB === "postgres" && process.env.DATABASE_URL ? "postgres" : "pglite";
  const full = !!opts.full && !opts.seeders && opts.seed !== false;
  let dropDatabase: (() => Promise<void>) | undefined;
  let copiedDir: string | undefined;
  if (engine === "postgres") {
    const { default: postgres } = await import("postgres");
    const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL!;
    process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
    const template = full ? await fullTemplate("postgres", adminUrl) : null;
    const name = `portal_t_${crypto.randomBytes(6).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  } else if (full) {
    const template = await fullTemplate("pglite");
    copiedDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-db-"));
    fs.cpSync(template, path.join(copiedDir, "pglite"), { recursive: true });
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = path.join(copiedDir, "pglite");
  } else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = opts.pgliteDir ?? "memory://";
  }
  const db = await getDb();
  if (opts.seed !== false && !full) await seedDemo({ seeders: opts.seeders ?? SEEDERS.slice(0, 1) });
  return {
    db,
    engine,
    async cleanup() {
      await closeDb();
      await dropDatabase?.();
      if (copiedDir) fs.rmSync(copiedDir, { recursive: true, force: true });
    },
  };
}
