import { z } from "@hono/zod-openapi";

export const Country = z
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
export type Country = z.infer<typeof Country>;

export const CountryList = z.object({ countries: z.array(Country) });
export const CountryCodeParam = z.object({ countryCode: z.string().regex(/^[A-Za-z]{2}$/) });

export const Bank = z.object({ id: z.string(), name: z.string(), bic: z.string(), type: z.string(), country: z.string() }).openapi("Bank");
export type Bank = z.infer<typeof Bank>;
export const BankList = z.object({ banks: z.array(Bank) });
export const BankQuery = z.object({ type: z.enum(["BANK_LINK", "CARD", "E_INVOICE"]).optional() });

export const EInvoiceOperator = z.object({ id: z.string(), name: z.string(), code: z.string(), country: z.string() }).openapi("EInvoiceOperator");
export type EInvoiceOperator = z.infer<typeof EInvoiceOperator>;
export const EInvoiceOperatorList = z.object({ operators: z.array(EInvoiceOperator) });

export const ExternalService = z.object({ type: z.string(), name: z.string(), url: z.string() }).openapi("ExternalService");
export type ExternalService = z.infer<typeof ExternalService>;
export const ExternalServiceList = z.object({ services: z.array(ExternalService) });
export const ExternalServiceQuery = z.object({ type: z.string().max(50).optional() });

/** Public facts about the site of the request's host and the service. */
export const SiteInfo = z.object({
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
});
export type SiteInfo = z.infer<typeof SiteInfo>;
