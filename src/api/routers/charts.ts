import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { scopeOf } from "./locations";
import { ChartReadings, ChartReadingsQuery } from "../schemas/energy";
import { chartReadings } from "@/server/metering/statistics";

export const chartsRouter = new OpenAPIHono<AppEnv>();

chartsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/charts/readings",
    operationId: "getChartReadings",
    token: "read-consumption",
    errors: { 404: "A metering point that is not the active customer's, or the measurement's feature is off" },
    tags: ["Charts"],
    summary: "Chart values of one measurement, optionally with the same period whole years earlier",
    description:
      "series: the first element is the measurement (consumption, production, netted, price, temperature); an optional second element is a whole number of years (1–10) for a comparison period. Netted needs charts.netted, temperature charts.temperature; price is off with charts.spot-price-disabled; resolution 5 needs charts.five-minute-consumption and 5-minute meters.",
    access: "customer",
    feature: "charts",
    request: {
      query: ChartReadingsQuery,
    },
    responses: { 200: jsonResponse(ChartReadings) },
  }),
  async (c) => {
    const site = c.get("site");
    const q = c.req.valid("query");
    return c.json((await chartReadings(site, scopeOf(site, c.get("session")!), q)) as ChartReadings, 200);
  },
);
