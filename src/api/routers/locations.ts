import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { CostEstimate, CostEstimationQuery, LocationList, MeteringPointRefList } from "../schemas/energy";
import { listLocations, type PointScope } from "@/server/metering/points";
import { costEstimation } from "@/server/metering/statistics";
import { localDateString } from "@/lib/energy/time";
import type { PortalSession } from "@/server/auth/session";
import type { Site } from "@/server/sites/sites";

/** The point scope of a request: the site and the active customer (the dashboard's scope is dashboardScope's). */
export function scopeOf(site: Site, session: PortalSession): PointScope {
  return { siteId: site.id, customerId: session.activeCustomer!.id };
}

// ---------------------------------------------------------------- /api/locations

export const locationsRouter = new OpenAPIHono<AppEnv>();

locationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/locations",
    operationId: "listLocations",
    tags: ["Usage points"],
    summary: "The active customer's locations (addresses) with their metering points and current contracts",
    access: "customer",
    responses: { 200: jsonResponse(LocationList) },
  }),
  async (c) => {
    const site = c.get("site");
    const locations = await listLocations(scopeOf(site, c.get("session")!), localDateString(Date.now(), site.timezone));
    return c.json({ locations }, 200);
  },
);

locationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/locations/gsrn",
    operationId: "listMeteringPointRefs",
    tags: ["Usage points"],
    summary: "The active customer's metering points in short, for pickers (charts, dashboard)",
    access: "customer",
    responses: { 200: jsonResponse(MeteringPointRefList) },
  }),
  async (c) => {
    const site = c.get("site");
    const locations = await listLocations(scopeOf(site, c.get("session")!), localDateString(Date.now(), site.timezone));
    const meteringPoints = locations.flatMap((l) =>
      l.meteringPoints.map((p) => ({ gsrn: p.gsrn, energyKind: p.energyKind, hasProduction: p.hasProduction, intervalMinutes: p.intervalMinutes, location: p.location, address: p.address })),
    );
    return c.json({ meteringPoints }, 200);
  },
);

locationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/locations/cost-estimation",
    operationId: "getCostEstimation",
    errors: { 404: "A metering point that is not the active customer's" },
    tags: ["Usage points"],
    summary: "Real-time estimate of today's cost so far, from today's readings, prices, margins, fees and VAT",
    access: "customer",
    feature: "real-time-cost-estimation",
    request: { query: CostEstimationQuery },
    responses: { 200: jsonResponse(CostEstimate) },
  }),
  async (c) => {
    const site = c.get("site");
    const { objects } = c.req.valid("query");
    return c.json(await costEstimation(site, scopeOf(site, c.get("session")!), objects), 200);
  },
);
