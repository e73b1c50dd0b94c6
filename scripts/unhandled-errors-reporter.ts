/**
 * A Vitest reporter for `npm test`: it writes the run's unhandled errors (an exception or a rejected
 * promise outside any test, which fails the run without failing a test) to the file named by
 * UNHANDLED_ERRORS_FILE, so the summary can name them. Vitest's JSON report leaves them out.
 */
import fs from "node:fs";
import type { Reporter } from "vitest/reporters";

type Errors = Parameters<NonNullable<Reporter["onTestRunEnd"]>>[1];

export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd(_modules: unknown, errors: Errors) {
    const file = process.env.UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const plain = errors.map((e) => {
      const where = [e.VITEST_TEST_PATH, e.VITEST_TEST_NAME].filter(Boolean).join(" › ");
      // The first frame in the project's own code says where to look.
      const frame = (e.stack ?? "").split("\n").find((l) => /\/(src|scripts|e2e)\//.test(l) && !l.includes("node_modules"));
      return [`${e.name ?? "Error"}: ${e.message ?? ""}`, where && `during ${where}`, frame?.trim()].filter(Boolean).join("; ").replaceAll(`${process.cwd()}/`, "");
    });
    fs.writeFileSync(file, JSON.stringify(plain));
  }
}
