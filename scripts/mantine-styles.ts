/**
 * The Mantine component styles the portal loads (src/ui/mantine-styles.ts), worked out from what it
 * imports: every name the project takes from `@mantine/core`, and everything the other Mantine
 * packages it uses take from it, followed through Mantine's own modules to the CSS modules they
 * use. Each of those is one file of `@mantine/core/styles/`, loaded in the order the whole
 * `styles.css` has them, after the global styles (decision 0036).
 *
 * `npm run mantine-styles` writes the list; a unit test fails when it is out of date.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const MANTINE = path.join(ROOT, "node_modules", "@mantine");
const CORE_ESM = path.join(MANTINE, "core", "esm");
export const STYLES_MODULE = path.join(ROOT, "src", "ui", "mantine-styles.ts");

/** Mantine packages besides core whose components the portal draws; they use core's components. */
export const PACKAGES: readonly string[] = ["dates", "notifications", "modals", "tiptap"];
/** Mantine packages not scanned: core, whose components are followed from the imports, and those that draw nothing. */
export const WITHOUT_COMPONENTS: readonly string[] = ["core", "hooks", "form"];
/** Always first, as Mantine's guide says: the reset, the default variables, the static classes. */
const GLOBAL = ["baseline", "default-css-variables", "global"] as const;

const IMPORT_FROM_CORE = /import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g;
const RELATIVE_FROM = /from\s*"(\.[^"]+)"/g;

/** Every file under a folder whose name passes `keep`, as full paths. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((relative) => keep(path.basename(relative)))
    .map((relative) => path.join(dir, relative));
}

const isSource = (name: string) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name);
const isModule = (name: string) => name.endsWith(".mjs");

/** The value names of `import { … } from "@mantine/core"` in a text (`import type` draws nothing). */
function coreNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(IMPORT_FROM_CORE)) {
    for (const part of match[1].split(",")) {
      const name = part.trim();
      if (name && !name.startsWith("type ")) names.push(name.split(/\s+as\s+/)[0]);
    }
  }
  return names;
}

/** Component style files, named as in `@mantine/core/styles/`, in the order of the whole styles.css. */
export function requiredStyles(srcDir = path.join(ROOT, "src")): string[] {
  const index = fs.readFileSync(path.join(CORE_ESM, "index.mjs"), "utf8");
  // Which module of core's ESM build exports each name (null: one core takes from another package).
  const moduleOf = new Map<string, string | null>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    const from = match[2].startsWith(".") ? path.resolve(CORE_ESM, match[2]) : null;
    for (const part of match[1].split(",")) moduleOf.set(part.trim().split(/\s+as\s+/)[0], from);
  }
  const names = new Set<string>();
  for (const file of filesUnder(srcDir, isSource)) if (file !== STYLES_MODULE) for (const n of coreNames(fs.readFileSync(file, "utf8"))) names.add(n);
  for (const pkg of PACKAGES) {
    for (const file of filesUnder(path.join(MANTINE, pkg, "esm"), isModule)) for (const n of coreNames(fs.readFileSync(file, "utf8"))) names.add(n);
  }
  const cssModules = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith(".module.mjs")) cssModules.add(path.basename(file, ".module.mjs"));
    for (const match of fs.readFileSync(file, "utf8").matchAll(RELATIVE_FROM)) visit(path.resolve(path.dirname(file), match[1]));
  };
  for (const name of names) {
    const file = moduleOf.get(name);
    if (file === undefined) throw new Error(`@mantine/core exports no "${name}"`);
    if (file) visit(file);
  }
  const whole = fs.readFileSync(path.join(MANTINE, "core", "styles.css"), "utf8");
  const position = (style: string) => {
    const first = fs.readFileSync(path.join(MANTINE, "core", "styles", `${style}.css`), "utf8").match(/\.m_[0-9a-f]+/)?.[0];
    const at = first ? whole.indexOf(first) : -1;
    if (at < 0) throw new Error(`${style}.css is not in @mantine/core/styles.css`);
    return at;
  };
  return [...cssModules]
    .map((style) => ({ style, at: position(style) }))
    .sort((a, b) => a.at - b.at)
    .map((s) => s.style);
}

export function stylesModule(styles: readonly string[]): string {
  return [
    "/**",
    " * The styles of the Mantine components the portal draws, in place of the whole",
    " * `@mantine/core/styles.css` (decision 0036): about half its size, and render-blocking on every",
    " * page. Written by `npm run mantine-styles` (scripts/mantine-styles.ts); a unit test fails when a",
    " * component is used whose styles are not here.",
    " */",
    ...[...GLOBAL, ...styles].map((style) => `import "@mantine/core/styles/${style}.css";`),
    "",
  ].join("\n");
}

if (require.main === module) {
  fs.writeFileSync(STYLES_MODULE, stylesModule(requiredStyles()));
  console.log(`wrote ${path.relative(ROOT, STYLES_MODULE)}`);
}
