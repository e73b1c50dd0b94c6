/**
 * The development pseudo-locale: every translated string is accented and bracketed, so a
 * string that shows up plain on a page was hard-coded rather than translated.
 */
const MAP: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "í",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ó",
  p: "þ",
  q: "ʠ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "ú",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Á",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Í",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ó",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Ú",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};
export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

/** Accents letters outside ICU argument definitions; text inside plural/select branches is accented too. */
export function pseudoLocalize(message: string): string {
  let depth = 0;
  let inTag = false;
  let out = "";
  for (const ch of message) {
    if (ch === "{") depth++;
    else if (ch === "}") depth--;
    // Rich-text tag names (<link>…</link>) must stay as they are, or t.rich cannot find them.
    else if (ch === "<") inTag = true;
    else if (ch === ">") inTag = false;
    out += depth % 2 === 0 && !inTag && MAP[ch] ? MAP[ch] : ch;
  }
  return `${PSEUDO_OPEN}${out}${PSEUDO_CLOSE}`;
}

export type MessageTree = { [key: string]: string | MessageTree };

export function pseudoLocalizeTree(tree: MessageTree): MessageTree {
  const out: MessageTree = {};
  for (const [k, v] of Object.entries(tree)) out[k] = typeof v === "string" ? pseudoLocalize(v) : pseudoLocalizeTree(v);
  return out;
}
