import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES, DEFAULT_LOCALE, type Locale } from "@/lib/locales";
import { listMessageKeys, loadLocaleMessages } from "./messages";
import type { MessageTree } from "./pseudo";
import { CENTS_PER_KWH } from "./format";

const DIR = path.join(process.cwd(), "src/i18n/messages");

/**
 * Words that stay the same in every language: units, codes and product or brand names. A value
 * equal to the English one passes when all its words are such names or codes.
 */
const NAMES_AND_CODES = new Set(["kWh", "MWh", "Wh", "kW", "c", "C", "Sandbox", "Pay", "e", "ID", "Smart", "Mobile", "IBAN", "BIC", "PDF", "CSV", "GSRN", "EIC", "OVT", "SEPA", "VAT", "EUR"]);

/** Words that happen to be spelt as in English in a language (the whole value, per locale). */
const SAME_WORD_IN_LOCALE: Partial<Record<Locale, string[]>> = {
  "sv-FI": ["Status", "Gas", "Period", "Data"],
};

function valueAt(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** Text without ICU arguments, numbers, punctuation and symbols: what a translator translates. */
function words(value: string): string {
  return value
    .replace(/\{[^{}]*\}/g, " ")
    .replace(/[^\p{L}]+/gu, " ")
    .trim();
}

/** The ICU arguments of a message, also those inside plural and select branches ("#" is not one). */
export function messageArguments(msg: string): string[] {
  const names = new Set<string>();
  const readUntil = (i: number, stops: string) => {
    let j = i;
    while (j < msg.length && !stops.includes(msg[j])) j++;
    return j;
  };
  function text(i: number, nested: boolean): number {
    while (i < msg.length) {
      if (msg[i] === "{") i = argument(i + 1);
      else if (msg[i] === "}" && nested) return i + 1;
      else i++;
    }
    return i;
  }
  function argument(i: number): number {
    const nameEnd = readUntil(i, ",}");
    names.add(msg.slice(i, nameEnd).trim());
    if (msg[nameEnd] !== ",") return nameEnd + 1;
    const typeEnd = readUntil(nameEnd + 1, ",}");
    const type = msg.slice(nameEnd + 1, typeEnd).trim();
    if (msg[typeEnd] !== ",") return typeEnd + 1;
    if (type === "plural" || type === "select" || type === "selectordinal") {
      let p = typeEnd + 1;
      while (p < msg.length) {
        p = readUntil(p, "{}");
        if (msg[p] === "}") return p + 1;
        if (msg[p] === "{") p = text(p + 1, true);
      }
      return p;
    }
    let depth = 1;
    let q = typeEnd + 1;
    for (; q < msg.length && depth; q++) depth += msg[q] === "{" ? 1 : msg[q] === "}" ? -1 : 0;
    return q;
  }
  text(0, false);
  return [...names].sort();
}

const english = loadLocaleMessages(DEFAULT_LOCALE);
const englishKeys = listMessageKeys(english).sort();
const namespaces = fs
  .readdirSync(path.join(DIR, DEFAULT_LOCALE))
  .filter((f) => f.endsWith(".json"))
  .sort();

describe("translation messages", () => {
  it("finds ICU arguments, also inside plural branches", () => {
    expect(messageArguments("{count, plural, one {# year of {name}} other {# years}} at {time, time, short}")).toEqual(["count", "name", "time"]);
    expect(messageArguments("Hello {name}")).toEqual(["name"]);
  });

  it("has the same namespace files in every locale", () => {
    for (const locale of LOCALES) {
      const files = fs
        .readdirSync(path.join(DIR, locale))
        .filter((f) => f.endsWith(".json"))
        .sort();
      expect(files, locale).toEqual(namespaces);
    }
  });

  it("writes the price unit in cents per kWh one way per locale, as the PDF and CSV do", () => {
    // Any message holding a price unit: "c/kWh", "snt/kWh", "s/kWh", "ц/кВт·ч", "centi/kWh" …
    const unit = /(?:^|[\s(])([^\s(){}]+\/(?:kWh|кВт·ч))/g;
    const found: string[] = [];
    for (const locale of LOCALES) {
      const tree = loadLocaleMessages(locale);
      for (const key of listMessageKeys(tree)) {
        for (const m of valueAt(tree, key)!.matchAll(unit)) if (m[1] !== CENTS_PER_KWH[locale] && !/^(?:€|EUR)\//.test(m[1])) found.push(`${locale} ${key}: ${m[1]}`);
      }
    }
    expect(found).toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
    describe(locale, () => {
      const tree = loadLocaleMessages(locale);

      it("has exactly the keys of en-GB in every namespace", () => {
        const keys = listMessageKeys(tree).sort();
        expect(
          keys.filter((k) => !englishKeys.includes(k)),
          "keys en-GB does not have",
        ).toEqual([]);
        expect(
          englishKeys.filter((k) => !keys.includes(k)),
          "keys missing",
        ).toEqual([]);
      });

      it("has no empty values and the same ICU arguments as en-GB", () => {
        const wrong: string[] = [];
        for (const key of englishKeys) {
          const value = valueAt(tree, key);
          if (value === undefined) continue;
          if (!value.trim()) wrong.push(`${key}: empty`);
          else if (messageArguments(value).join() !== messageArguments(valueAt(english, key)!).join())
            wrong.push(`${key}: arguments ${messageArguments(value)} ≠ ${messageArguments(valueAt(english, key)!)}`);
        }
        expect(wrong).toEqual([]);
      });

      it("translates every text (values equal to English only for names and codes)", () => {
        const untranslated: string[] = [];
        for (const key of englishKeys) {
          const value = valueAt(tree, key);
          const en = valueAt(english, key)!;
          if (value === undefined || value !== en) continue;
          const w = words(en);
          if (!w || w.split(" ").every((word) => NAMES_AND_CODES.has(word)) || SAME_WORD_IN_LOCALE[locale]?.includes(w)) continue;
          untranslated.push(`${key}: ${JSON.stringify(value)}`);
        }
        expect(untranslated).toEqual([]);
      });
    });
  }
});
