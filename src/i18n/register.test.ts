import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_SITES } from "@/server/demo/sites";
import { magicLinkMail } from "@/server/auth/mail-templates";
import type { MessageTree } from "./pseudo";

/**
 * Estonian speaks to the reader in one register, the formal one (Teie, Te, Teid …, imperatives
 * in -ge/-ke: "Proovige uuesti"). Short one-command labels ("Salvesta", "Logi välja") keep the
 * conventional short form, as Estonian services write them; sentences never use the informal one.
 */

const DIR = path.join(process.cwd(), "src/i18n/messages/et-EE");

/** Informal pronouns (sina in every case): wrong in any message. */
const PRONOUNS = new Set(["sa", "sina", "sinu", "sul", "sulle", "sind", "sinult", "sinul", "sinuga", "sinust", "sinule", "sinus", "sinusse", "sinuni", "sinuta"]);

/** Second person singular verb forms ("you are", "you may" …) whose formal form ends in -te: wrong in any message. */
const SECOND_PERSON_VERBS = new Set([
  "oled",
  "saad",
  "võid",
  "soovid",
  "kasutad",
  "tegutsed",
  "lahkud",
  "jätkad",
  "tarbid",
  "toodad",
  "vajad",
  "tahad",
  "leiad",
  "näed",
  "maksad",
  "alustasid",
  "küsisid",
  "tellisid",
  "valisid",
  "sisestasid",
]);

/**
 * Second person singular imperatives of the verbs the catalogue uses. A one-command label of up to
 * four words may use them ("Logi uuesti sisse"); a longer message or a sentence may not.
 * Words that are also nouns or infinitives ("tasu" fee, "saada" to get) are left out.
 */
const IMPERATIVES = new Set([
  "alusta",
  "anna",
  "ava",
  "hoia",
  "jätka",
  "jää",
  "katkesta",
  "kasuta",
  "keeldu",
  "kinnita",
  "kirjuta",
  "kirjelda",
  "klõpsa",
  "kontrolli",
  "kopeeri",
  "kustuta",
  "küsi",
  "laadi",
  "lahku",
  "leia",
  "liigu",
  "lisa",
  "loe",
  "logi",
  "lülitu",
  "maksa",
  "mine",
  "muuda",
  "näita",
  "nõustu",
  "oota",
  "peida",
  "pikenda",
  "proovi",
  "salvesta",
  "sisesta",
  "sulge",
  "taasta",
  "teata",
  "tegutse",
  "telli",
  "tuvasta",
  "tühista",
  "tühjenda",
  "vaata",
  "vajuta",
  "vali",
  "vaheta",
  "veendu",
  "värskenda",
  "võta",
]);

type Finding = { where: string; word: string; text: string };

/**
 * The texts a message can show: one per plural or select branch, with arguments as "X" (a word of
 * its own) and "#" as a number.
 */
function messageVariants(message: string): string[] {
  type Node = string | { options: Node[][] };
  let i = 0;
  function nodes(nested: boolean): Node[] {
    const out: Node[] = [];
    let text = "";
    while (i < message.length) {
      const c = message[i];
      if (c === "}" && nested) break;
      if (c === "{") {
        i++;
        if (text) out.push(text);
        text = "";
        out.push(argument());
        continue;
      }
      text += c === "#" && nested ? "1" : c;
      i++;
    }
    if (text) out.push(text);
    return out;
  }
  function argument(): Node {
    const head = /^[^{}]*/.exec(message.slice(i))![0];
    i += head.length;
    const [, type] = head.split(",").map((s) => s.trim());
    if (type === "plural" || type === "select" || type === "selectordinal") {
      const options: Node[][] = [];
      while (i < message.length && message[i] !== "}") {
        if (message[i] === "{") {
          i++;
          options.push(nodes(true));
          i++;
        } else i++;
      }
      i++;
      return { options };
    }
    i++; // the closing brace of a simple argument
    return " X ";
  }
  const tree = nodes(false);
  function expand(list: Node[]): string[] {
    let variants = [""];
    for (const n of list) {
      if (typeof n === "string") variants = variants.map((v) => v + n);
      else {
        const branches = n.options.flatMap(expand);
        variants = variants.flatMap((v) => branches.map((b) => v + b));
      }
    }
    return variants;
  }
  return expand(tree);
}

/** The words of a text, leaving out quoted names of buttons and options (valige „Jätka“). */
function words(text: string): string[] {
  const unquoted = text.replace(/„[^“”]*[“”]|«[^»]*»|"[^"]*"/g, " X ");
  return (unquoted.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase());
}

/** The informal words in one text a reader sees. */
function informalWords(text: string): string[] {
  const found = new Set<string>();
  const ws = words(text);
  // A sentence (ending in . ! ?) or any message of more than four words speaks to the reader.
  const sentence = ws.length > 4 || /[.!?]["”“]?\s*$/.test(text.trim());
  ws.forEach((w, k) => {
    if (PRONOUNS.has(w) || SECOND_PERSON_VERBS.has(w)) found.add(w);
    // After "ei"/"ega" the same form is the negative present ("raha ei liigu"), not a command.
    const negated = k > 0 && (ws[k - 1] === "ei" || ws[k - 1] === "ega");
    if (sentence && IMPERATIVES.has(w) && !negated) found.add(w);
    // "ära" + imperative is the informal prohibition ("ära sulge"); the formal one is "ärge sulgege".
    if (w === "ära" && IMPERATIVES.has(ws[k + 1] ?? "")) found.add(`ära ${ws[k + 1]}`);
  });
  return [...found];
}

function flatten(tree: MessageTree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
}

function findingsIn(where: string, message: string): Finding[] {
  return messageVariants(message).flatMap((text) => informalWords(text).map((word) => ({ where, word, text: text.trim() })));
}

const FILES = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort();

describe("the informal-address check", () => {
  it("finds informal pronouns, verbs and imperatives, and lets formal sentences and short labels pass", () => {
    expect(informalWords("Palun proovi hetke pärast uuesti.")).toEqual(["proovi"]);
    expect(informalWords("Sul ei ole selleks õigust.")).toEqual(["sul"]);
    expect(informalWords("Oled välja logitud")).toEqual(["oled"]);
    expect(informalWords("Kas soovid sisestatud andmed taastada?")).toEqual(["soovid"]);
    expect(informalWords("Palun ära kirjuta siia isikuandmeid.")).toEqual(["ära kirjuta", "kirjuta"]);
    expect(informalWords("Ära sulge")).toEqual(["ära sulge"]);
    expect(informalWords("Logi sisse, et näha oma arveid ja lepinguid.")).toEqual(["logi"]);
    expect(informalWords("Palun proovige hetke pärast uuesti.")).toEqual([]);
    expect(informalWords("Teil ei ole selleks õigust.")).toEqual([]);
    expect(informalWords("Palun ärge kirjutage siia isikuandmeid.")).toEqual([]);
    expect(informalWords("Logi uuesti sisse")).toEqual([]);
    expect(informalWords("Palun vali hinnang.")).toEqual(["vali"]);
    expect(informalWords("Pikendamise eest lisatakse arvele tasu X.")).toEqual([]);
    expect(informalWords("See on testmakseteenus. Raha ei liigu ja kaardilt ei võeta tasu.")).toEqual([]);
    expect(informalWords("Kui kasutate teenust edasi, valige „Jätka“.")).toEqual([]);
    expect(informalWords("Kui kasutad teenust edasi, vali „Jätka“.")).toEqual(["kasutad", "vali"]);
  });

  it("reads every branch of plural messages and counts arguments as words", () => {
    expect(messageVariants("{used, plural, =0 {Sa pole seda pikendanud} other {Pikendatud # korda}} (kõige rohkem {allowed}).")).toEqual([
      "Sa pole seda pikendanud (kõige rohkem  X ).",
      "Pikendatud 1 korda (kõige rohkem  X ).",
    ]);
    expect(findingsIn("x", "{count, plural, one {Vali # arve} other {Vali # arvet, mida soovid}}").map((f) => f.word)).toEqual(["vali", "soovid"]);
    expect(findingsIn("x", "Proovi {company} veebilehel uuesti {when}").map((f) => f.word)).toEqual(["proovi"]);
  });
});

describe("Estonian messages address the reader formally", () => {
  it("has message files to check", () => {
    expect(FILES.length).toBeGreaterThan(10);
  });

  it.each(FILES)("%s", (file) => {
    const tree = JSON.parse(fs.readFileSync(path.join(DIR, file), "utf8")) as MessageTree;
    const findings = flatten(tree).flatMap(([key, value]) => findingsIn(`${file.replace(/\.json$/, "")}.${key}`, value));
    expect(findings).toEqual([]);
  });
});

describe("Estonian mail addresses the reader formally", () => {
  const estonian = DEMO_SITES.filter((s) => s.defaultLocaleId === "et-EE");

  it.each(estonian.map((s) => [s.id, s] as const))("the sign-in link mail of %s, with and without a name", (_id, site) => {
    expect(estonian.length).toBeGreaterThan(0);
    const url = `https://${site.domains[0]}/api/auth/magic-link/verify?token=abc`;
    for (const mail of [magicLinkMail(site, "mari.tamm@example.com", url), magicLinkMail(site, "mari.tamm@example.com", url, "Mari Tamm")]) {
      const findings = [mail.subject, ...mail.text.split("\n"), ...mail.html.split(/<[^>]*>/)].flatMap((text) => informalWords(text).map((word) => ({ word, text })));
      expect(findings).toEqual([]);
    }
  });
});
