import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { AppError, validationError } from "@/server/errors";
import { verifyImportToken } from "@/server/importers/tokens";
import { ImportError } from "@/server/importers/types";
import { importOutages, parseOutagesCsv, type OutageInput } from "@/server/outages/import";
import { ImportResult } from "../schemas/import";
import { MAX_OUTAGE_ROWS, OutagesCsv, OutagesImport } from "../schemas/outages";

export const outagesImportRouter = new OpenAPIHono<AppEnv>();

/** The site's import token, checked before anything of the body is read. */
const requireImportToken = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.req.header("authorization") ?? "";
  const bearer = auth.startsWith("Bearer ") ? auth.slice(7).trim() : "";
  if (!bearer || !(await verifyImportToken(c.get("site").id, bearer))) throw new AppError("unauthenticated", "energy.import.errors.bad-token");
  await next();
});

const text = (v: string | number | undefined) => (v === undefined ? undefined : String(v));

outagesImportRouter.openapi(
  defineRoute({
    method: "post",
    path: "/import/outages",
    operationId: "importOutages",
    errors: { 401: "No import token, or not the site's" },
    tags: ["Import"],
    summary: "Outage reports from a grid operator's system: start, update and end outages (one transaction per request)",
    description:
      "Authorization: Bearer <site import token>. Body: JSON { outages: [...] } or text/csv. Each report is the outage's state now, by the operator's id: a new id starts an outage, the same id updates it, an end time (restoration) closes it and records its duration. Affected usage points are named by GSRN or by postal code. Re-sending the same reports changes nothing. Any bad row rejects the whole request with 422 and the problems by line (CSV) or position (JSON, 1-based).",
    access: "public",
    security: [{ importToken: [] }],
    middleware: [requireImportToken],
    request: {
      body: { required: false, content: { "application/json": { schema: OutagesImport }, "text/csv": { schema: OutagesCsv } } },
    },
    responses: { 200: jsonResponse(ImportResult) },
  }),
  async (c) => {
    const site = c.get("site");
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    let rows: OutageInput[];
    try {
      if (type === "text/csv") {
        rows = parseOutagesCsv(await c.req.text());
      } else {
        const parsed = OutagesImport.safeParse(await c.req.json().catch(() => null));
        if (!parsed.success) {
          throw validationError(parsed.error.issues.slice(0, 50).map((i) => ({ path: i.path.join("."), code: i.code, message: `validation.${i.code}` })));
        }
        rows = parsed.data.outages.map((r, i) => ({
          line: i + 1,
          id: r.id,
          kind: r.kind,
          status: r.status,
          cause: r.cause,
          areaName: r.areaName,
          start: r.start,
          estimatedRestoration: r.estimatedRestoration,
          end: r.end,
          customersAffected: text(r.customersAffected),
          postalCodes: r.postalCodes ?? [],
          gsrns: r.gsrns ?? [],
          latitude: text(r.latitude),
          longitude: text(r.longitude),
          radiusKm: text(r.radiusKm),
        }));
      }
      if (rows.length > MAX_OUTAGE_ROWS) throw validationError([{ path: "outages", code: "too_big", message: "outages.import.errors.too-many-rows" }]);
      return c.json(await importOutages(site.id, rows), 200);
    } catch (err) {
      if (err instanceof ImportError) {
        const where = type === "text/csv" ? "line" : "outages";
        throw new AppError("validation", "outages.import.errors.rejected", {
          fields: err.issues.map((i) => ({ path: `${where}.${i.line}.${i.field}`, code: "invalid_value", message: i.message })),
          issues: err.issues,
        });
      }
      throw err;
    }
  },
);
