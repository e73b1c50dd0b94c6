import { z } from "@hono/zod-openapi";

/** Rows per request: larger deliveries go in several requests (each one transaction). */
export const MAX_IMPORT_ROWS = 200_000;

export const JsonReading = z.object({
  gsrn: z.string(),
  timestamp: z.string().openapi({ description: "Interval start, ISO 8601 with offset" }),
  intervalMinutes: z.union([z.number(), z.string()]),
  value: z.union([z.number(), z.string()]),
  unit: z.string().openapi({ description: "kWh or Wh" }),
  quality: z.string().optional().openapi({ description: "measured (default), estimated or revised" }),
  series: z.string().optional().openapi({ description: "consumption (default) or production" }),
});
export const ReadingsImport = z.object({ readings: z.array(JsonReading).min(1).max(MAX_IMPORT_ROWS) }).openapi("ReadingsImport");
export const ImportResult = z.object({ rows: z.number().int(), inserted: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }).openapi("ImportResult");
export type ReadingsImport = z.infer<typeof ReadingsImport>;
export type ImportResult = z.infer<typeof ImportResult>;

export const ReadingsCsv = z.string().openapi({ description: "Columns gsrn, timestamp, interval_minutes, value, unit[, quality, series]" });
