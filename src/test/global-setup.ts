import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Test files clone a template database (the full demo data, the core demo data or the bare schema)
 * built once per run by the first file that asks (src/test/db.ts). Workers are children of this
 * process, so its pid names the run; the teardown removes that run's template folders and databases.
 */
export default function setup() {
  const runId = process.pid;
  return async () => {
    for (const entry of fs.readdirSync(os.tmpdir())) {
      if (entry.startsWith(`portal-tpl-${runId}-`)) fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      const { default: postgres } = await import("postgres");
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        for (const kind of ["full", "core", "schema"]) await admin.unsafe(`drop database if exists portal_tpl_${runId}_${kind} with (force)`);
      } catch {
        // the server may be gone already
      } finally {
        await admin.end();
      }
    }
  };
}
