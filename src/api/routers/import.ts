import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { AppError, validationError } from "@/server/errors";
import { verifyImportToken } from "@/server/importers/tokens";
import { importReadings, parseReadingsCsv, type ReadingInput } from "@/server/importers/readings";
import { ImportError } from "@/server/importers/types";
import { ImportResult, MAX_IMPORT_ROWS, ReadingsCsv, ReadingsImport } from "../schemas/import";

export const importRouter = new OpenAPIHono<AppEnv>();

/** The site's import token, checked before anything of the body is read. */
const requireImportToken = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.req.header("authorization") ?? "";
  const bearer = auth.startsWith("Bearer ") ? auth.slice(7).trim() : "";
  if (!bearer || !(await verifyImportToken(c.get("site").id, bearer))) throw new AppError("unauthenticated", "energy.import.errors.bad-token");
  await next();
});

importRouter.openapi(
  defineRoute({
    method: "post",
    path: "/import/readings",
    operationId: "importReadings",
    errors: { 401: "No import token, or not the site's" },
    tags: ["Import"],
    summary: "Bulk meter readings from a supplier's or grid operator's system (one transaction per request)",
    description:
      "Authorization: Bearer <site import token>. Body: JSON { readings: [...] } or text/csv with the columns gsrn, timestamp, interval_minutes, value, unit[, quality, series]. Re-sending the same readings changes nothing. Any bad row rejects the whole request with 422 and the problems by line (CSV) or row position (JSON, 1-based).",
    access: "public",
    security: [{ importToken: [] }],
    middleware: [requireImportToken],
    request: {
      body: {
        // Validated in the handler, after the token, since the body is JSON or CSV.
        required: false,
        content: { "application/json": { schema: ReadingsImport }, "text/csv": { schema: ReadingsCsv } },
      },
    },
    responses: { 200: jsonResponse(ImportResult) },
  }),
  async (c) => {
    const site = c.get("site");
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    let rows: ReadingInput[];
    try {
      if (type === "text/csv") {
        rows = parseReadingsCsv(await c.req.text());
      } else {
        const parsed = ReadingsImport.safeParse(await c.req.json().catch(() => null));
        if (!parsed.success) {
          throw validationError(parsed.error.issues.slice(0, 50).map((i) => ({ path: i.path.join("."), code: i.code, message: `validation.${i.code}` })));
        }
        rows = parsed.data.readings.map((r, i) => ({
          line: i + 1,
          gsrn: r.gsrn,
          timestamp: r.timestamp,
          intervalMinutes: String(r.intervalMinutes),
          value: String(r.value),
          unit: r.unit,
          quality: r.quality,
          series: r.series,
        }));
      }
      if (rows.length > MAX_IMPORT_ROWS) throw validationError([{ path: "readings", code: "too_big", message: "energy.import.errors.too-many-rows" }]);
      return c.json(await importReadings(site.id, rows), 200);
    } catch (err) {
      if (err instanceof ImportError) {
        const where = type === "text/csv" ? "line" : "readings";
        throw new AppError("validation", "energy.import.errors.rejected", {
          fields: err.issues.map((i) => ({ path: `${where}.${i.line}.${i.field}`, code: "invalid_value", message: i.message })),
          issues: err.issues,
        });
      }
      throw err;
    }
  },
);

importRouter.openAPIRegistry.registerComponent("securitySchemes", "importToken", {
  type: "http",
  scheme: "bearer",
  description: "A per-site import token (created with `npm run import -- token --site <id>`)",
});
