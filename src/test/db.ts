import crypto from "node:crypto";
import { closeDb, getDb } from "@/server/db/client";
import { seedDemo, type Seeder } from "@/server/demo/seed";

/**
 * Gives a test file its own database: an in-memory PGlite, or, when TEST_DB=postgres, a fresh
 * database on the PostgreSQL server of DATABASE_URL (dropped afterwards).
 */
export async function useTestDatabase(opts: { seed?: boolean; seeders?: Seeder[]; pgliteDir?: string } = {}) {
  const engine = process.env.TEST_DB === "postgres" && process.env.DATABASE_URL ? "postgres" : "pglite";
  let dropDatabase: (() => Promise<void>) | undefined;
  if (engine === "postgres") {
    const { default: postgres } = await import("postgres");
    const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL!;
    process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
    const name = `portal_t_${crypto.randomBytes(6).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  } else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = opts.pgliteDir ?? "memory://";
  }
  const db = await getDb();
  if (opts.seed !== false) await seedDemo({ seeders: opts.seeders });
  return {
    db,
    engine,
    async cleanup() {
      await closeDb();
      await dropDatabase?.();
    },
  };
}
