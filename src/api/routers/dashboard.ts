import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { DashboardInvoiceList, DashboardOverview, EnergyStatistics, ExpenseStatistics, LocationList, RangeQuery, SpotStatistics, YearlyConsumption, YearlyConsumptionQuery } from "../schemas/energy";
import { dashboardLocations, dashboardScope, keptDashboardOverview } from "@/server/metering/dashboard";
import { energyStatistics, expenseStatistics, spotStatistics, yearlyConsumption } from "@/server/metering/statistics";
import { latestInvoices } from "@/server/invoices/summary";

export const dashboardRouter = new OpenAPIHono<AppEnv>();

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/overview",
    operationId: "getDashboardOverview",
    tags: ["Dashboard"],
    summary: "Everything the dashboard shows in one answer: this month's energy, spot prices, today's cost estimate, expenses and locations",
    description:
      "period, estimate and expenses are null while the customer has no metering points on the dashboard (hasData false); estimate is also null without electricity points or where the site does not offer the real-time cost estimate.",
    access: "customer",
    feature: "dashboard",
    responses: { 200: jsonResponse(DashboardOverview) },
  }),
  async (c) => {
    const { id, name } = c.get("session")!.activeCustomer!;
    return c.json(await keptDashboardOverview(c.get("site"), { id, name }), 200);
  },
);

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/locations",
    operationId: "listDashboardLocations",
    tags: ["Dashboard"],
    summary: "Locations with metering points for the dashboard (district heat left out when the site turns it off)",
    access: "customer",
    feature: "dashboard",
    responses: { 200: jsonResponse(LocationList) },
  }),
  async (c) => {
    const locations = await dashboardLocations(c.get("site"), c.get("session")!.activeCustomer!.id);
    return c.json({ locations }, 200);
  },
);

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/invoices",
    operationId: "listDashboardInvoices",
    tags: ["Dashboard"],
    summary: "Summary of the latest invoices (newest first, at most 3, cancelled ones left out; empty without the invoices feature)",
    access: "customer",
    feature: "dashboard",
    responses: { 200: jsonResponse(DashboardInvoiceList) },
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

for (const series of ["consumption", "production"] as const) {
  dashboardRouter.openapi(
    defineRoute({
      method: "get",
      path: `/dashboard/statistics/${series}`,
      operationId: series === "consumption" ? "getConsumptionStatistics" : "getProductionStatistics",
      errors: { 404: "A metering point that is not the active customer's" },
      tags: ["Dashboard"],
      summary: `${series === "consumption" ? "Consumption" : "Production"} per bucket (kWh) in the site's time zone`,
      access: "customer",
      feature: "dashboard",
      token: "read-consumption",
      request: { query: RangeQuery },
      responses: { 200: jsonResponse(EnergyStatistics) },
    }),
    async (c) => {
      const site = c.get("site");
      const q = c.req.valid("query");
      return c.json(await energyStatistics(site, dashboardScope(site, c.get("session")!.activeCustomer!.id), series, q), 200);
    },
  );
}

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/statistics/expenses",
    operationId: "getExpenseStatistics",
    errors: { 404: "A metering point that is not the active customer's" },
    tags: ["Dashboard"],
    summary: "Energy cost per bucket, VAT included: (spot or fixed price + margin) × energy, plus monthly fees pro rata",
    access: "customer",
    feature: "dashboard",
    token: "read-consumption",
    request: { query: RangeQuery },
    responses: { 200: jsonResponse(ExpenseStatistics) },
  }),
  async (c) => {
    const site = c.get("site");
    return c.json(await expenseStatistics(site, dashboardScope(site, c.get("session")!.activeCustomer!.id), c.req.valid("query")), 200);
  },
);

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/statistics/spot",
    operationId: "getSpotStatistics",
    token: "read-prices",
    tags: ["Dashboard"],
    summary: "Day-ahead spot prices of the site's bidding zone for today and tomorrow (15-minute), and the price now",
    access: "customer",
    feature: "dashboard",
    responses: {
      200: jsonResponse(SpotStatistics),
    },
  }),
  async (c) => c.json(await spotStatistics(c.get("site")), 200),
);

dashboardRouter.openapi(
  defineRoute({
    method: "get",
    path: "/dashboard/yearly-consumption",
    operationId: "getYearlyConsumption",
    errors: { 404: "A metering point that is not the active customer's" },
    tags: ["Dashboard"],
    summary: "Monthly consumption of a calendar year next to the year before",
    access: "customer",
    feature: "dashboard",
    request: { query: YearlyConsumptionQuery },
    responses: { 200: jsonResponse(YearlyConsumption) },
  }),
  async (c) => {
    const site = c.get("site");
    return c.json(await yearlyConsumption(site, dashboardScope(site, c.get("session")!.activeCustomer!.id), c.req.valid("query")), 200);
  },
);
