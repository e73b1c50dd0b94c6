import { ImportError } from "@/server/importers/types";

/** The issues an importer step reports; fails when it reports none. */
export function issuesOf(fn: () => unknown): ImportError["issues"] {
  try {
    fn();
  } catch (err) {
    if (err instanceof ImportError) return err.issues;
    throw err;
  }
  throw new Error("expected an ImportError");
}

/** The same for an import that runs against the database. */
export async function asyncIssues(p: Promise<unknown>): Promise<ImportError["issues"]> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ImportError) return err.issues;
    throw err;
  }
  throw new Error("expected an ImportError");
}
