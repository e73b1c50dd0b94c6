import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse, queryList } from "../route";
import { listLocations, type PointScope } from "@/server/metering/points";
import { costEstimation } from "@/server/metering/statistics";
import { localDateString } from "@/lib/energy/time";
import { RESOLUTIONS } from "@/lib/energy/chart";
import type { PortalSession } from "@/server/auth/session";
import type { Site } from "@/server/sites/sites";

/** Locations and metering points, and the request and response parts the energy routers (dashboard, charts, usage points) share. */
export const Gsrn = z.string().regex(/^\d{18}$/).openapi({ example: "643001234567890128", description: "18-digit GSRN of a metering point" });
export const GsrnList = queryList(Gsrn).optional().openapi({ description: "Metering points (repeat or gsrn[]=…); default: the customer's points of their first energy kind" });

export const DateParam = z
  .string()
  .max(40)
  .optional()
  .openapi({ description: "YYYY-MM-DD (midnight in the site's time zone) or ISO 8601 date-time with offset", example: "2026-01-01" });

export const RangeQuerySchema = z.object({
  from: DateParam,
  to: DateParam.openapi({ description: "Exclusive end; required with from. Default: the current month" }),
  resolution: z.enum(RESOLUTIONS).optional().openapi({ description: "Interval minutes (5, 15, 60) or calendar day/month; default day" }),
  gsrn: GsrnList,
});

export const Address = z.object({ street: z.string(), postalCode: z.string(), city: z.string() });

export const ContractSummary = z
  .object({ productName: z.string(), priceModel: z.enum(["Hourly", "Fixed"]), validFrom: z.string(), validTo: z.string().nullable() })
  .openapi("EnergyContractSummary");

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

export const Location = z
  .object({ id: z.string().uuid(), name: z.string(), address: Address, meteringPoints: z.array(MeteringPoint) })
  .openapi("Location");

export const RangeView = {
  from: z.string().openapi({ description: "ISO 8601 with the site's offset" }),
  to: z.string(),
  resolution: z.enum(RESOLUTIONS),
  timezone: z.string(),
};

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
    tags: ["Usage points"],
    summary: "The active customer's locations (addresses) with their metering points and current contracts",
    access: "customer",
    responses: { 200: jsonResponse(z.object({ locations: z.array(Location) })) },
  }),
  async (c) => {
    const site = c.get("site");
    const locations = await listLocations(scopeOf(site, c.get("session")!), localDateString(Date.now(), site.timezone));
    return c.json({ locations }, 200);
  },
);

const GsrnItem = z
  .object({ gsrn: z.string(), energyKind: z.enum(["electricity", "gas", "heating"]), hasProduction: z.boolean(), intervalMinutes: z.number().int(), location: z.object({ id: z.string(), name: z.string() }), address: Address })
  .openapi("MeteringPointRef");

locationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/locations/gsrn",
    tags: ["Usage points"],
    summary: "The active customer's metering points in short, for pickers (charts, dashboard)",
    access: "customer",
    responses: { 200: jsonResponse(z.object({ meteringPoints: z.array(GsrnItem) })) },
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

const CostEstimate = z
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

locationsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/locations/cost-estimation",
    tags: ["Usage points"],
    summary: "Real-time estimate of today's cost so far, from today's readings, prices, margins, fees and VAT",
    access: "customer",
    feature: "real-time-cost-estimation",
    request: { query: z.object({ objects: GsrnList.openapi({ description: "GSRNs (objects[]=…); default: the customer's electricity points" }) }) },
    responses: { 200: jsonResponse(CostEstimate) },
  }),
  async (c) => {
    const site = c.get("site");
    const { objects } = c.req.valid("query");
    return c.json(await costEstimation(site, scopeOf(site, c.get("session")!), objects), 200);
  },
);
