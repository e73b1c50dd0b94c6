import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LOCALE, PSEUDO_LOCALE, isLocale, type AnyLocale } from "@/lib/locales";
import { pseudoLocalizeTree, type MessageTree } from "./pseudo";

const DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), "src/i18n/messages");
const CACHE = new Map<string, MessageTree>();

/** Reads one locale's message files (one per namespace) into one tree. Cached per process. */
export function loadLocaleMessages(locale: AnyLocale | string): MessageTree {
  const key = locale === PSEUDO_LOCALE || isLocale(locale) ? locale : DEFAULT_LOCALE;
  const hit = CACHE.get(key);
  if (hit && process.env.NODE_ENV === "production") return hit;
  let tree: MessageTree;
  if (key === PSEUDO_LOCALE) {
    tree = pseudoLocalizeTree(loadLocaleMessages(DEFAULT_LOCALE));
  } else {
    tree = {};
    const dir = path.join(DIR, key);
    if (!fs.existsSync(dir)) throw new Error("Could not load translation for the language");
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      tree[file.replace(/\.json$/, "")] = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as MessageTree;
    }
  }
  CACHE.set(key, tree);
  return tree;
}

/** Layers administrators' overrides (dotted keys, e.g. "home.title") over the files. */
export function applyOverrides(tree: MessageTree, overrides: { key: string; value: string }[]): MessageTree {
  if (!overrides.length) return tree;
  const copy = structuredClone(tree);
  for (const { key, value } of overrides) {
    const parts = key.split(".");
    let node: MessageTree = copy;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== "object") break;
      node = next;
    }
    const leaf = parts[parts.length - 1];
    if (typeof node[leaf] === "string") node[leaf] = value;
  }
  return copy;
}

export function listMessageKeys(tree: MessageTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : listMessageKeys(v, `${prefix}${k}.`)));
}
