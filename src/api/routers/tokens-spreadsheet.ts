import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { Ok } from "../schemas/common";
import { RangeQuery } from "../schemas/energy";
import { SpreadsheetFeedCreated, SpreadsheetFeedParam, SpreadsheetFeedState } from "../schemas/tokens";
import { notFound } from "@/server/errors";
import { requestOrigin } from "@/server/auth/auth";
import { consumptionCsv, createSpreadsheetFeed, revokeSpreadsheetFeed, spotPricesCsv, spreadsheetFeedForToken, spreadsheetFeedState } from "@/server/tokens/spreadsheet";
import { tokenActor } from "./tokens";

export const spreadsheetRouter = new OpenAPIHono<AppEnv>();

spreadsheetRouter.openapi(
  defineRoute({
    method: "get",
    path: "/me/spreadsheet-feed",
    operationId: "getSpreadsheetFeed",
    errors: { 403: "Customer-service staff acting for the customer" },
    tags: ["Spreadsheet feed"],
    summary: "Whether the person has spreadsheet (CSV) addresses for the active customer, since when and when one was last read",
    access: "customer",
    feature: "api-tokens",
    responses: { 200: jsonResponse(SpreadsheetFeedState) },
  }),
  async (c) => c.json(await spreadsheetFeedState(tokenActor(c)), 200),
);

spreadsheetRouter.openapi(
  defineRoute({
    method: "post",
    path: "/me/spreadsheet-feed",
    operationId: "createSpreadsheetFeed",
    errors: { 403: "Customer-service staff acting for the customer" },
    tags: ["Spreadsheet feed"],
    summary: "Makes new private CSV addresses for a spreadsheet's import from URL (shown this once); previous ones stop working",
    description:
      "A spreadsheet's import from a URL cannot send an Authorization header, so the addresses carry a token of their own (`epcsv_…`): read-only, consumption and spot prices only, revocable. A personal API token never goes into a URL.",
    access: "customer",
    feature: "api-tokens",
    responses: { 201: jsonResponse(SpreadsheetFeedCreated, "Created") },
  }),
  async (c) => {
    const { token, state } = await createSpreadsheetFeed(tokenActor(c));
    const base = `${requestOrigin(c.req.raw.headers, c.req.url)}/api/spreadsheet/${token}`;
    return c.json({ urls: { consumption: `${base}/consumption.csv`, spotPrices: `${base}/spot-prices.csv` }, feed: state }, 201);
  },
);

spreadsheetRouter.openapi(
  defineRoute({
    method: "delete",
    path: "/me/spreadsheet-feed",
    operationId: "revokeSpreadsheetFeed",
    errors: { 403: "Customer-service staff acting for the customer", 404: "The person has no spreadsheet feed for the active customer" },
    tags: ["Spreadsheet feed"],
    summary: "Stops the spreadsheet feed: its addresses answer 404 from this moment",
    access: "customer",
    feature: "api-tokens",
    responses: { 200: jsonResponse(Ok) },
  }),
  async (c) => {
    await revokeSpreadsheetFeed(tokenActor(c));
    return c.json({ ok: true }, 200);
  },
);

const csvResponse = (description: string) => ({ 200: { description, content: { "text/csv": { schema: z.string() } } } });
const FEED_404 = { 404: "No live spreadsheet feed of this site has the token (revoked, replaced, or the person no longer acts for the customer), or the site has no dashboard" };

/** The feed of the address's token; 404 for any other (the same answer whatever is wrong). */
async function feedOf(c: Context<AppEnv>, token: string) {
  const site = c.get("site");
  if (!site.features.includes("dashboard")) throw notFound("tokens.errors.spreadsheet-not-found");
  const feed = await spreadsheetFeedForToken(site.id, token);
  if (!feed) throw notFound("tokens.errors.spreadsheet-not-found");
  return feed;
}

const csv = (c: Context<AppEnv>, body: string, name: string) => c.body(body, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": `inline; filename="${name}"` });

spreadsheetRouter.openapi(
  defineRoute({
    method: "get",
    path: "/spreadsheet/{feedToken}/consumption.csv",
    operationId: "getSpreadsheetConsumptionCsv",
    errors: FEED_404,
    tags: ["Spreadsheet feed"],
    summary: "The customer's consumption per bucket as CSV (start, end, kwh), for a spreadsheet's import from URL",
    description:
      "The address is the credential (spreadsheets send no headers). A header row, then one row per bucket: start and end ISO 8601 in the site's time zone with its offset, kWh with a dot as the decimal separator (empty without data). Default: the current month by day; the query is that of getConsumptionStatistics.",
    access: "public",
    feature: "api-tokens",
    request: { params: SpreadsheetFeedParam, query: RangeQuery },
    responses: csvResponse("Consumption as CSV"),
  }),
  async (c) => {
    const feed = await feedOf(c, c.req.valid("param").feedToken);
    return csv(c, await consumptionCsv(c.get("site"), feed.customerId, c.req.valid("query")), "consumption.csv");
  },
);

spreadsheetRouter.openapi(
  defineRoute({
    method: "get",
    path: "/spreadsheet/{feedToken}/spot-prices.csv",
    operationId: "getSpreadsheetSpotPricesCsv",
    errors: FEED_404,
    tags: ["Spreadsheet feed"],
    summary: "Today's and tomorrow's spot prices as CSV, for a spreadsheet's import from URL",
    description:
      "A header row (start, end, eur_per_mwh, cents_per_kwh, cents_per_kwh_with_vat), then one row per price interval; times ISO 8601 in the site's time zone, numbers with a dot as the decimal separator. Tomorrow's rows appear once the day-ahead prices are published.",
    access: "public",
    feature: "api-tokens",
    request: { params: SpreadsheetFeedParam },
    responses: csvResponse("Spot prices as CSV"),
  }),
  async (c) => {
    await feedOf(c, c.req.valid("param").feedToken);
    return csv(c, await spotPricesCsv(c.get("site")), "spot-prices.csv");
  },
);
