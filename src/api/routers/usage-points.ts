import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { scopeOf } from "./locations";
import { UsagePointList, UsagePointSearch } from "../schemas/usage-points";
import { currentContracts, listCustomerPoints, pointView, searchPoints, type MeteringPointRow } from "@/server/metering/points";
import { localDateString } from "@/lib/energy/time";
import { validationError } from "@/server/errors";

export const usagePointsRouter = new OpenAPIHono<AppEnv>();

async function withContracts(siteId: string, tz: string, rows: MeteringPointRow[]) {
  const contracts = await currentContracts(
    siteId,
    rows.map((r) => r.id),
    localDateString(Date.now(), tz),
  );
  return rows.map((r) => ({ ...pointView(r), contract: contracts.get(r.id) ?? null }));
}

usagePointsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/usage-points/me",
    operationId: "listUsagePoints",
    token: "read-consumption",
    tags: ["Usage points"],
    summary: "The active customer's usage (metering) points",
    access: "customer",
    responses: { 200: jsonResponse(UsagePointList) },
  }),
  async (c) => {
    const site = c.get("site");
    const rows = await listCustomerPoints(scopeOf(site, c.get("session")!));
    return c.json({ usagePoints: await withContracts(site.id, site.timezone, rows) }, 200);
  },
);

const NEEDS: Record<"ADDRESS" | "GSRN" | "EIC_OR_METER_NUMBER", string[]> = {
  ADDRESS: ["text", "street", "postalCode", "city"],
  GSRN: ["gsrn", "text"],
  EIC_OR_METER_NUMBER: ["eicCode", "meterNumber", "text"],
};

usagePointsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/usage-points/search",
    operationId: "searchUsagePoints",
    tags: ["Usage points"],
    summary: "Search the active customer's usage points by address, GSRN, or EIC code / meter number",
    access: "customer",
    request: { body: jsonBody(UsagePointSearch) },
    responses: { 200: jsonResponse(UsagePointList) },
  }),
  async (c) => {
    const site = c.get("site");
    const { searchType, searchQuery } = c.req.valid("json");
    const q = searchQuery as Record<string, string>;
    if (!NEEDS[searchType].some((k) => q[k])) {
      throw validationError([{ path: "searchQuery", code: "too_small", message: "energy.errors.search-query-empty" }]);
    }
    if (searchType === "GSRN" && q.text && !/^\d{4,18}$/.test(q.text.replace(/\s/g, ""))) {
      throw validationError([{ path: "searchQuery.text", code: "invalid_format", message: "energy.errors.bad-gsrn" }]);
    }
    const rows = await searchPoints(scopeOf(site, c.get("session")!), searchType, q);
    return c.json({ usagePoints: await withContracts(site.id, site.timezone, rows) }, 200);
  },
);
