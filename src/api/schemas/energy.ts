import { z } from "@hono/zod-openapi";
import { queryList } from "./common";
import { RESOLUTIONS } from "@/lib/energy/chart";

/** Locations and metering points, and the request and response parts the energy endpoints (dashboard, charts, usage points) share. */
export const Gsrn = z
  .string()
  .regex(/^\d{18}$/)
  .openapi({ example: "643001234567890128", description: "18-digit GSRN of a metering point" });
export const GsrnList = queryList(Gsrn).optional().openapi({ description: "Metering points (repeat or gsrn[]=…); default: the customer's points of their first energy kind" });

export const DateParam = z.string().max(40).optional().openapi({ description: "YYYY-MM-DD (midnight in the site's time zone) or ISO 8601 date-time with offset", example: "2026-01-01" });

export const RangeQuery = z.object({
  from: DateParam,
  to: DateParam.openapi({ description: "Exclusive end; required with from. Default: the current month" }),
  resolution: z.enum(RESOLUTIONS).optional().openapi({ description: "Interval minutes (5, 15, 60) or calendar day/month; default day" }),
  gsrn: GsrnList,
});

export const Address = z.object({ street: z.string(), postalCode: z.string(), city: z.string() });

export const ContractSummary = z.object({ productName: z.string(), priceModel: z.enum(["Hourly", "Fixed"]), validFrom: z.string(), validTo: z.string().nullable() }).openapi("EnergyContractSummary");

export const MeteringPoint = z
  .object({
    id: z.string().uuid(),
    gsrn: z.string(),
    energyKind: z.enum(["electricity", "gas", "heating"]),
    usagePointKind: z.enum(["UsagePoint", "TechAndUsagePoint", "TechPoint", "XpowerFeeder", "XpowerSubstation", "EEFeeder", "EESubstation", "MicrogenerationSite"]),
    meterNumber: z.string().nullable(),
    eicCode: z.string().nullable(),
    biddingZone: z.string(),
    intervalMinutes: z.number().int(),
    hasProduction: z.boolean(),
    address: Address,
    location: z.object({ id: z.string().uuid(), name: z.string() }),
    contract: ContractSummary.nullable(),
  })
  .openapi("MeteringPoint");

export const Location = z.object({ id: z.string().uuid(), name: z.string(), address: Address, meteringPoints: z.array(MeteringPoint) }).openapi("Location");

export const RangeView = {
  from: z.string().openapi({ description: "ISO 8601 with the site's offset" }),
  to: z.string(),
  resolution: z.enum(RESOLUTIONS),
  timezone: z.string(),
};

export type Address = z.infer<typeof Address>;
export type MeteringPoint = z.infer<typeof MeteringPoint>;
export type Location = z.infer<typeof Location>;

export const LocationList = z.object({ locations: z.array(Location) });
export type LocationList = z.infer<typeof LocationList>;

// ---------------------------------------------------------------- locations

export const MeteringPointRef = z
  .object({
    gsrn: z.string(),
    energyKind: z.enum(["electricity", "gas", "heating"]),
    hasProduction: z.boolean(),
    intervalMinutes: z.number().int(),
    location: z.object({ id: z.string(), name: z.string() }),
    address: Address,
  })
  .openapi("MeteringPointRef");
export type MeteringPointRef = z.infer<typeof MeteringPointRef>;

export const MeteringPointRefList = z.object({ meteringPoints: z.array(MeteringPointRef) });

export const CostEstimate = z
  .object({
    date: z.string().openapi({ description: "Today in the site's time zone, YYYY-MM-DD" }),
    from: z.string(),
    until: z.string().openapi({ description: "Now; the estimate covers readings received so far" }),
    currency: z.string(),
    vatRate: z.number(),
    totalCents: z.number().int(),
    estimates: z.array(
      z.object({
        gsrn: z.string(),
        energyKind: z.enum(["electricity", "gas", "heating"]),
        kwh: z.number(),
        energyCents: z.number().int(),
        feeCents: z.number().int(),
        totalCents: z.number().int(),
        unpricedIntervals: z.number().int(),
      }),
    ),
  })
  .openapi("CostEstimation");
export type CostEstimate = z.infer<typeof CostEstimate>;

export const CostEstimationQuery = z.object({ objects: GsrnList.openapi({ description: "GSRNs (objects[]=…); default: the customer's electricity points" }) });

// ---------------------------------------------------------------- charts

export const ChartReadings = z
  .object({
    measurement: z.enum(["consumption", "production", "netted", "price", "temperature"]),
    unit: z.enum(["kWh", "cents", "c/kWh", "°C"]),
    currency: z.string().nullable(),
    vatIncluded: z.boolean(),
    ...RangeView,
    dateFormat: z.enum(["HH:mm", "HH:00", "DD.MM", "MM.YYYY"]).openapi({ description: "Label format for the range (spec §9)" }),
    meteringPoints: z.array(z.string()),
    comparison: z
      .object({ yearOffset: z.number().int(), key: z.string(), from: z.string(), to: z.string() })
      .nullable()
      .openapi({ description: "The earlier period, when series had a second element; its values are under `key`" }),
    values: z.array(
      z
        .object({ date: z.string(), label: z.string() })
        .catchall(z.union([z.number(), z.string(), z.null()]))
        .openapi({ description: "date (ISO 8601, site offset), label, the measurement's value under its name, and the earlier period's under comparison.key" }),
    ),
  })
  .openapi("ChartReadings");
export type ChartReadings = z.infer<typeof ChartReadings>;

export const ChartReadingsQuery = RangeQuery.extend({
  series: queryList(z.string().max(20)).pipe(z.array(z.string()).min(1).max(2)).openapi({ description: "series[]=consumption&series[]=1" }),
  unit: z.enum(["kwh", "money"]).optional().openapi({ description: "kwh (default) or money (cents, VAT included) for energy measurements" }),
});

// ---------------------------------------------------------------- dashboard

export const DashboardInvoice = z
  .object({
    id: z.string(),
    invoiceNumber: z.string(),
    issueDate: z.string(),
    dueDate: z.string(),
    totalCents: z.number().int(),
    currency: z.string(),
    status: z.enum(["paid", "unpaid"]),
    state: z.enum(["open", "overdue", "paid", "outsourced"]),
    overdue: z.boolean(),
    type: z.enum(["Regular", "E-Invoice"]),
    periodStart: z.string(),
    periodEnd: z.string(),
  })
  .openapi("DashboardInvoice");
export type DashboardInvoice = z.infer<typeof DashboardInvoice>;

export const DashboardInvoiceList = z.object({ invoices: z.array(DashboardInvoice) });

export const EnergyStatistics = z
  .object({
    measurement: z.enum(["consumption", "production"]),
    unit: z.literal("kWh"),
    ...RangeView,
    meteringPoints: z.array(z.string()),
    total: z.number().nullable().openapi({ description: "kWh over the range; null without data" }),
    previousYearTotal: z.number().nullable().openapi({ description: "kWh over the same range a year earlier" }),
    values: z.array(z.object({ date: z.string(), value: z.number().nullable() })),
  })
  .openapi("EnergyStatistics");
export type EnergyStatistics = z.infer<typeof EnergyStatistics>;

export const ExpenseStatistics = z
  .object({
    currency: z.string(),
    vatRate: z.number().openapi({ description: "Percent, e.g. 25.5" }),
    ...RangeView,
    meteringPoints: z.array(z.string()),
    totalCents: z.number().int(),
    energyCents: z.number().int(),
    feeCents: z.number().int(),
    kwh: z.number(),
    unpricedIntervals: z.number().int().openapi({ description: "Intervals without a price (no contract, or no spot price yet)" }),
    values: z.array(z.object({ date: z.string(), kwh: z.number(), energyCents: z.number().int(), feeCents: z.number().int(), totalCents: z.number().int() })),
  })
  .openapi("ExpenseStatistics");
export type ExpenseStatistics = z.infer<typeof ExpenseStatistics>;

export const SpotPrice = z.object({ start: z.string(), end: z.string(), eurPerMwh: z.number(), centsPerKwh: z.number(), centsPerKwhWithVat: z.number() }).openapi("SpotPrice");
export const SpotDay = z
  .object({
    date: z.string(),
    prices: z.array(SpotPrice),
    minCentsPerKwhWithVat: z.number(),
    maxCentsPerKwhWithVat: z.number(),
    averageCentsPerKwhWithVat: z.number(),
  })
  .openapi("SpotDay");

export const SpotStatistics = z
  .object({
    zone: z.string(),
    currency: z.string(),
    vatRate: z.number(),
    unit: z.literal("c/kWh"),
    timezone: z.string(),
    resolutionMinutes: z.number().int(),
    now: SpotPrice.nullable(),
    today: SpotDay.nullable(),
    tomorrow: SpotDay.nullable().openapi({ description: "Null until the day-ahead auction result is published" }),
  })
  .openapi("SpotStatistics");
export type SpotStatistics = z.infer<typeof SpotStatistics>;

export const YearlyConsumptionQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional().openapi({ description: "Default: the current year" }),
  gsrn: GsrnList,
});

export const YearlyConsumption = z
  .object({
    year: z.number().int(),
    unit: z.literal("kWh"),
    timezone: z.string(),
    meteringPoints: z.array(z.string()),
    total: z.number().nullable(),
    previousYearTotal: z.number().nullable(),
    months: z.array(z.object({ month: z.number().int(), consumption: z.number().nullable(), previousYear: z.number().nullable() })),
  })
  .openapi("YearlyConsumption");
export type YearlyConsumption = z.infer<typeof YearlyConsumption>;

// ---------------------------------------------------------------- dashboard overview

const EnergyKind = z.enum(["electricity", "gas", "heating"]);

export const DashboardPeriodFigure = z
  .object({
    total: z.number().nullable().openapi({ description: "kWh so far this month; null without readings" }),
    lastMonthTotal: z.number().nullable().openapi({ description: "kWh of last month up to the same day and time" }),
    lastYearTotal: z.number().nullable().openapi({ description: "kWh of the same part of the month a year earlier" }),
    changeFromLastMonth: z.number().nullable(),
    changeFromLastYear: z.number().nullable(),
  })
  .openapi("DashboardPeriodFigure");

export const DashboardPeriod = z
  .object({
    from: z.string().openapi({ description: "The first day of the month, YYYY-MM-DD" }),
    until: z.string().openapi({ description: "Today, YYYY-MM-DD" }),
    kinds: z.array(z.object({ kind: EnergyKind, consumption: DashboardPeriodFigure, production: DashboardPeriodFigure.nullable() })),
    days: z.array(z.object({ date: z.string(), consumption: z.number().nullable(), production: z.number().nullable() })).openapi({ description: "The first kind's days, oldest first" }),
  })
  .openapi("DashboardPeriod");
export type DashboardPeriod = z.infer<typeof DashboardPeriod>;

export const DashboardExpenses = z
  .object({
    from: z.string(),
    until: z.string(),
    currency: z.string(),
    totalCents: z.number().int(),
    kinds: z.array(EnergyKind),
    months: z.array(z.object({ date: z.string(), cents: z.partialRecord(EnergyKind, z.number().int().nullable()) })),
  })
  .openapi("DashboardExpenses");
export type DashboardExpenses = z.infer<typeof DashboardExpenses>;

export const SpotHour = z
  .object({
    hour: z.number().int().openapi({ description: "The hour of the day it starts, 0–23, on the site's clock" }),
    start: z.string(),
    price: z.number().openapi({ description: "The hour's average in c/kWh with VAT" }),
  })
  .openapi("SpotHour");
export const SpotRanking = z.object({ cheapest: z.array(SpotHour), dearest: z.array(SpotHour) }).openapi("SpotRanking");

export const DashboardOverview = z
  .object({
    customer: z.object({ id: z.string().uuid(), name: z.string() }),
    hasData: z.boolean().openapi({ description: "Whether the customer has metering points on the dashboard" }),
    period: DashboardPeriod.nullable(),
    spot: SpotStatistics,
    spotRanking: z.object({ today: SpotRanking.nullable(), tomorrow: SpotRanking.nullable() }),
    estimate: CostEstimate.nullable().openapi({ description: "Null where the site does not show the real-time cost estimate" }),
    expenses: DashboardExpenses.nullable(),
    locations: z.array(Location),
  })
  .openapi("DashboardOverview");
export type DashboardOverview = z.infer<typeof DashboardOverview>;
