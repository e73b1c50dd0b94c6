/**
 * A Vitest reporter for `npm test`: it writes the run's unhandled errors (an exception or a rejected
 * promise outside any test, which fails the run without failing a test) to the file named by
 * UNHANDLED_ERRORS_FILE, each with the test file it happened in, so the summary can name them and
 * scripts/test.ts can run that file again. Vitest's JSON report leaves them out.
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
      const frames = (e.stack ?? "")
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l.startsWith("at "));
      const own = frames.find((l) => /\/(src|scripts|e2e)\//.test(l) && !l.includes("node_modules"));
      // Without one (a socket's error, a library's timer), the first frames say whose it was.
      const trace = own ?? frames.slice(0, 6).join(" ← ");
      const kind = (e as { type?: string }).type;
      const text = [kind, `${e.name ?? "Error"}: ${e.message ?? ""}`, where && `during ${where}`, trace].filter(Boolean).join("; ").replaceAll(`${process.cwd()}/`, "");
      return { text, file: e.VITEST_TEST_PATH ?? null };
    });
    fs.writeFileSync(file, JSON.stringify(plain));
  }
}
