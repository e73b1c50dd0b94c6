import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { _createCache, _createIntlFormatters } from "use-intl/core";
import fullFormat from "use-intl/format-message";
import formatOnly from "use-intl/format-message/format-only";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/locales";
import { browserMessages } from "./browser-messages";
import { loadLocaleMessages } from "./messages";
import type { MessageTree } from "./pseudo";

type Values = Record<string, unknown>;

/** Values for every argument of a message: numbers for plurals, the first option for selects, a fixed date. */
function sampleValues(elements: MessageFormatElement[], into: Values = {}, n = 3): Values {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        into[el.value] ??= `«${el.value}»`;
        break;
      case TYPE.number:
        into[el.value] = 1234.5;
        break;
      case TYPE.date:
      case TYPE.time:
        into[el.value] = new Date(Date.UTC(2026, 10, 25, 12, 30));
        break;
      case TYPE.plural:
        into[el.value] = n;
        for (const option of Object.values(el.options)) sampleValues(option.value, into, n);
        break;
      case TYPE.select: {
        const keys = Object.keys(el.options);
        into[el.value] = keys.find((k) => k !== "other") ?? "other";
        for (const option of Object.values(el.options)) sampleValues(option.value, into, n);
        break;
      }
      case TYPE.tag:
        into[el.value] = (chunks: unknown[]) => `<${el.value}>${chunks.join("")}</${el.value}>`;
        sampleValues(el.children, into, n);
        break;
    }
  }
  return into;
}

function leaves(tree: MessageTree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

function at(tree: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
}

const text = (out: unknown) => (Array.isArray(out) ? out.join("") : String(out));

describe("messages compiled for the browser", () => {
  it.each([...LOCALES])("reads the same in %s as the server's formatter makes of the catalogue", (locale) => {
    const all = loadLocaleMessages(locale);
    const compiled = browserMessages(all, Object.keys(all));
    const options = { cache: _createCache(), formatters: _createIntlFormatters(_createCache()), locale, timeZone: "Europe/Helsinki" };
    const differ: string[] = [];
    let checked = 0;
    for (const [key, message] of leaves(all)) {
      for (const n of [0, 1, 3]) {
        const values = sampleValues(parse(message), {}, n);
        const expected = text(fullFormat(key, message, values as never, options));
        const actual = text(formatOnly(key, at(compiled, key) as never, values as never, options));
        if (actual !== expected) differ.push(`${key} (n=${n}): ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // Messages with arguments are compiled, not handed over as written.
    expect(leaves(all).filter(([k, v]) => v.includes("{") && typeof at(compiled, k) !== "string").length).toBeGreaterThan(100);
    expect(differ).toEqual([]);
  });

  it("hands over only plain objects, arrays, strings and numbers (what React sends to client components)", () => {
    const all = loadLocaleMessages("en-GB");
    const compiled = browserMessages(all, Object.keys(all));
    const odd: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${path}[${i}]`));
      else if (node && typeof node === "object") {
        if (Object.getPrototypeOf(node) !== Object.prototype) odd.push(path);
        for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
      } else if (typeof node !== "string" && typeof node !== "number") odd.push(`${path}: ${typeof node}`);
    };
    walk(compiled, "");
    expect(odd).toEqual([]);
    const picked = browserMessages(all, ["shell", "invoices.errors"]) as Record<string, object>;
    expect(Object.keys(picked).sort()).toEqual(["invoices", "shell"]);
    expect(Object.keys(picked.invoices)).toEqual(["errors"]);
  });
});
