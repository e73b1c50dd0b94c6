import "server-only";
import compile from "icu-minify/compile";
import type { AbstractIntlMessages } from "next-intl";
import { pickMessages } from "./client-messages";

type Tree = { [key: string]: string | Tree };
type Compiled = { [key: string]: unknown };

/**
 * Compiled namespaces, by the object they were compiled from: the catalogue of a site and locale
 * is kept (src/i18n/site-messages.ts), so each of its namespaces is compiled once per process and
 * again only when an administrator's change replaces it.
 */
const compiled = new WeakMap<object, Compiled>();

/** The compiler keeps plural and select options in prototype-less objects, which React cannot hand to the browser. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const compileMessage = (message: string) => plain(compile(message));

function compileTree(tree: Tree): Compiled {
  const hit = compiled.get(tree);
  if (hit) return hit;
  const out: Compiled = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value !== "string") out[key] = compileTree(value);
    else {
      try {
        out[key] = compileMessage(value);
      } catch {
        // A message that does not parse is shown as written, as the server shows it.
        out[key] = value;
      }
    }
  }
  compiled.set(tree, out);
  return out;
}

/**
 * The messages handed to the browser's client components, at the given paths (see
 * client-messages.ts), compiled ahead: the browser formats them without the ICU parser (next.config.ts
 * points client code at use-intl's format-only formatter).
 */
export function browserMessages(messages: AbstractIntlMessages, paths: readonly string[]): AbstractIntlMessages {
  const picked = pickMessages(messages, paths) as Tree;
  const out: Compiled = {};
  for (const [key, value] of Object.entries(picked)) out[key] = typeof value === "string" ? compileMessage(value) : compileTree(value);
  return out as AbstractIntlMessages;
}
