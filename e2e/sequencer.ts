import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each browser test file took in a whole run on a clean clone (2 cores, PostgreSQL, two
 * servers, 2026-11-29; rounded), for the order files start in. Vitest's own order (its cache of
 * the last run, else the largest file first) has no cache on a clean clone, and by size the short
 * but slow axe.e2e.ts started last and ran alone for its last nine minutes. Longest first keeps
 * both slots busy to the end.
 * A file not listed (a new one) starts first; the numbers need only be roughly right.
 */
const SECONDS: Record<string, number> = {
  "axe.e2e.ts": 575,
  "admin.e2e.ts": 365,
  "settings.e2e.ts": 330,
  "support.e2e.ts": 310,
  "invoices.e2e.ts": 305,
  "energy.e2e.ts": 270,
  "shell.e2e.ts": 260,
  "notifications.e2e.ts": 250,
  "contract-signing.e2e.ts": 180,
  "not-found.e2e.ts": 165,
  "contracts.e2e.ts": 150,
  "tokens.e2e.ts": 150,
  "outages.e2e.ts": 140,
  "contract-documents.e2e.ts": 125,
  "phone.e2e.ts": 120,
  "home.e2e.ts": 75,
  "auth.e2e.ts": 60,
  "lifecycle.e2e.ts": 35,
};

export default class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (f: TestSpecification) => SECONDS[path.basename(f.moduleId)] ?? Infinity;
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}
