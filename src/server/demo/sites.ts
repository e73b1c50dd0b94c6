import "server-only";
import type { CreateSiteInput } from "@/server/sites/sites";
import { AREA_FEATURES, type Feature } from "@/lib/features";

export type DemoCountry = "FI" | "EE" | "LV";
export interface DemoSite extends CreateSiteInput {
  country: DemoCountry;
  features: readonly Feature[];
  /** Seed for this site's people and customers. */
  seed: string;
}

const COMMON_FEATURES: Feature[] = [
  // Membership is for cooperatives: of the demo suppliers only Aurora is one (its members own shares).
  ...AREA_FEATURES.filter((f) => f !== "power-control" && f !== "membership"),
  "invoices.csv-download",
  "invoices.advanced-postpone",
  "cookie-consent",
  "dark-theme",
  "sign-in.email-only",
  "charts.temperature",
  "charts.netted",
  "charts.temperature-and-price",
  "real-time-cost-estimation",
  "settings.outage-contacts",
  "settings.spot-price",
  "pwa",
  "push-notifications",
  "admin-localization",
  "api-tokens",
];

/** Three demo suppliers on different themes, countries and locale sets. */
export const DEMO_SITES: DemoSite[] = [
  {
    id: "aurora",
    seed: "aurora-energia",
    companyName: "Aurora Energia Oy",
    country: "FI",
    timezone: "Europe/Helsinki",
    defaultLocaleId: "fi-FI",
    locales: ["fi-FI", "sv-FI", "en-GB"],
    themeId: "voima",
    features: [...COMMON_FEATURES, "charts.five-minute-consumption", "membership-number", "membership", "power-control", "relay-control", "power-control.on-off"],
    domains: ["aurora.localhost", "localhost"],
    contactLinks: [
      { label: "asiakaspalvelu@aurora-energia.example", link: "mailto:asiakaspalvelu@aurora-energia.example" },
      { label: "+358 9 4250 1000", link: "tel:+358942501000" },
    ],
    linkItems: [
      { label: "Tietosuojaseloste", link: "https://aurora-energia.example/tietosuoja", type: "PRIVACY_POLICY", locale: "fi-FI" },
      { label: "Privacy notice", link: "https://aurora-energia.example/en/privacy", type: "PRIVACY_POLICY", locale: "en-GB" },
      { label: "Dataskyddsbeskrivning", link: "https://aurora-energia.example/sv/dataskydd", type: "PRIVACY_POLICY", locale: "sv-FI" },
    ],
    externalServices: [
      { type: "HOMEPAGE", name: "Aurora Energia", url: "https://aurora-energia.example" },
      { type: "PAYMENT", name: "Sandbox payments", url: "/sandbox/payments" },
    ],
    metaFields: [
      { name: "TITLE", content: "Aurora Energia – Oma Aurora", locale_id: "fi-FI" },
      { name: "TITLE", content: "Aurora Energia – Min Aurora", locale_id: "sv-FI" },
      { name: "TITLE", content: "Aurora Energia – My Aurora", locale_id: "en-GB" },
      { name: "DESCRIPTION", content: "Aurora Energian asiakkaiden asiointipalvelu", locale_id: null },
    ],
    gaMeasurementId: null,
  },
  {
    id: "laane",
    seed: "laane-energia",
    companyName: "Lääne Energia AS",
    country: "EE",
    timezone: "Europe/Tallinn",
    defaultLocaleId: "et-EE",
    locales: ["et-EE", "ru-RU", "en-GB"],
    themeId: "viruev",
    features: [...COMMON_FEATURES, "support.advanced", "invoices.receivable-outsourced", "power-control", "relay-control"],
    domains: ["laane.localhost"],
    contactLinks: [
      { label: "klienditugi@laane-energia.example", link: "mailto:klienditugi@laane-energia.example" },
      { label: "+372 600 1234", link: "tel:+3726001234" },
    ],
    linkItems: [
      { label: "Privaatsuspoliitika", link: "https://laane-energia.example/privaatsus", type: "PRIVACY_POLICY", locale: "et-EE" },
      { label: "Privacy policy", link: "https://laane-energia.example/en/privacy", type: "PRIVACY_POLICY", locale: "en-GB" },
      { label: "Политика конфиденциальности", link: "https://laane-energia.example/ru/konfidentsialnost", type: "PRIVACY_POLICY", locale: "ru-RU" },
    ],
    externalServices: [{ type: "HOMEPAGE", name: "Lääne Energia", url: "https://laane-energia.example" }],
    metaFields: [
      { name: "TITLE", content: "Lääne Energia iseteenindus", locale_id: "et-EE" },
      { name: "TITLE", content: "Lääne Energia self-service", locale_id: "en-GB" },
      { name: "TITLE", content: "Lääne Energia – самообслуживание", locale_id: "ru-RU" },
    ],
    gaMeasurementId: "G-DEMO0000EE",
  },
  {
    id: "daugava",
    seed: "daugava-energija",
    companyName: "Daugavas Enerģija SIA",
    country: "LV",
    timezone: "Europe/Riga",
    defaultLocaleId: "lv-LV",
    locales: ["lv-LV", "ru-RU", "en-GB"],
    themeId: "ignitis",
    features: COMMON_FEATURES.filter((f) => f !== "dark-theme" && f !== "sign-in.email-only"),
    domains: ["daugava.localhost"],
    contactLinks: [{ label: "klienti@daugava-energija.example", link: "mailto:klienti@daugava-energija.example" }],
    linkItems: [
      { label: "Privātuma politika", link: "https://daugava-energija.example/privatums", type: "PRIVACY_POLICY", locale: "lv-LV" },
      { label: "Политика конфиденциальности", link: "https://daugava-energija.example/ru/konfidencialnost", type: "PRIVACY_POLICY", locale: "ru-RU" },
      { label: "Privacy policy", link: "https://daugava-energija.example/en/privacy", type: "PRIVACY_POLICY", locale: "en-GB" },
    ],
    externalServices: [{ type: "HOMEPAGE", name: "Daugavas Enerģija", url: "https://daugava-energija.example" }],
    metaFields: [
      { name: "TITLE", content: "Daugavas Enerģija pašapkalpošanās portāls", locale_id: "lv-LV" },
      { name: "TITLE", content: "Daugavas Enerģija self-service", locale_id: "en-GB" },
    ],
    gaMeasurementId: null,
  },
];

export const DEMO_COUNTRIES = [
  { code: "FI", name: "Finland", enumName: "FINLAND", group: "GROUP-A", currency: "EUR", vatRateBasisPoints: 2550, biddingZone: "FI", callingCode: "+358" },
  { code: "EE", name: "Estonia", enumName: "ESTONIA", group: "GROUP-B", currency: "EUR", vatRateBasisPoints: 2400, biddingZone: "EE", callingCode: "+372" },
  { code: "LV", name: "Latvia", enumName: "LATVIA", group: "GROUP-B", currency: "EUR", vatRateBasisPoints: 2100, biddingZone: "LV", callingCode: "+371" },
];

export const DEMO_BANKS: Record<DemoCountry, { name: string; bic: string; eInvoice: boolean }[]> = {
  FI: [
    { name: "Nordea", bic: "NDEAFIHH", eInvoice: true },
    { name: "OP", bic: "OKOYFIHH", eInvoice: true },
    { name: "Danske Bank", bic: "DABAFIHH", eInvoice: true },
    { name: "S-Pankki", bic: "SBANFIHH", eInvoice: true },
    { name: "Aktia", bic: "HELSFIHH", eInvoice: true },
    { name: "Säästöpankki", bic: "ITELFIHH", eInvoice: true },
    { name: "POP Pankki", bic: "POPFFI22", eInvoice: true },
    { name: "Handelsbanken", bic: "HANDFIHH", eInvoice: true },
    { name: "Ålandsbanken", bic: "AABAFI22", eInvoice: true },
    { name: "Oma Säästöpankki", bic: "OMASFI2X", eInvoice: false },
  ],
  EE: [
    { name: "Swedbank", bic: "HABAEE2X", eInvoice: true },
    { name: "SEB", bic: "EEUHEE2X", eInvoice: true },
    { name: "LHV", bic: "LHVBEE22", eInvoice: true },
    { name: "Luminor", bic: "RIKOEE22", eInvoice: true },
    { name: "Coop Pank", bic: "EKRDEE22", eInvoice: true },
    { name: "Citadele", bic: "PARXEE22", eInvoice: false },
  ],
  LV: [
    { name: "Swedbank", bic: "HABALV22", eInvoice: true },
    { name: "SEB banka", bic: "UNLALV2X", eInvoice: true },
    { name: "Citadele", bic: "PARXLV22", eInvoice: true },
    { name: "Luminor", bic: "RIKOLV2X", eInvoice: true },
    { name: "Rietumu", bic: "RTMBLV2X", eInvoice: false },
  ],
};

export const DEMO_OPERATORS: Record<DemoCountry, { name: string; code: string }[]> = {
  FI: [
    { name: "Apix Messaging", code: "003723327487" },
    { name: "Basware", code: "BAWCFI22" },
    { name: "CGI", code: "003703575029" },
    { name: "Maventa", code: "003721291126" },
    { name: "OpusCapita", code: "E204503" },
    { name: "Pagero", code: "003723609900" },
    { name: "Tieto", code: "003701011385" },
    { name: "Nordea", code: "NDEAFIHH" },
    { name: "OP", code: "OKOYFIHH" },
  ],
  EE: [
    { name: "Omniva", code: "OMNIVA" },
    { name: "Telema", code: "TELEMA" },
    { name: "Finbite", code: "FINBITE" },
    { name: "Unifiedpost", code: "UNIFIEDPOST" },
  ],
  LV: [
    { name: "Unifiedpost", code: "UNIFIEDPOST" },
    { name: "Finbite", code: "FINBITE" },
    { name: "E-adrese", code: "EADRESE" },
  ],
};
