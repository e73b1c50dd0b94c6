import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each browser test file took in a whole run (2 cores, PostgreSQL, two servers; rounded),
 * for the order files start in. Vitest's own order (its cache of the last run, else the largest
 * file first) has no cache on a clean clone, and by size the short but slow axe.e2e.ts started
 * last and ran alone for its last nine minutes. Longest first keeps both slots busy to the end.
 * A file not listed (a new one) starts first; the numbers need only be roughly right.
 */
const SECONDS: Record<string, number> = {
  "settings.e2e.ts": 600,
  "axe.e2e.ts": 530,
  "admin.e2e.ts": 510,
  "support.e2e.ts": 435,
  "notifications.e2e.ts": 430,
  "invoices.e2e.ts": 425,
  "energy.e2e.ts": 405,
  "shell.e2e.ts": 270,
  "contract-signing.e2e.ts": 225,
  "tokens.e2e.ts": 200,
  "contract-documents.e2e.ts": 190,
  "contracts.e2e.ts": 185,
  "not-found.e2e.ts": 180,
  "outages.e2e.ts": 180,
  "phone.e2e.ts": 110,
  "home.e2e.ts": 80,
  "auth.e2e.ts": 70,
  "lifecycle.e2e.ts": 40,
};

export default class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (f: TestSpecification) => SECONDS[path.basename(f.moduleId)] ?? Infinity;
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}
