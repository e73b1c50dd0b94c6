import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { getCountry, listBanks, listCountries, listOperators } from "@/server/reference/reference";
import { notFound } from "@/server/errors";
import { LOCALE_NAMES, type AnyLocale } from "@/lib/locales";
import { APP_VERSION } from "@/lib/version";
import { BankList, BankQuery, Country, CountryCodeParam, CountryList, EInvoiceOperatorList, ExternalServiceList, ExternalServiceQuery, SiteInfo } from "../schemas/reference";

type CountryRow = Awaited<ReturnType<typeof listCountries>>[number];
const countryView = (c: CountryRow): Country => ({
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
    operationId: "getSiteInfo",
    tags: ["Site"],
    summary: "Public facts about this site and the service",
    access: "public",
    responses: {
      200: jsonResponse(SiteInfo),
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
    kept: true,
    operationId: "listCountries",
    tags: ["Reference"],
    summary: "Countries served, with currency, VAT and bidding zone",
    access: "public",
    responses: { 200: jsonResponse(CountryList) },
  }),
  async (c) => c.json({ countries: (await listCountries()).map(countryView) }, 200),
);

referenceRouter.openapi(
  defineRoute({
    method: "get",
    path: "/countries/{countryCode}",
    kept: true,
    operationId: "getCountry",
    errors: { 404: "No such country" },
    tags: ["Reference"],
    summary: "One country",
    access: "public",
    request: { params: CountryCodeParam },
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
    kept: true,
    operationId: "listBanks",
    tags: ["Reference"],
    summary: "Banks of the site's country, optionally of one type (BANK_LINK, CARD, E_INVOICE)",
    access: "public",
    request: { query: BankQuery },
    responses: { 200: jsonResponse(BankList) },
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
    kept: true,
    operationId: "listEInvoiceOperators",
    tags: ["Reference"],
    summary: "E-invoice operators of the site's country",
    access: "public",
    responses: { 200: jsonResponse(EInvoiceOperatorList) },
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
    operationId: "listExternalServices",
    tags: ["Site"],
    summary: "External services the site links to, optionally of one type",
    access: "public",
    request: { query: ExternalServiceQuery },
    responses: { 200: jsonResponse(ExternalServiceList) },
  }),
  (c) => {
    const type = c.req.valid("query").type;
    const services = c.get("site").externalServices.filter((s) => !type || s.type === type);
    return c.json({ services: services.map(({ type: t, name, url }) => ({ type: t, name, url })) }, 200);
  },
);
