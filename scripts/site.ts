/**
 * `npm run site -- <command>`: manage sites (suppliers).
 *   list
 *   create --id <id> --name <company> --country FI|EE|LV --domain <host> [--domain <host>…]
 *          [--timezone Europe/Helsinki] [--locales fi-FI,sv-FI,en-GB] [--default-locale fi-FI]
 *          [--theme voima] [--features dashboard,charts,invoices,…]
 *   add-domain --id <id> --domain <host> [--primary]
 *   remove-domain --id <id> --domain <host>
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { closeDb, getDb } from "../src/server/db/client";
import { addDomain, createSite, listSites, removeDomain } from "../src/server/sites/sites";
import { AREA_FEATURES, isFeature } from "../src/lib/features";
import { isLocale } from "../src/lib/locales";
import { isThemeId } from "../src/themes/registry";

const COUNTRY_DEFAULTS = {
  FI: { timezone: "Europe/Helsinki", locales: ["fi-FI", "sv-FI", "en-GB"] },
  EE: { timezone: "Europe/Tallinn", locales: ["et-EE", "ru-RU", "en-GB"] },
  LV: { timezone: "Europe/Riga", locales: ["lv-LV", "ru-RU", "en-GB"] },
} as const;

const host = z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i, "not a host name");

const CreateInput = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,40}$/, "lowercase letters, digits and dashes"),
  name: z.string().min(2).max(200),
  country: z.enum(["FI", "EE", "LV"]),
  domain: z.array(host).min(1),
  timezone: z
    .string()
    .refine((tz) => Intl.supportedValuesOf("timeZone").includes(tz), "unknown time zone")
    .optional(),
  locales: z.string().optional(),
  "default-locale": z.string().optional(),
  theme: z.string().refine(isThemeId, "unknown theme id").default("voima"),
  features: z.string().optional(),
});

function usage(): never {
  console.log(`Usage:
  npm run site -- list
  npm run site -- create --id <id> --name <company> --country FI|EE|LV --domain <host> [--domain <host>] [--timezone <tz>] [--locales a,b] [--default-locale <l>] [--theme <id>] [--features a,b]
  npm run site -- add-domain --id <id> --domain <host> [--primary]
  npm run site -- remove-domain --id <id> --domain <host>`);
  process.exit(2);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      id: { type: "string" },
      name: { type: "string" },
      country: { type: "string" },
      domain: { type: "string", multiple: true },
      timezone: { type: "string" },
      locales: { type: "string" },
      "default-locale": { type: "string" },
      theme: { type: "string" },
      features: { type: "string" },
      primary: { type: "boolean" },
    },
  });
  await getDb();
  if (command === "list") {
    for (const s of await listSites()) console.log(`${s.id.padEnd(16)} ${s.companyName.padEnd(30)} ${s.country} ${s.themeId.padEnd(12)} ${s.locales.join(",")}`);
  } else if (command === "create") {
    const input = CreateInput.parse(values);
    const defaults = COUNTRY_DEFAULTS[input.country];
    const locales = input.locales ? input.locales.split(",").map((l) => l.trim()) : [...defaults.locales];
    const bad = locales.filter((l) => !isLocale(l));
    if (bad.length) throw new Error(`Unknown locale(s): ${bad.join(", ")}`);
    const defaultLocale = input["default-locale"] ?? locales[0];
    if (!locales.includes(defaultLocale)) throw new Error("The default locale must be one of the locales.");
    const features = input.features ? input.features.split(",").map((f) => f.trim()) : [...AREA_FEATURES];
    const unknown = features.filter((f) => !isFeature(f));
    if (unknown.length) throw new Error(`Unknown feature(s): ${unknown.join(", ")}`);
    const site = await createSite({
      id: input.id,
      companyName: input.name,
      country: input.country,
      timezone: input.timezone ?? defaults.timezone,
      defaultLocaleId: defaultLocale,
      locales,
      themeId: input.theme,
      features,
      domains: input.domain,
      auth: { sandboxEid: true, oidc: [] },
    });
    console.log(`Created site ${site.id} on ${site.domains.join(", ")}.`);
  } else if (command === "add-domain" || command === "remove-domain") {
    const id = z.string().min(1).parse(values.id);
    const domain = host.parse(values.domain?.[0]);
    if (command === "add-domain") await addDomain(id, domain, !!values.primary);
    else await removeDomain(id, domain);
    console.log(`${command === "add-domain" ? "Added" : "Removed"} ${domain} ${command === "add-domain" ? "to" : "from"} ${id}.`);
  } else usage();
  await closeDb();
}

main().catch(async (err) => {
  if (err instanceof z.ZodError) console.error(err.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"));
  else console.error(err instanceof Error ? err.message : err);
  await closeDb();
  process.exit(1);
});
