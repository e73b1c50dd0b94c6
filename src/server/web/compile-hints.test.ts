import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EAGER_COMPILE_HINT, hintEagerCompilation } from "./compile-hints";

const dist = fs.mkdtempSync(path.join(os.tmpdir(), "portal-hints-"));
function write(rel: string, data: string) {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return file;
}
const read = (file: string) => fs.readFileSync(file, "utf8");

afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe("the build's scripts marked for eager compilation", () => {
  it("puts the hint on the first line of every script under static/chunks, once, and nothing else", () => {
    const app = write("static/chunks/app.js", "(globalThis.TURBOPACK||[]).push([1,e=>{}]);\n");
    const nested = write("static/chunks/pages/nested.js", "let a = 1;\n");
    const style = write("static/chunks/app.css", ".a{color:red}\n");
    const media = write("static/media/worker.js", "self.onmessage = () => {};\n");

    expect(hintEagerCompilation(dist)).toEqual({ scripts: 2, hinted: 2 });
    expect(read(app)).toBe(`${EAGER_COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1,e=>{}]);\n`);
    expect(read(nested)).toBe(`${EAGER_COMPILE_HINT}let a = 1;\n`);
    expect(read(app).split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(read(style)).toBe(".a{color:red}\n");
    expect(read(media)).toBe("self.onmessage = () => {};\n");

    // A second run (a build compressed again) finds the hint and writes nothing.
    const before = fs.statSync(app).mtimeMs;
    expect(hintEagerCompilation(dist)).toEqual({ scripts: 2, hinted: 0 });
    expect(fs.statSync(app).mtimeMs).toBe(before);
    expect(read(app).match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
  });

  it("leaves a build without scripts as it is", () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "portal-hints-empty-"));
    try {
      expect(hintEagerCompilation(empty)).toEqual({ scripts: 0, hinted: 0 });
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
