import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { getCountry, listBanks, listCountries, listOperators } from "@/server/reference/reference";
import { notFound } from "@/server/errors";
import { LOCALE_NAMES, type AnyLocale } from "@/lib/locales";
import { APP_VERSION } from "@/lib/version";

const Country = z
  .object({
    code: z.enum(["FI", "EE", "LV"]),
    name: z.enum(["FINLAND", "ESTONIA", "LATVIA"]),
    displayName: z.string(),
    group: z.enum(["GROUP-A", "GROUP-B"]),
    currency: z.string(),
    vatRate: z.number().openapi({ description: "VAT as a percentage, e.g. 25.5" }),
    biddingZone: z.string(),
    callingCode: z.string(),
  })
  .openapi("Country");

const Bank = z.object({ id: z.string(), name: z.string(), bic: z.string(), type: z.string(), country: z.string() }).openapi("Bank");
const Operator = z.object({ id: z.string(), name: z.string(), code: z.string(), country: z.string() }).openapi("EInvoiceOperator");
const ExternalService = z.object({ type: z.string(), name: z.string(), url: z.string() }).openapi("ExternalService");

type CountryRow = Awaited<ReturnType<typeof listCountries>>[number];
const countryView = (c: CountryRow): z.infer<typeof Country> => ({
  code: c.code as "FI",
  name: c.enumName as "FINLAND",
  displayName: c.name,
  group: c.group as "GROUP-A",
  currency: c.currency,
  vatRate: c.vatRateBasisPoints / 100,
  biddingZone: c.biddingZone,
  callingCode: c.callingCode,
});

export const referenceRouter = new OpenAPIHono<AppEnv>();

referenceRouter.openapi(
  defineRoute({
    method: "get",
    path: "/info",
    tags: ["Site"],
    summary: "Public facts about this site and the service",
    access: "public",
    responses: {
      200: jsonResponse(
        z.object({
          site: z.object({
            id: z.string(),
            companyName: z.string(),
            country: z.string(),
            timezone: z.string(),
            defaultLocale: z.string(),
            locales: z.array(z.object({ id: z.string(), name: z.string() })),
            themeId: z.string(),
            features: z.array(z.string()),
            contactLinks: z.array(z.object({ label: z.string(), link: z.string() })),
            linkItems: z.array(z.object({ label: z.string(), link: z.string(), type: z.string().optional(), locale: z.string().nullable().optional() })),
          }),
          version: z.string(),
          serverTime: z.string(),
        }),
      ),
    },
  }),
  (c) => {
    const s = c.get("site");
    return c.json(
      {
        site: {
          id: s.id,
          companyName: s.companyName,
          country: s.country,
          timezone: s.timezone,
          defaultLocale: s.defaultLocaleId,
          locales: s.locales.map((id) => ({ id, name: LOCALE_NAMES[id as AnyLocale] ?? id })),
          themeId: s.themeId,
          features: s.features,
          contactLinks: s.contactLinks,
          linkItems: s.linkItems,
        },
        version: APP_VERSION,
        serverTime: new Date().toISOString(),
      },
      200,
    );
  },
);

referenceRouter.openapi(
  defineRoute({
    method: "get",
    path: "/countries",
    tags: ["Reference"],
    summary: "Countries served, with currency, VAT and bidding zone",
    access: "public",
    responses: { 200: jsonResponse(z.object({ countries: z.array(Country) })) },
  }),
  async (c) => c.json({ countries: (await listCountries()).map(countryView) }, 200),
);

referenceRouter.openapi(
  defineRoute({
    method: "get",
    path: "/countries/{countryCode}",
    tags: ["Reference"],
    summary: "One country",
    access: "public",
    request: { params: z.object({ countryCode: z.string().regex(/^[A-Za-z]{2}$/) }) },
    responses: { 200: jsonResponse(Country) },
  }),
  async (c) => {
    const row = await getCountry(c.req.valid("param").countryCode);
    if (!row) throw notFound();
    return c.json(countryView(row), 200);
  },
);

referenceRouter.openapi(
  defineRoute({
    method: "get",
    path: "/banks",
    tags: ["Reference"],
    summary: "Banks of the site's country, optionally of one type (BANK_LINK, CARD, E_INVOICE)",
    access: "public",
    request: { query: z.object({ type: z.enum(["BANK_LINK", "CARD", "E_INVOICE"]).optional() }) },
    responses: { 200: jsonResponse(z.object({ banks: z.array(Bank) })) },
  }),
  async (c) => {
    const rows = await listBanks(c.get("site").country, c.req.valid("query").type);
    return c.json({ banks: rows.map((b) => ({ id: b.id, name: b.name, bic: b.bic, type: b.type, country: b.country })) }, 200);
  },
);

referenceRouter.openapi(
  defineRoute({
    method: "get",
    path: "/banks/operators",
    tags: ["Reference"],
    summary: "E-invoice operators of the site's country",
    access: "public",
    responses: { 200: jsonResponse(z.object({ operators: z.array(Operator) })) },
  }),
  async (c) => {
    const rows = await listOperators(c.get("site").country);
    return c.json({ operators: rows.map((o) => ({ id: o.id, name: o.name, code: o.code, country: o.country })) }, 200);
  },
);

referenceRouter.openapi(
  defineRoute({
    method: "get",
    path: "/external-services",
    tags: ["Site"],
    summary: "External services the site links to, optionally of one type",
    access: "public",
    request: { query: z.object({ type: z.string().max(50).optional() }) },
    responses: { 200: jsonResponse(z.object({ services: z.array(ExternalService) })) },
  }),
  (c) => {
    const type = c.req.valid("query").type;
    const services = c.get("site").externalServices.filter((s) => !type || s.type === type);
    return c.json({ services: services.map(({ type: t, name, url }) => ({ type: t, name, url })) }, 200);
  },
);
