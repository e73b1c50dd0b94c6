import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getState } from "@/server/db/client";
import { SEEDERS, seedDemo } from "@/server/demo/seed";
import type { Seeder } from "@/server/demo/seeder";

const runId = process.ppid;

async function waitForFile(file: string, timeoutMs: number) {
  const started = Date.now();
  while (!fs.existsSync(file)) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${file}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * What a template holds: the full demo data, the core demo data (sites, people and customers), or
 * only the migrated schema. Migrating an empty PGlite costs seconds of one core; every test file
 * used to pay it.
 */
type TemplateKind = "full" | "core" | "schema";

/**
 * A database built once per test run by the first file that needs it, for the others to copy: on
 * PGlite a data folder (full) or a dump of one (core, schema, loaded into memory), on PostgreSQL a
 * template database. Others wait for it through a lock folder.
 */
async function template(engine: "pglite" | "postgres", kind: TemplateKind, adminUrl?: string): Promise<string> {
  const root = path.join(os.tmpdir(), `portal-tpl-${runId}-${engine}-${kind}`);
  const ready = path.join(root, "ready");
  const target = engine === "postgres" ? `portal_tpl_${runId}_${kind}` : path.join(root, kind === "full" ? "pglite" : "dump.tar");
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
    process.env.PGLITE_DIR = kind === "full" ? target : "memory://";
  }
  const state = await getState();
  if (kind !== "schema") await seedDemo(kind === "full" ? {} : { seeders: [CORE] });
  if (state.engine.kind === "pglite" && kind !== "full") {
    await state.engine.client.exec("checkpoint");
    const dump = await state.engine.client.dumpDataDir("none");
    fs.writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
  }
  await closeDb();
  fs.writeFileSync(ready, "");
  return target;
}

const CORE = SEEDERS[0];

/**
 * Gives a test file its own database: an in-memory PGlite, or, when TEST_DB=postgres, a fresh
 * database on the PostgreSQL server of DATABASE_URL (dropped afterwards), copied from a template
 * of this run. By default only the core demo data (sites, people, customers) is loaded; `full:
 * true` clones the full demo (13 months of readings, invoices, …). A PGlite data folder on disk
 * (`pgliteDir`) starts empty and is migrated and seeded in place.
 */
export async function useTestDatabase(opts: { seed?: boolean; seeders?: Seeder[]; full?: boolean; pgliteDir?: string } = {}) {
  const engine = process.env.TEST_DB === "postgres" && process.env.DATABASE_URL ? "postgres" : "pglite";
  const full = !!opts.full && !opts.seeders && opts.seed !== false;
  const seeders = opts.seed === false || full ? [] : (opts.seeders ?? [CORE]);
  // The core demo data comes with the template when the file asks for it first, as most do.
  const kind: TemplateKind = full ? "full" : seeders[0] === CORE ? "core" : "schema";
  const rest = kind === "core" ? seeders.slice(1) : seeders;
  let dropDatabase: (() => Promise<void>) | undefined;
  let copiedDir: string | undefined;
  let dump: Blob | undefined;
  if (engine === "postgres") {
    const { default: postgres } = await import("postgres");
    const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL!;
    process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
    const source = await template("postgres", kind, adminUrl);
    const name = `portal_t_${crypto.randomBytes(6).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${source}`);
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
    const source = await template("pglite", "full");
    copiedDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-db-"));
    fs.cpSync(source, path.join(copiedDir, "pglite"), { recursive: true });
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = path.join(copiedDir, "pglite");
  } else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = opts.pgliteDir ?? "memory://";
    // A data folder on disk (a test that reopens it) starts empty; one in memory starts from the template.
    if (!opts.pgliteDir) dump = new Blob([fs.readFileSync(await template("pglite", kind))]);
  }
  const { db } = await getState(dump ? { pgliteDump: dump } : undefined);
  const toSeed = engine === "pglite" && opts.pgliteDir ? seeders : rest;
  if (toSeed.length) await seedDemo({ seeders: toSeed });
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
