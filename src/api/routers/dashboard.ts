import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { GsrnList, Location, RangeQuerySchema, RangeView } from "./locations";
import { dashboardLocations, dashboardScope } from "@/server/metering/dashboard";
import { energyStatistics, expenseStatistics, spotStatistics, yearlyConsumption } from "@/server/metering/statistics";
import { latestInvoices } from "@/server/invoices/summary";

export const dashboardRouter = new OpenAPIHono<AppEnv>();

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/locations",
    tags: ["Dashboard"],
    summary: "Locations with metering points for the dashboard (district heat left out when the site turns it off)",
    access: "customer",
    feature: "dashboard",
    responses: { 200: jsonResponse(z.object({ locations: z.array(Location) })) },
  }),
  async (c) => {
    const locations = await dashboardLocations(c.get("site"), c.get("session")!.activeCustomer!.id);
    return c.json({ locations }, 200);
  },
);

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

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/invoices",
    tags: ["Dashboard"],
    summary: "Summary of the latest invoices (newest first, at most 3, cancelled ones left out; empty without the invoices feature)",
    access: "customer",
    feature: "dashboard",
    responses: { 200: jsonResponse(z.object({ invoices: z.array(DashboardInvoice) })) },
  }),
  async (c) => {
    const latest = await latestInvoices(c.get("site"), c.get("session")!.activeCustomer!.id);
    const invoices = latest.map((i) => ({
      id: i.id,
      invoiceNumber: i.invoiceNumber,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      totalCents: i.totalCents,
      currency: i.currency,
      status: i.status as "paid" | "unpaid",
      state: i.state as "open" | "overdue" | "paid" | "outsourced",
      overdue: i.overdue,
      type: i.type,
      periodStart: i.periodStart,
      periodEnd: i.periodEnd,
    }));
    return c.json({ invoices }, 200);
  },
);

const EnergyStatistics = z
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

for (const series of ["consumption", "production"] as const) {
  dashboardRouter.openapi(
    defineRoute({
      method: "get",
      path: `/dashboard/statistics/${series}`,
      tags: ["Dashboard"],
      summary: `${series === "consumption" ? "Consumption" : "Production"} per bucket (kWh) in the site's time zone`,
      access: "customer",
      feature: "dashboard",
      request: { query: RangeQuerySchema },
      responses: { 200: jsonResponse(EnergyStatistics) },
    }),
    async (c) => {
      const site = c.get("site");
      const q = c.req.valid("query");
      return c.json(await energyStatistics(site, dashboardScope(site, c.get("session")!.activeCustomer!.id), series, q), 200);
    },
  );
}

const ExpenseStatistics = z
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

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/statistics/expenses",
    tags: ["Dashboard"],
    summary: "Energy cost per bucket, VAT included: (spot or fixed price + margin) × energy, plus monthly fees pro rata",
    access: "customer",
    feature: "dashboard",
    request: { query: RangeQuerySchema },
    responses: { 200: jsonResponse(ExpenseStatistics) },
  }),
  async (c) => {
    const site = c.get("site");
    return c.json(await expenseStatistics(site, dashboardScope(site, c.get("session")!.activeCustomer!.id), c.req.valid("query")), 200);
  },
);

const SpotPrice = z
  .object({ start: z.string(), end: z.string(), eurPerMwh: z.number(), centsPerKwh: z.number(), centsPerKwhWithVat: z.number() })
  .openapi("SpotPrice");
const SpotDay = z
  .object({
    date: z.string(),
    prices: z.array(SpotPrice),
    minCentsPerKwhWithVat: z.number(),
    maxCentsPerKwhWithVat: z.number(),
    averageCentsPerKwhWithVat: z.number(),
  })
  .openapi("SpotDay");

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/statistics/spot",
    tags: ["Dashboard"],
    summary: "Day-ahead spot prices of the site's bidding zone for today and tomorrow (15-minute), and the price now",
    access: "customer",
    feature: "dashboard",
    responses: {
      200: jsonResponse(
        z
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
          .openapi("SpotStatistics"),
      ),
    },
  }),
  async (c) => c.json(await spotStatistics(c.get("site")), 200),
);

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/yearly-consumption",
    tags: ["Dashboard"],
    summary: "Monthly consumption of a calendar year next to the year before",
    access: "customer",
    feature: "dashboard",
    request: {
      query: z.object({
        year: z.coerce.number().int().min(2000).max(2100).optional().openapi({ description: "Default: the current year" }),
        gsrn: GsrnList,
      }),
    },
    responses: {
      200: jsonResponse(
        z
          .object({
            year: z.number().int(),
            unit: z.literal("kWh"),
            timezone: z.string(),
            meteringPoints: z.array(z.string()),
            total: z.number().nullable(),
            previousYearTotal: z.number().nullable(),
            months: z.array(z.object({ month: z.number().int(), consumption: z.number().nullable(), previousYear: z.number().nullable() })),
          })
          .openapi("YearlyConsumption"),
      ),
    },
  }),
  async (c) => {
    const site = c.get("site");
    return c.json(await yearlyConsumption(site, dashboardScope(site, c.get("session")!.activeCustomer!.id), c.req.valid("query")), 200);
  },
);
