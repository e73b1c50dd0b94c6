import "server-only";
import fs from "node:fs";
import path from "node:path";
import { files, writeAtomically } from "./static-assets";

/**
 * The build's scripts marked for eager compilation (decision 0041). V8 compiles a function when
 * it is first called, on the page's main thread, unless the script says that its functions run as
 * it loads: then Chromium compiles them with the rest of the script, on a background thread while
 * the script downloads. Every module of a chunk is a function that the bundler's runtime calls as
 * the page starts, so without the mark much of the start-up's main-thread time went to compiling
 * module after module: with it, the sign-in page's main-thread script time is less than half of
 * what it was (the CPU slowed four times). Browsers without the hint read a comment.
 */
export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Puts the hint on the first line of each script of the build in `dist` that lacks it, before the
 * scripts are compressed (src/server/web/static-assets.ts). A script's name is a hash of what the
 * bundler wrote, and the hint is the same on every build, so names still change with content only.
 */
export function hintEagerCompilation(dist: string): { scripts: number; hinted: number } {
  const all = files(path.join(dist, "static", "chunks")).filter((file) => file.endsWith(".js"));
  const hint = Buffer.from(EAGER_COMPILE_HINT);
  let hinted = 0;
  for (const file of all) {
    const source = fs.readFileSync(file);
    if (source.subarray(0, hint.length).equals(hint)) continue;
    writeAtomically(file, Buffer.concat([hint, source]));
    hinted++;
  }
  return { scripts: all.length, hinted };
}
