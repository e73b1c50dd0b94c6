import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse, queryList } from "../route";
import { RangeQuerySchema, RangeView, scopeOf } from "./locations";
import { chartReadings } from "@/server/metering/statistics";

export const chartsRouter = new OpenAPIHono<AppEnv>();

export const ChartReadingsSchema = z
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

chartsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/charts/readings",
    tags: ["Charts"],
    summary: "Chart values of one measurement, optionally with the same period whole years earlier",
    description:
      "series: the first element is the measurement (consumption, production, netted, price, temperature); an optional second element is a whole number of years (1–10) for a comparison period. Netted needs charts.netted, temperature charts.temperature; price is off with charts.spot-price-disabled; resolution 5 needs charts.five-minute-consumption and 5-minute meters.",
    access: "customer",
    feature: "charts",
    request: {
      query: RangeQuerySchema.extend({
        series: queryList(z.string().max(20)).pipe(z.array(z.string()).min(1).max(2)).openapi({ description: "series[]=consumption&series[]=1" }),
        unit: z.enum(["kwh", "money"]).optional().openapi({ description: "kwh (default) or money (cents, VAT included) for energy measurements" }),
      }),
    },
    responses: { 200: jsonResponse(ChartReadingsSchema) },
  }),
  async (c) => {
    const site = c.get("site");
    const q = c.req.valid("query");
    return c.json((await chartReadings(site, scopeOf(site, c.get("session")!), q)) as z.infer<typeof ChartReadingsSchema>, 200);
  },
);
