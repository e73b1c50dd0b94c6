import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import compile from "icu-minify/compile";
import { getDb } from "@/server/db/client";
import { siteTranslations, sites } from "@/server/db/schema";
import { notFound, validationError, type FieldError } from "@/server/errors";
import { invalidateSiteCache } from "@/server/sites/sites";
import { listMessageKeys, loadLocaleMessages } from "@/i18n/messages";
import type { MessageTree } from "@/i18n/pseudo";
import { auditAdminChange, type AdminContext } from "./site-admin";

/** The longest text an override may have. */
export const OVERRIDE_MAX = 5000;

export interface TranslationEntry {
  key: string;
  /** The product's text in the locale. */
  product: string;
  /** The site's own text, or null when the product's is shown. */
  override: string | null;
}

function productText(tree: MessageTree, key: string): string | undefined {
  let node: MessageTree | string | undefined = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The names a message takes from its caller: arguments, plural and select variables, rich-text tags. */
export function messageArguments(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(el.value);
        break;
      case TYPE.select:
      case TYPE.plural:
        into.add(el.value);
        for (const option of Object.values(el.options)) messageArguments(option.value, into);
        break;
      case TYPE.tag:
        into.add(`<${el.value}>`);
        messageArguments(el.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

/** Why an override cannot replace the product's message, or null when it can: it must parse, and take exactly the product's arguments. */
export function checkOverride(product: string, value: string): "icu-syntax" | "icu-arguments" | null {
  let own: MessageFormatElement[];
  try {
    own = parse(value);
    compile(value);
  } catch {
    return "icu-syntax";
  }
  let expected: Set<string>;
  try {
    expected = messageArguments(parse(product));
  } catch {
    // A product text that is not ICU (none should be): the override must then have no arguments either.
    expected = new Set();
  }
  const got = messageArguments(own);
  if (got.size !== expected.size || [...got].some((a) => !expected.has(a))) return "icu-arguments";
  return null;
}

async function siteLocales(siteId: string): Promise<string[]> {
  const db = await getDb();
  const [row] = await db.select({ locales: sites.locales }).from(sites).where(eq(sites.id, siteId));
  if (!row) throw notFound();
  return row.locales;
}

function checkLocale(locales: string[], locale: string) {
  if (!locales.includes(locale)) throw validationError([{ path: "locale", code: "locale-not-offered", message: "admin.errors.locale-not-offered" }]);
}

/** Every message key of the product in a locale of the site, with the product's text and the site's override. */
export async function listTranslations(siteId: string, locale: string, query?: string): Promise<TranslationEntry[]> {
  checkLocale(await siteLocales(siteId), locale);
  const tree = loadLocaleMessages(locale);
  const db = await getDb();
  const rows = await db
    .select({ key: siteTranslations.key, value: siteTranslations.value })
    .from(siteTranslations)
    .where(and(eq(siteTranslations.siteId, siteId), eq(siteTranslations.locale, locale)));
  const overrides = new Map(rows.map((r) => [r.key, r.value]));
  const q = query?.trim().toLowerCase();
  const entries = listMessageKeys(tree).map((key) => ({ key, product: productText(tree, key) ?? "", override: overrides.get(key) ?? null }));
  return q ? entries.filter((e) => e.key.toLowerCase().includes(q) || e.product.toLowerCase().includes(q) || (e.override ?? "").toLowerCase().includes(q)) : entries;
}

/**
 * Sets (a text) or reverts (null, or the product's own text) the site's overrides in a locale.
 * All are checked first: one broken message refuses the whole change, and nothing is stored.
 * Pages in every process read the change on their next load.
 */
export async function updateTranslations(ctx: AdminContext, locale: string, translations: Record<string, string | null>): Promise<TranslationEntry[]> {
  checkLocale(await siteLocales(ctx.siteId), locale);
  const tree = loadLocaleMessages(locale);
  const errors: FieldError[] = [];
  const set: { key: string; value: string }[] = [];
  const revert: string[] = [];
  for (const [key, value] of Object.entries(translations)) {
    const product = productText(tree, key);
    const path = `translations.${key}`;
    if (product === undefined) {
      errors.push({ path, code: "unknown-key", message: "admin.errors.unknown-key" });
      continue;
    }
    if (value === null || value === product) {
      revert.push(key);
      continue;
    }
    if (!value.trim()) {
      errors.push({ path, code: "required", message: "admin.errors.required" });
      continue;
    }
    const problem = checkOverride(product, value);
    if (problem) errors.push({ path, code: problem, message: `admin.errors.${problem}` });
    else set.push({ key, value });
  }
  if (errors.length) throw validationError(errors);
  if (set.length || revert.length) {
    const db = await getDb();
    await db.transaction(async (tx) => {
      for (const { key, value } of set) {
        await tx
          .insert(siteTranslations)
          .values({ siteId: ctx.siteId, locale, key, value })
          .onConflictDoUpdate({ target: [siteTranslations.siteId, siteTranslations.locale, siteTranslations.key], set: { value, updatedAt: new Date() } });
      }
      if (revert.length) await tx.delete(siteTranslations).where(and(eq(siteTranslations.siteId, ctx.siteId), eq(siteTranslations.locale, locale), inArray(siteTranslations.key, revert)));
    });
    if (set.length) await auditAdminChange(ctx, "translations.update", { locale, keys: set.map((s) => s.key) });
    if (revert.length) await auditAdminChange(ctx, "translations.revert", { locale, keys: revert });
    // The site's messages are cached with the site: the announcement reaches every process.
    await invalidateSiteCache();
  }
  const keys = new Set(Object.keys(translations));
  return (await listTranslations(ctx.siteId, locale)).filter((e) => keys.has(e.key));
}
